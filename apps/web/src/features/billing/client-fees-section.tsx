import {
  type ClientServiceFee,
  DEFAULT_GST_RATE_BP,
  FEE_BASES,
  FEE_BASIS_LABELS,
  type FeesSave,
  feesSaveSchema,
} from '@portal/contract/billing';
import { formatRupeesForInput, parseRupees } from '@portal/contract/billing-money';
import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { BusyButton } from '../../components/busy-button';
import { FailureAlert } from '../../components/failure-alert';
import { bindFormFields } from '../../components/form-fields';
import { OptionsSelect } from '../../components/options-select';
import { SectionCard } from '../../components/section-card';
import { type SelectOption, toLabelledOptions } from '../../components/select-options';
import { useContractForm } from '../../components/use-contract-form';
import { useClientFees, useSaveClientFees } from './billing-api';
import { GST_RATE_OPTIONS } from './billing-options';

/** The form's row of one service: the amount as typed in rupees (empty: no fee), its basis and rate. */
type FeeRow = { service_id: number; amount_paise: string; basis: string; gst_rate_bp: string };
type FeeValues = { fees: FeeRow[] };

const BASIS_OPTIONS = toLabelledOptions(FEE_BASES, FEE_BASIS_LABELS);

const toRows = (services: ClientServiceFee[]): FeeValues => ({
  fees: services.map((service) => ({
    service_id: service.service_id,
    amount_paise: service.fee ? formatRupeesForInput(service.fee.amount_paise) : '',
    basis: service.fee?.basis ?? 'per_item',
    gst_rate_bp: String(service.fee?.gst_rate_bp ?? DEFAULT_GST_RATE_BP),
  })),
});

/** Rupees as typed become paise; text that is no amount goes as it is, for the schema to refuse. */
const toBody = (values: FeeValues) => ({
  fees: values.fees.map((row) => ({
    service_id: row.service_id,
    amount_paise: row.amount_paise.trim() === '' ? null : (parseRupees(row.amount_paise) ?? row.amount_paise),
    basis: row.basis,
    gst_rate_bp: Number(row.gst_rate_bp),
  })),
});

/** What the firm charges for each of a client's services (issue 23), on the client's page for its MPC. */
export function ClientFeesSection({ clientId }: { clientId: number }) {
  const fees = useClientFees(clientId);
  const save = useSaveClientFees(clientId);
  const form = useContractForm<FeeValues, FeesSave>({
    schema: feesSaveSchema,
    defaultValues: { fees: [] },
    toBody,
  });
  const { register, reset, feedback, errors } = form;
  useEffect(() => {
    if (fees.data) reset(toRows(fees.data));
  }, [fees.data, reset]);
  const onSubmit = form.submit((body) => save.mutateAsync(body));

  return (
    <SectionCard id="client-fees-title" title="Fees">
      <Card.Body>
        <FailureAlert of={fees} />
        {feedback.alerts}
        {fees.data?.length === 0 && <p className="mb-0">The client takes no service yet.</p>}
        {(fees.data?.length ?? 0) > 0 && (
          <Form noValidate onSubmit={onSubmit} aria-label="Fees">
            {fees.data?.map((service, index) => {
              const field = bindFormFields(errors, `fee-${service.service_id}`);
              const name = (column: keyof FeeRow) => `fees.${index}.${column}` as const;
              // The two choices of a fee: how it is charged and its GST rate.
              const select = (column: 'basis' | 'gst_rate_bp', label: string, options: SelectOption[], id: string) =>
                field(name(column), label, <OptionsSelect {...register(name(column))} options={options} />, {
                  id: `fee-${service.service_id}-${id}`,
                });
              return (
                <fieldset key={service.service_id} className="border-bottom pb-2 mb-3">
                  <legend className="h6 text-break">
                    {service.service_name}
                    {service.sac_code && <span className="text-body-secondary small"> · SAC {service.sac_code}</span>}
                  </legend>
                  <Row className="g-2">
                    <Col sm={4}>
                      {field(
                        name('amount_paise'),
                        'Amount (₹)',
                        <Form.Control inputMode="decimal" {...register(name('amount_paise'))} />,
                        {
                          id: `fee-${service.service_id}-amount`,
                          hint: 'Empty: no fee',
                        },
                      )}
                    </Col>
                    <Col sm={5}>{select('basis', 'Charged', BASIS_OPTIONS, 'basis')}</Col>
                    <Col sm={3}>{select('gst_rate_bp', 'GST', GST_RATE_OPTIONS, 'rate')}</Col>
                  </Row>
                </fieldset>
              );
            })}
            <BusyButton type="submit" busy={form.isSubmitting} busyLabel="Saving">
              Save fees
            </BusyButton>
          </Form>
        )}
      </Card.Body>
    </SectionCard>
  );
}
