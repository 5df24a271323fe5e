import { SEX_OPTIONS } from '@portal/contract/client-templates';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { SelectOptions } from '../../components/select-options';
import { PartnersTable } from '../../components/sub-form-tables';
import { messageAt, SUB_FORM_PLACEHOLDERS, type SubFormParts, subFieldName } from './sub-form-field';

/** One row per partner, as many as the number of partners says. */
export function SubFormPartners({ count, register, errors }: SubFormParts & { count: number }) {
  return (
    <Col md={12} className="table-responsive">
      <PartnersTable
        bordered
        size="sm"
        className="align-middle mb-0 partner-table"
        count={count}
        cellOf={(entry, index) => {
          const path = ['partners', index, entry.key];
          const error = messageAt(errors, path);
          const label = `Partner ${index + 1} ${entry.label}`;
          const cellId = `sub-partners-${index}-${entry.key}`;
          return (
            <>
              {entry.kind === 'sex' ? (
                <Form.Select
                  id={cellId}
                  aria-label={label}
                  {...invalidAttributes(cellId, error)}
                  {...register(subFieldName(path))}
                >
                  <option value="">Select</option>
                  <SelectOptions options={SEX_OPTIONS} />
                </Form.Select>
              ) : (
                <Form.Control
                  id={cellId}
                  aria-label={label}
                  placeholder={SUB_FORM_PLACEHOLDERS[entry.kind]}
                  {...invalidAttributes(cellId, error)}
                  {...register(subFieldName(path))}
                />
              )}
              <FieldError controlId={cellId} error={error} />
            </>
          );
        }}
      />
    </Col>
  );
}
