import type { InvoiceDraft } from '@portal/contract/invoices';
import { MAX_LINES } from '@portal/contract/invoices';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { bindFormFields } from '../../components/form-fields';
import { OptionsSelect } from '../../components/options-select';
import { GST_RATE_OPTIONS, SAC_OPTIONS } from './billing-options';
import { emptyLine, type InvoiceValues } from './invoice-form-values';

type LinesProps = {
  control: Control<InvoiceValues, unknown, InvoiceDraft>;
  register: UseFormRegister<InvoiceValues>;
  errors: FieldErrors<InvoiceValues>;
};

/** The invoice's lines, one card each (they stack on a phone): what, SAC, quantity × rate less discount, GST. */
export function InvoiceLinesFields({ control, register, errors }: LinesProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const field = bindFormFields(errors, 'invoice');
  return (
    <fieldset className="mb-3">
      <legend className="h6">Lines</legend>
      {fields.map((line, index) => {
        const name = (key: string) => `lines.${index}.${key}` as const;
        const text = (key: 'description' | 'quantity' | 'rate' | 'discount', extra: object = {}) => (
          <Form.Control {...extra} {...register(name(key) as `lines.${number}.description`)} />
        );
        const money = { inputMode: 'decimal' as const, placeholder: '0.00' };
        return (
          <section key={line.id} aria-label={`Line ${index + 1}`} className="border rounded p-3 mb-3">
            <Row className="g-3">
              <Col md={8}>{field(name('description'), 'Description', text('description'))}</Col>
              <Col md={4}>
                {field(name('sac'), 'SAC', <OptionsSelect {...register(`lines.${index}.sac`)} options={SAC_OPTIONS} />)}
              </Col>
              <Col xs={6} md={2}>
                {field(name('quantity'), 'Quantity', text('quantity', { inputMode: 'numeric' as const }))}
              </Col>
              <Col xs={6} md={3}>
                {field(name('rate_paise'), 'Rate (₹)', text('rate', money), { id: `invoice-lines-${index}-rate` })}
              </Col>
              <Col xs={6} md={3}>
                {field(name('discount_paise'), 'Discount (₹)', text('discount', money), {
                  id: `invoice-lines-${index}-discount`,
                })}
              </Col>
              <Col xs={6} md={2}>
                {field(
                  name('gst_rate_bp'),
                  'GST',
                  <OptionsSelect {...register(`lines.${index}.gst_rate_bp`)} options={GST_RATE_OPTIONS} />,
                )}
              </Col>
              <Col md={2} className="d-flex align-items-end">
                {fields.length > 1 && (
                  <Button variant="outline-danger" size="sm" onClick={() => remove(index)}>
                    Remove line {index + 1}
                  </Button>
                )}
              </Col>
            </Row>
            {line.work_item_ids.length > 0 && (
              <p className="small text-muted mt-2 mb-0">
                Bills {line.work_item_ids.length === 1 ? 'one work item' : `${line.work_item_ids.length} work items`}.
              </p>
            )}
          </section>
        );
      })}
      {fields.length < MAX_LINES && (
        <Button variant="outline-primary" size="sm" onClick={() => append(emptyLine(fields.at(-1)?.sac))}>
          Add a line
        </Button>
      )}
    </fieldset>
  );
}
