import {
  type ComplianceRule,
  type RuleExtensionInput,
  type RuleUpdateInput,
  ruleExtensionSchema,
  ruleUpdateSchema,
} from '@portal/contract/compliance';
import { financialYearOf, periodsOfFinancialYear } from '@portal/contract/compliance-periods';
import { INDIAN_STATES } from '@portal/contract/indian-states';
import { DATE_PLACEHOLDER, formatIndianDate, indianDateOf, parseIndianDate } from '@portal/contract/plain-dates';
import { type ReactNode, useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { FieldValues, UseFormRegister } from 'react-hook-form';
import { DataTable } from '../../components/data-table';
import { DialogHeader } from '../../components/dialog-header';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { useContractForm } from '../../components/use-contract-form';
import { useSaveRule } from './compliance-api';

type RuleEditModalProps = { rule: ComplianceRule | null; onClose: () => void; onSaved: (message: string) => void };

type RuleValues = { name: string; due_day: string; months_after: string; days_after_event: string };
type ExtensionValues = { period: string; due_date: string; note: string; states: string[] };
const NO_EXTENSION: ExtensionValues = { period: '', due_date: '', note: '', states: [] };

const ruleValuesOf = (rule: ComplianceRule | null): RuleValues => ({
  name: rule?.name ?? '',
  due_day: rule ? String(rule.due_day) : '',
  months_after: rule ? String(rule.months_after) : '',
  days_after_event: rule?.days_after_event == null ? '' : String(rule.days_after_event),
});

/** The admin's edit of one rule: its name and day, and a government extension for one period. */
export function RuleEditModal({ rule, onClose, onSaved }: RuleEditModalProps) {
  const save = useSaveRule();
  const ruleForm = useContractForm<RuleValues, RuleUpdateInput>({
    schema: ruleUpdateSchema,
    defaultValues: ruleValuesOf(rule),
    // Numbers typed as text; the days after an event only for a rule counted from one.
    toBody: (values) => ({
      name: values.name,
      due_day: Number(values.due_day),
      months_after: Number(values.months_after),
      ...(rule?.days_after_event != null ? { days_after_event: Number(values.days_after_event) } : {}),
    }),
    listFieldErrors: false,
    showSuccess: false,
  });
  const extensionForm = useContractForm<ExtensionValues, RuleExtensionInput>({
    schema: ruleExtensionSchema,
    defaultValues: NO_EXTENSION,
    toBody: (values) => ({
      period: values.period,
      due_date: parseIndianDate(values.due_date) ?? values.due_date,
      ...(values.note ? { note: values.note } : {}),
      ...(values.states.length > 0 ? { states: values.states } : {}),
    }),
    dateFields: ['due_date'],
    listFieldErrors: false,
    showSuccess: false,
  });
  const { reset: resetRule, feedback: ruleFeedback } = ruleForm;
  const { reset: resetExtension, feedback: extensionFeedback } = extensionForm;
  useEffect(() => {
    if (!rule) return;
    resetRule(ruleValuesOf(rule));
    resetExtension(NO_EXTENSION);
    ruleFeedback.clear();
    extensionFeedback.clear();
  }, [rule, resetRule, resetExtension, ruleFeedback.clear, extensionFeedback.clear]);
  if (!rule) return null;
  const fy = financialYearOf(indianDateOf(new Date()));
  const periods = [fy - 1, fy, fy + 1].flatMap((year) => periodsOfFinancialYear(rule.frequency, year));
  const done = (result: { message: string }) => onSaved(result.message);
  const saveRule = ruleForm.submit((body) => save.mutateAsync({ kind: 'update', id: rule.id, body }), done);
  const saveExtension = extensionForm.submit(
    (body) => save.mutateAsync({ kind: 'extension', id: rule.id, body }),
    done,
  );
  const ruleError = (name: keyof RuleValues) => ruleForm.errors[name]?.message;
  const extensionError = (name: keyof ExtensionValues) => extensionForm.errors[name]?.message;
  const field = (id: string, label: string, error: string | undefined, control: ReactNode) => (
    <Form.Group controlId={id} className="mb-2">
      <Form.Label>{label}</Form.Label>
      {control}
      <FieldError controlId={id} error={error} />
    </Form.Group>
  );
  const input = <T extends FieldValues>(
    id: string,
    register: UseFormRegister<T>,
    name: Parameters<UseFormRegister<T>>[0],
    error: string | undefined,
    extra: object = {},
  ) => <Form.Control {...invalidAttributes(id, error)} {...extra} {...register(name)} />;

  return (
    <Modal show onHide={onClose} aria-labelledby="rule-modal-title" size="lg">
      <DialogHeader titleId="rule-modal-title">
        {rule.form}: {rule.code}
      </DialogHeader>
      <Modal.Body>
        {ruleFeedback.alerts}
        {extensionFeedback.alerts}
        <p className="small text-muted">Source: {rule.source}</p>
        <Form noValidate onSubmit={saveRule} aria-label="The rule">
          {field(
            'rule-name',
            'Name',
            ruleError('name'),
            input('rule-name', ruleForm.register, 'name', ruleError('name')),
          )}
          {field(
            'rule-day',
            'Due day of the month',
            ruleError('due_day'),
            input('rule-day', ruleForm.register, 'due_day', ruleError('due_day'), { inputMode: 'numeric' }),
          )}
          {field(
            'rule-months',
            'Months after the period',
            ruleError('months_after'),
            input('rule-months', ruleForm.register, 'months_after', ruleError('months_after'), {
              inputMode: 'numeric',
            }),
          )}
          {rule.days_after_event !== null &&
            field(
              'rule-days',
              `Days after the ${rule.event_name ?? 'event'}`,
              ruleError('days_after_event'),
              input('rule-days', ruleForm.register, 'days_after_event', ruleError('days_after_event'), {
                inputMode: 'numeric',
              }),
            )}
          <Button type="submit" disabled={save.isPending} className="mb-3">
            Save rule
          </Button>
        </Form>
        <h3 className="h6">Extensions</h3>
        {rule.extensions.length > 0 && (
          <DataTable
            compact
            className="small"
            rows={rule.extensions}
            rowKey={(entry) => `${entry.period} ${entry.states.join()}`}
            columns={[
              { header: 'Period', cell: (entry) => entry.period_label },
              { header: 'Due', cell: (entry) => formatIndianDate(entry.due_date) },
              {
                header: 'Where',
                cell: (entry) => (entry.states.length > 0 ? entry.states.join(', ') : 'All of India'),
              },
              { header: 'Note', cell: (entry) => entry.note },
            ]}
          />
        )}
        <Form noValidate onSubmit={saveExtension} aria-label="Record an extension">
          {field(
            'extension-period',
            'Period',
            extensionError('period'),
            <Form.Select
              {...invalidAttributes('extension-period', extensionError('period'))}
              {...extensionForm.register('period')}
            >
              <option value="">Select period</option>
              {periods.map((period) => (
                <option key={period.key} value={period.key}>
                  {period.key}
                </option>
              ))}
            </Form.Select>,
          )}
          {field(
            'extension-date',
            'New due date',
            extensionError('due_date'),
            input('extension-date', extensionForm.register, 'due_date', extensionError('due_date'), {
              inputMode: 'numeric',
              placeholder: DATE_PLACEHOLDER,
            }),
          )}
          {field(
            'extension-states',
            'Only in these states (none chosen: all of India)',
            extensionError('states'),
            <Form.Select
              multiple
              htmlSize={5}
              {...invalidAttributes('extension-states', extensionError('states'))}
              {...extensionForm.register('states')}
            >
              {INDIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </Form.Select>,
          )}
          {field(
            'extension-note',
            'Notification (optional)',
            extensionError('note'),
            input('extension-note', extensionForm.register, 'note', extensionError('note'), { maxLength: 200 }),
          )}
          <Button type="submit" variant="outline-primary" disabled={save.isPending}>
            Record extension
          </Button>
        </Form>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
