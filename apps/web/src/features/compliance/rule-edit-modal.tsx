import { type ComplianceRule, ruleExtensionSchema, ruleUpdateSchema } from '@portal/contract/compliance';
import { financialYearOf, periodsOfFinancialYear } from '@portal/contract/compliance-periods';
import { DATE_MESSAGES, DATE_PLACEHOLDER, formatIndianDate, parseIndianDate } from '@portal/contract/dates';
import { indianDateOf } from '@portal/contract/plain-dates';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { useSaveRule } from './compliance-api';

type RuleEditModalProps = { rule: ComplianceRule | null; onClose: () => void; onSaved: (message: string) => void };

const issuesOf = (issues: { path: PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((issue) => [String(issue.path[0] ?? '_'), issue.message]));

/** The admin's edit of one rule: its name and day, and a government extension for one period. */
export function RuleEditModal({ rule, onClose, onSaved }: RuleEditModalProps) {
  const save = useSaveRule();
  const [values, setValues] = useState({ name: '', day: '', months: '', days: '' });
  const [extension, setExtension] = useState({ period: '', date: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!rule) return;
    setValues({
      name: rule.name,
      day: String(rule.due_day),
      months: String(rule.months_after),
      days: rule.days_after_event === null ? '' : String(rule.days_after_event),
    });
    setExtension({ period: '', date: '', note: '' });
    setErrors({});
    setFailure(null);
  }, [rule]);
  if (!rule) return null;
  const fy = financialYearOf(indianDateOf(new Date()));
  const periods = [fy - 1, fy, fy + 1].flatMap((year) => periodsOfFinancialYear(rule.frequency, year));

  const run = async (call: Parameters<typeof save.mutateAsync>[0]) => {
    setFailure(null);
    try {
      onSaved((await save.mutateAsync(call)).message);
    } catch (error) {
      const problem = readApiError(error);
      setErrors(Object.fromEntries(Object.entries(problem.errors).map(([field, list]) => [field, list.join(' ')])));
      if (Object.keys(problem.errors).length === 0) setFailure(problem.message);
    }
  };
  const saveRule = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: values.name,
      due_day: Number(values.day),
      months_after: Number(values.months),
      ...(rule.days_after_event !== null ? { days_after_event: Number(values.days) } : {}),
    };
    const checked = ruleUpdateSchema.safeParse(body);
    setErrors(checked.success ? {} : issuesOf(checked.error.issues));
    if (checked.success) await run({ kind: 'update', id: rule.id, body });
  };
  const saveExtension = async (event: FormEvent) => {
    event.preventDefault();
    const due = parseIndianDate(extension.date);
    const body = { period: extension.period, due_date: due ?? '', ...(extension.note ? { note: extension.note } : {}) };
    const checked = ruleExtensionSchema.safeParse(body);
    const found = checked.success ? {} : issuesOf(checked.error.issues);
    if (due === null) found.due_date = DATE_MESSAGES.invalid;
    setErrors(found);
    if (Object.keys(found).length === 0) await run({ kind: 'extension', id: rule.id, body });
  };
  const field = (id: string, label: string, name: string, control: ReactNode) => (
    <Form.Group controlId={id} className="mb-2">
      <Form.Label>{label}</Form.Label>
      {control}
      <FieldError controlId={id} error={errors[name]} />
    </Form.Group>
  );
  const input = (id: string, name: string, value: string, onChange: (text: string) => void, extra: object = {}) => (
    <Form.Control
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...invalidAttributes(id, errors[name])}
      {...extra}
    />
  );

  return (
    <Modal show onHide={onClose} aria-labelledby="rule-modal-title" size="lg">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id="rule-modal-title">
          {rule.form}: {rule.code}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
        <p className="small text-muted">Source: {rule.source}</p>
        <Form noValidate onSubmit={saveRule} aria-label="The rule">
          {field(
            'rule-name',
            'Name',
            'name',
            input('rule-name', 'name', values.name, (name) => setValues({ ...values, name })),
          )}
          {field(
            'rule-day',
            'Due day of the month',
            'due_day',
            input('rule-day', 'due_day', values.day, (day) => setValues({ ...values, day }), { inputMode: 'numeric' }),
          )}
          {field(
            'rule-months',
            'Months after the period',
            'months_after',
            input('rule-months', 'months_after', values.months, (months) => setValues({ ...values, months }), {
              inputMode: 'numeric',
            }),
          )}
          {rule.days_after_event !== null &&
            field(
              'rule-days',
              `Days after the ${rule.event_name ?? 'event'}`,
              'days_after_event',
              input('rule-days', 'days_after_event', values.days, (days) => setValues({ ...values, days }), {
                inputMode: 'numeric',
              }),
            )}
          <Button type="submit" disabled={save.isPending} className="mb-3">
            Save rule
          </Button>
        </Form>
        <h3 className="h6">Extensions</h3>
        {rule.extensions.length > 0 && (
          <Table size="sm" className="small">
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Due</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {rule.extensions.map((entry) => (
                <tr key={entry.period}>
                  <td>{entry.period_label}</td>
                  <td>{formatIndianDate(entry.due_date)}</td>
                  <td>{entry.note}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Form noValidate onSubmit={saveExtension} aria-label="Record an extension">
          {field(
            'extension-period',
            'Period',
            'period',
            <Form.Select
              value={extension.period}
              onChange={(event) => setExtension({ ...extension, period: event.target.value })}
              {...invalidAttributes('extension-period', errors.period)}
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
            'due_date',
            input('extension-date', 'due_date', extension.date, (date) => setExtension({ ...extension, date }), {
              inputMode: 'numeric',
              placeholder: DATE_PLACEHOLDER,
            }),
          )}
          {field(
            'extension-note',
            'Notification (optional)',
            'note',
            input('extension-note', 'note', extension.note, (note) => setExtension({ ...extension, note }), {
              maxLength: 200,
            }),
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
