import type { ComplianceRule } from '@portal/contract/compliance';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { ACTION_COLUMN, DataTable } from '../../components/data-table';
import { FailureAlert } from '../../components/failure-alert';
import { MessageAlert } from '../../components/message-alert';
import { SelectOptions } from '../../components/select-options';
import { useSuccessNotice } from '../../components/success-notice';
import { readApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { useComplianceRules, useSaveRule, useServiceOptions } from './compliance-api';
import { RuleEditModal } from './rule-edit-modal';
import { describeDue, FREQUENCY_LABELS } from './rule-texts';

/**
 * The admin's statutory calendar: each rule tied to the catalogue service whose clients it plans work
 * for, on or off, its day and its extensions (docs/compliance-calendar.md).
 */
export function ComplianceRulesPage() {
  useDocumentTitle('Compliance calendar');
  const rules = useComplianceRules();
  const services = useServiceOptions();
  const save = useSaveRule();
  const [editing, setEditing] = useState<ComplianceRule | null>(null);
  const { alert: noticeAlert, show: setNotice } = useSuccessNotice();
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (rule: ComplianceRule, body: { service_id?: number | null; enabled?: boolean }) => {
    setFailure(null);
    try {
      setNotice((await save.mutateAsync({ kind: 'update', id: rule.id, body })).message);
    } catch (error) {
      const problem = readApiError(error);
      setFailure(Object.values(problem.errors).flat().join(' ') || problem.message);
    }
  };

  return (
    <section>
      <h1 className="h3 mb-3">Compliance calendar</h1>
      <p className="text-muted small">
        Tie each rule to the service whose clients file it: the portal then plans one work item per client and period,
        about three months ahead.
      </p>
      {noticeAlert}
      <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
      <FailureAlert of={rules} />
      <Card>
        <Card.Body>
          <DataTable
            ariaLabel="Compliance rules"
            layout="rows"
            className="small"
            loading={rules.isPending}
            loadingLabel="Loading the calendar"
            rows={rules.data}
            columns={[
              {
                header: 'Form',
                cell: (rule) => (
                  <>
                    <span className="fw-semibold">{rule.form}</span> · {rule.authority} ·{' '}
                    {FREQUENCY_LABELS[rule.frequency]}
                    <div className="text-muted">{rule.name}</div>
                    {rule.states.length > 0 && (
                      <div className="text-muted">Clients in {rule.states.join(', ')} only</div>
                    )}
                  </>
                ),
              },
              {
                header: 'Due',
                cell: (rule) => (
                  <>
                    {describeDue(rule)}
                    {rule.extensions.length > 0 && (
                      <div className="text-muted">
                        {rule.extensions.length} extension{rule.extensions.length === 1 ? '' : 's'}
                      </div>
                    )}
                  </>
                ),
              },
              {
                header: 'Service',
                cell: (rule) => (
                  <Form.Select
                    size="sm"
                    aria-label={`Service of ${rule.form} (${rule.code})`}
                    value={rule.service_id ?? ''}
                    onChange={(event) =>
                      change(rule, { service_id: event.target.value ? Number(event.target.value) : null })
                    }
                  >
                    <option value="">No service</option>
                    <SelectOptions options={services.data ?? []} />
                  </Form.Select>
                ),
              },
              {
                header: 'On',
                cell: (rule) => (
                  <Form.Check
                    type="switch"
                    aria-label={`${rule.form} (${rule.code}) plans work`}
                    checked={rule.enabled}
                    onChange={(event) => change(rule, { enabled: event.target.checked })}
                  />
                ),
              },
              {
                ...ACTION_COLUMN,
                cellClassName: 'text-end entry-actions',
                cell: (rule) => (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    aria-label={`Edit ${rule.form} (${rule.code})`}
                    onClick={() => setEditing(rule)}
                  >
                    Edit
                  </Button>
                ),
              },
            ]}
          />
        </Card.Body>
      </Card>
      <RuleEditModal
        rule={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setNotice(message);
          setEditing(null);
        }}
      />
    </section>
  );
}
