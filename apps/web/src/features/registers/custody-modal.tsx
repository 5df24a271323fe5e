import { DATE_PLACEHOLDER, formatIndianDate, parseIndianDate } from '@portal/contract/plain-dates';
import {
  type CustodyMove,
  type CustodyMoveInput,
  custodyMoveSchema,
  type DscCertificate,
} from '@portal/contract/registers';
import Form from 'react-bootstrap/Form';
import { ContractFormModal } from '../../components/contract-form-modal';
import { LabelledField } from '../../components/labelled-field';
import { useContractForm } from '../../components/use-contract-form';
import { useMoveCustody } from './registers-api';

type Values = { on_date: string; person: string; note: string };

/**
 * Records the token coming in to the firm (when the client keeps it) or going out to its holder (when
 * the firm does): the date, who handed it over or took it, a note. Opens on today's date.
 */
export function CustodyModal({
  dsc,
  today,
  onClose,
}: {
  dsc: DscCertificate | null;
  today: string;
  onClose: () => void;
}) {
  const move = useMoveCustody();
  const direction = dsc?.custody === 'firm' ? 'out' : 'in';
  const start = { on_date: formatIndianDate(today), person: '', note: '' };
  const form = useContractForm<Values, CustodyMove>({
    schema: custodyMoveSchema,
    defaultValues: start,
    toBody: (values): CustodyMoveInput => ({
      direction,
      on_date: parseIndianDate(values.on_date) ?? values.on_date,
      person: values.person,
      note: values.note || null,
    }),
    dateFields: ['on_date'],
  });
  const { register, errors } = form;
  const title = direction === 'in' ? 'Take into custody' : 'Hand back to the client';
  return (
    <ContractFormModal
      form={form}
      resetTo={start}
      show={dsc !== null}
      onClose={onClose}
      titleId="custody-title"
      title={`${title}: ${dsc?.holder_name ?? ''}`}
      send={(body) => move.mutateAsync({ id: dsc?.id ?? 0, body })}
      submitLabel="Record"
    >
      <LabelledField className="mb-3" controlId="custody-on-date" label="Date" error={errors.on_date?.message}>
        <Form.Control inputMode="numeric" placeholder={DATE_PLACEHOLDER} {...register('on_date')} />
      </LabelledField>
      <LabelledField
        className="mb-3"
        controlId="custody-person"
        label={direction === 'in' ? 'Received from' : 'Handed to'}
        error={errors.person?.message}
      >
        <Form.Control maxLength={100} {...register('person')} />
      </LabelledField>
      <LabelledField className="mb-3" controlId="custody-note" label="Note" error={errors.note?.message}>
        <Form.Control maxLength={200} {...register('note')} />
      </LabelledField>
    </ContractFormModal>
  );
}
