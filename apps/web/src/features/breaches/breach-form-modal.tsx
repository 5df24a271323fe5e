import {
  BREACH_DATA_KINDS,
  BREACH_DATA_LABELS,
  type BreachDataKind,
  type BreachEntry,
  type BreachSave,
  type BreachSaveInput,
  breachSaveSchema,
} from '@portal/contract/breaches';
import { DATE_PLACEHOLDER } from '@portal/contract/plain-dates';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { ContractFormModal } from '../../components/contract-form-modal';
import { FieldError } from '../../components/field-error';
import { bindFormFields } from '../../components/form-fields';
import { useContractForm } from '../../components/use-contract-form';
import { userOptionsQuery } from '../../lib/queries/user-options';
import { type BreachFormValues, EMPTY_BREACH, toBreachBody } from './breach-form-values';
import { PeopleChecklist } from './people-checklist';

/** The two answers to "People affected", worded for the register's owner (the platform's firms, a firm's clients). */
const AFFECTED_LABELS = {
  admin: { chosen: 'The firms chosen below', everyone: 'Every firm' },
  mpc: { chosen: 'The clients chosen below', everyone: 'Every client of the firm' },
} as const;

type BreachFormModalProps = {
  /** The admin keeps the platform's register (firms affected); an MPC its firm's (clients affected). */
  role: 'admin' | 'mpc';
  show: boolean;
  /** The form's values when it opens: empty for a new entry, the entry's for an edit. */
  initial?: BreachFormValues;
  title: string;
  submitLabel: string;
  send: (body: BreachSaveInput) => Promise<{ message: string; data: BreachEntry }>;
  onClose: () => void;
  onSaved?: (entry: BreachEntry) => void;
};

/** An entry of the breach register: one form (the contract's `breachSaveSchema`), for a new entry and an edit. */
export function BreachFormModal({
  role,
  show,
  initial = EMPTY_BREACH,
  title,
  submitLabel,
  send,
  onClose,
  onSaved,
}: BreachFormModalProps) {
  const form = useContractForm<BreachFormValues, BreachSave>({
    schema: breachSaveSchema,
    defaultValues: initial,
    toBody: toBreachBody,
    dateFields: ['found_on'],
  });
  const { register, errors, watch, setValue } = form;
  const people = useQuery({ ...userOptionsQuery(role === 'admin' ? 'mpc' : 'client'), enabled: show });
  const kindsId = useId();
  const field = bindFormFields(errors, 'breach');
  const kinds = watch('data_kinds');
  const affected = watch('affected');
  const toggleKind = (kind: BreachDataKind, on: boolean) =>
    setValue('data_kinds', on ? [...kinds, kind] : kinds.filter((entry) => entry !== kind), {
      shouldDirty: true,
      shouldValidate: !!errors.data_kinds,
    });
  const text = (name: 'description' | 'consequences' | 'measures' | 'advice', label: string, hint: string) =>
    field(name, label, <Form.Control as="textarea" rows={3} {...register(name)} />, { className: 'mb-3', hint });
  const whom = role === 'admin' ? 'Firms affected' : 'Clients affected';
  return (
    <ContractFormModal
      form={form}
      resetTo={initial}
      show={show}
      onClose={onClose}
      titleId="breach-form-title"
      title={title}
      send={send}
      onSaved={(answer) => onSaved?.(answer.data)}
      submitLabel={submitLabel}
    >
      <Row className="g-2">
        <Col xs={7}>
          {field(
            'found_on',
            'Found on',
            <Form.Control inputMode="numeric" placeholder={DATE_PLACEHOLDER} {...register('found_on')} />,
            { className: 'mb-3' },
          )}
        </Col>
        <Col xs={5}>
          {field(
            'found_time',
            'At (India time)',
            <Form.Control inputMode="numeric" placeholder="hh:mm" {...register('found_time')} />,
            { className: 'mb-3' },
          )}
        </Col>
      </Row>
      {text('description', 'What happened', 'Its nature and extent, when and where it happened.')}
      <fieldset className="mb-3" aria-describedby={errors.data_kinds ? `${kindsId}-error` : undefined}>
        <legend className="form-label fs-6 mb-1">The data affected</legend>
        {BREACH_DATA_KINDS.map((kind) => (
          <Form.Check
            key={kind}
            id={`${kindsId}-${kind}`}
            type="checkbox"
            label={BREACH_DATA_LABELS[kind]}
            isInvalid={!!errors.data_kinds}
            checked={kinds.includes(kind)}
            onChange={(event) => toggleKind(kind, event.target.checked)}
          />
        ))}
        <FieldError controlId={kindsId} error={errors.data_kinds?.message} className="d-block" />
      </fieldset>
      {kinds.includes('other') &&
        field('data_other', 'Other data affected', <Form.Control maxLength={500} {...register('data_other')} />, {
          className: 'mb-3',
        })}
      <fieldset className="mb-2">
        <legend className="form-label fs-6 mb-1">People affected</legend>
        {(['chosen', 'everyone'] as const).map((value) => (
          <Form.Check
            key={value}
            type="radio"
            id={`breach-affected-${value}`}
            value={value}
            label={AFFECTED_LABELS[role][value]}
            {...register('affected')}
          />
        ))}
      </fieldset>
      {affected === 'chosen' && (
        <PeopleChecklist
          legend={whom}
          people={people.data ?? []}
          chosen={watch('affected_ids')}
          onChange={(chosen) =>
            setValue('affected_ids', chosen, { shouldDirty: true, shouldValidate: !!errors.affected_ids })
          }
          error={errors.affected_ids?.message ?? errors.affected_ids?.root?.message}
        />
      )}
      <Form.Check
        className="mb-3"
        type="checkbox"
        id="breach-include_staff"
        label={role === 'admin' ? "The firms' PCs and executors too" : "The firm's PCs and executors too"}
        {...register('include_staff')}
      />
      {text('consequences', 'Likely consequences', 'What may follow for the people affected.')}
      {text('measures', 'Measures taken', 'What was done, and is being done, to limit the harm.')}
      {text('advice', 'What people can do', 'The steps they can take to protect themselves.')}
    </ContractFormModal>
  );
}
