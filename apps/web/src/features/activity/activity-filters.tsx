import { type AuditFilterInput, auditFiltersSchema } from '@portal/contract/audit';
import { type AuditActionInfo, type AuditAudience, listAuditActionsFor } from '@portal/contract/audit-actions';
import { DATE_PLACEHOLDER } from '@portal/contract/plain-dates';
import type { UserOption } from '@portal/contract/users';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { useContractForm } from '../../components/use-contract-form';
import { userOptionName } from '../../lib/queries/user-options';

export type PeopleGroup = { label: string; people: UserOption[] };

type ActivityFiltersProps = {
  filters: AuditFilterInput;
  audience: AuditAudience;
  /** The Person choices, by kind; the caller's own record first. */
  people: PeopleGroup[];
  /** The Client choices (an MPC's clients), or none where the screen has no client filter. */
  clients?: UserOption[];
  onApply: (filters: AuditFilterInput) => void;
};

const EMPTY: Required<AuditFilterInput> = { actor_id: '', client_id: '', action: '', from: '', to: '' };

function groupActions(actions: AuditActionInfo[]): [string, AuditActionInfo[]][] {
  const groups = new Map<string, AuditActionInfo[]>();
  for (const action of actions) groups.set(action.group, [...(groups.get(action.group) ?? []), action]);
  return [...groups];
}

/**
 * The Activity filters, checked by the endpoint's own schema (a date is typed dd/mm/yyyy, the range in
 * order) and applied together on Apply; what is applied stands in the address.
 */
export function ActivityFilters({ filters, audience, people, clients, onApply }: ActivityFiltersProps) {
  const { register, handleSubmit, reset, getValues, errors } = useContractForm<AuditFilterInput, unknown>({
    schema: auditFiltersSchema,
    defaultValues: { ...EMPTY, ...filters },
  });
  // Back, a link or Clear bring their own filters into the form.
  useEffect(() => reset({ ...EMPTY, ...filters }), [filters, reset]);
  const submit = handleSubmit(() => onApply(getValues()));
  const field = (name: keyof AuditFilterInput) => ({
    id: `activity-${name}`,
    ...invalidAttributes(`activity-${name}`, errors[name]?.message),
    ...register(name),
  });

  return (
    <Form noValidate onSubmit={submit} className="mb-3" aria-label="Filter activity" role="search">
      <Row className="g-2 align-items-end">
        <Col xs={12} sm={6} lg={3}>
          <Form.Label htmlFor="activity-actor_id">Person</Form.Label>
          <Form.Select {...field('actor_id')}>
            <option value="">Everyone</option>
            {people.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.people.map((person) => (
                  <option key={person.id} value={String(person.id)}>
                    {userOptionName(person)} ({person.username})
                  </option>
                ))}
              </optgroup>
            ))}
          </Form.Select>
          <FieldError controlId="activity-actor_id" error={errors.actor_id?.message} />
        </Col>
        {clients && (
          <Col xs={12} sm={6} lg={3}>
            <Form.Label htmlFor="activity-client_id">Client</Form.Label>
            <Form.Select {...field('client_id')}>
              <option value="">All clients</option>
              {clients.map((client) => (
                <option key={client.id} value={String(client.id)}>
                  {userOptionName(client)} ({client.username})
                </option>
              ))}
            </Form.Select>
            <FieldError controlId="activity-client_id" error={errors.client_id?.message} />
          </Col>
        )}
        <Col xs={12} sm={6} lg={clients ? 2 : 3}>
          <Form.Label htmlFor="activity-action">Action</Form.Label>
          <Form.Select {...field('action')}>
            <option value="">All actions</option>
            {groupActions(listAuditActionsFor(audience)).map(([group, actions]) => (
              <optgroup key={group} label={group}>
                {actions.map((action) => (
                  <option key={action.action} value={action.action}>
                    {action.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </Form.Select>
          <FieldError controlId="activity-action" error={errors.action?.message} />
        </Col>
        {(['from', 'to'] as const).map((name) => (
          <Col xs={6} lg={2} key={name}>
            <Form.Label htmlFor={`activity-${name}`}>{name === 'from' ? 'From' : 'To'}</Form.Label>
            <Form.Control type="text" inputMode="numeric" placeholder={DATE_PLACEHOLDER} {...field(name)} />
            <FieldError controlId={`activity-${name}`} error={errors[name]?.message} />
          </Col>
        ))}
        <Col xs={12} className="d-flex gap-2">
          <Button type="submit">Apply</Button>
          <Button variant="outline-secondary" onClick={() => onApply({})}>
            Clear
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
