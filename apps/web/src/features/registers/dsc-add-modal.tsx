import { DATE_PLACEHOLDER, parseIndianDate } from '@portal/contract/plain-dates';
import {
  DSC_CLASS_LABELS,
  DSC_CLASSES,
  DSC_CUSTODY,
  DSC_CUSTODY_LABELS,
  type DscSave,
  type DscSaveInput,
  dscSaveSchema,
} from '@portal/contract/registers';
import Form from 'react-bootstrap/Form';
import { ContractFormModal } from '../../components/contract-form-modal';
import { LabelledField } from '../../components/labelled-field';
import { OptionsSelect } from '../../components/options-select';
import { toLabelledOptions } from '../../components/select-options';
import { useContractForm } from '../../components/use-contract-form';
import { useAddCertificate } from './registers-api';

type Values = {
  holder_name: string;
  class: string;
  issued_by: string;
  valid_from: string;
  valid_until: string;
  token_serial: string;
  custody: string;
  notes: string;
};

const EMPTY: Values = {
  holder_name: '',
  class: 'class3',
  issued_by: '',
  valid_from: '',
  valid_until: '',
  token_serial: '',
  custody: 'firm',
  notes: '',
};

/** A typed dd/mm/yyyy date as ISO; left as typed when it is none, for the schema to refuse. */
const typedDate = (text: string) => (text.trim() ? (parseIndianDate(text) ?? text) : null);

function toBody(values: Values): DscSaveInput {
  return {
    ...values,
    class: values.class as DscSaveInput['class'],
    custody: values.custody as DscSaveInput['custody'],
    valid_from: typedDate(values.valid_from),
    valid_until: typedDate(values.valid_until) ?? '',
    token_serial: values.token_serial || null,
    notes: values.notes || null,
  };
}

/** Adds a certificate to a client's register. */
export function DscAddModal({ clientId, show, onClose }: { clientId: number; show: boolean; onClose: () => void }) {
  const add = useAddCertificate(clientId);
  const form = useContractForm<Values, DscSave>({
    schema: dscSaveSchema,
    defaultValues: EMPTY,
    toBody,
    dateFields: ['valid_from', 'valid_until'],
  });
  const { register, errors } = form;
  const text = (name: keyof Values, label: string, extra: object = {}, hint?: string) => (
    <LabelledField className="mb-3" controlId={`dsc-${name}`} label={label} error={errors[name]?.message} hint={hint}>
      <Form.Control {...extra} {...register(name)} />
    </LabelledField>
  );
  const date = { inputMode: 'numeric', placeholder: DATE_PLACEHOLDER };
  return (
    <ContractFormModal
      form={form}
      resetTo={EMPTY}
      show={show}
      onClose={onClose}
      titleId="dsc-add-title"
      title="Add DSC"
      send={(body) => add.mutateAsync(body)}
      submitLabel="Add"
    >
      {text('holder_name', 'Holder name', { maxLength: 100 })}
      <LabelledField className="mb-3" controlId="dsc-class" label="Class" error={errors.class?.message}>
        <OptionsSelect {...register('class')} options={toLabelledOptions(DSC_CLASSES, DSC_CLASS_LABELS)} />
      </LabelledField>
      {text('issued_by', 'Issued by (certifying authority)', { maxLength: 100 })}
      {text('valid_from', 'Valid from', date)}
      {text('valid_until', 'Valid until', date)}
      {text('token_serial', 'Token serial', { maxLength: 50, autoComplete: 'off' })}
      <LabelledField className="mb-3" controlId="dsc-custody" label="Kept by" error={errors.custody?.message}>
        <OptionsSelect {...register('custody')} options={toLabelledOptions(DSC_CUSTODY, DSC_CUSTODY_LABELS)} />
      </LabelledField>
      {text('notes', 'Notes', { as: 'textarea', rows: 2, maxLength: 500 })}
    </ContractFormModal>
  );
}
