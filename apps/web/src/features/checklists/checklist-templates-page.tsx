import {
  CHECKLIST_MAX_STEPS,
  type ChecklistTemplate,
  type ChecklistTemplateInput,
  checklistTemplateSchema,
} from '@portal/contract/checklists';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FailureAlert } from '../../components/failure-alert';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { MessageAlert } from '../../components/message-alert';
import { OptionsSelect } from '../../components/options-select';
import { TitledCard } from '../../components/titled-card';
import { useContractForm } from '../../components/use-contract-form';
import { NOTICE_AUTO_CLOSE_MS } from '../../config/product';
import { useDocumentTitle } from '../../lib/document-title';
import { serviceOptionsQuery } from '../../lib/queries/service-options';
import { useResetServiceChecklist, useSaveServiceChecklist, useServiceChecklist } from './checklists-api';

type TemplateValues = { steps: string };

/** One step a line, blank lines dropped: the request's ordered list. */
const toSteps = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The first message of the steps, whichever step it is about. */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  return Object.values(error).map(messageOf).find(Boolean);
}

type TemplateFormProps = { serviceId: number; template: ChecklistTemplate; ofFirm: boolean };

function TemplateForm({ serviceId, template, ofFirm }: TemplateFormProps) {
  const save = useSaveServiceChecklist(serviceId);
  const reset = useResetServiceChecklist(serviceId);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useContractForm<TemplateValues, ChecklistTemplateInput>({
    schema: checklistTemplateSchema,
    defaultValues: { steps: template.steps.join('\n') },
    toBody: (values) => ({ steps: toSteps(values.steps) }),
    listFieldErrors: false,
    successAutoCloseMs: NOTICE_AUTO_CLOSE_MS,
    // Every refusal is about the steps: shown under the one field.
    routeFieldError: (_field, message) => {
      form.setError('steps', { message });
      return true;
    },
  });
  const { register, feedback, errors } = form;
  const error = messageOf(errors.steps);
  const firm = template.permissions.manage && template.source === 'firm';
  return (
    <Form noValidate onSubmit={form.submit((body) => save.mutateAsync(body))}>
      {feedback.alerts}
      <MessageAlert variant="success" messages={notice} onClose={() => setNotice(null)} />
      <FailureAlert of={reset} />
      {ofFirm && (
        <p>
          {template.source === 'firm'
            ? "Your firm's own checklist for this service (it replaces the platform's)."
            : "The platform's checklist for this service."}
        </p>
      )}
      <Form.Group className="mb-3" controlId="checklist-steps">
        <Form.Label>Steps, one a line (at most {CHECKLIST_MAX_STEPS})</Form.Label>
        <Form.Control
          as="textarea"
          rows={8}
          readOnly={!template.permissions.manage}
          {...invalidAttributes('checklist-steps', error)}
          {...register('steps')}
        />
        <FieldError controlId="checklist-steps" error={error} />
      </Form.Group>
      {template.permissions.manage && (
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            Save checklist
          </Button>
          {firm && (
            <Button
              variant="outline-secondary"
              disabled={reset.isPending}
              onClick={async () => {
                const answer = await reset.mutateAsync();
                form.reset({ steps: answer.data.steps.join('\n') });
                setNotice(answer.message);
              }}
            >
              Use the platform's checklist
            </Button>
          )}
        </div>
      )}
    </Form>
  );
}

/**
 * Checklists per service: the admin writes the platform's (every firm's default), an MPC its firm's
 * own or goes back to the platform's. New work items copy the one in force.
 */
export function ChecklistTemplatesPage({ area }: { area: 'admin' | 'mpc' }) {
  useDocumentTitle('Checklists');
  const services = useQuery(serviceOptionsQuery());
  const [serviceId, setServiceId] = useState<number | null>(null);
  const template = useServiceChecklist(serviceId);
  const selectId = useId();
  useEffect(() => {
    if (serviceId === null && services.data?.[0]) setServiceId(services.data[0].value);
  }, [serviceId, services.data]);
  return (
    <section>
      <TitledCard title="Checklists">
        <p>Each new work item of a service gets its checklist; items made before a change keep theirs.</p>
        <Form.Group className="mb-3" controlId={selectId}>
          <Form.Label>Service</Form.Label>
          <OptionsSelect
            value={serviceId ?? ''}
            onChange={(event) => setServiceId(Number(event.currentTarget.value))}
            options={services.data ?? []}
          />
        </Form.Group>
        <FailureAlert of={template} />
        {serviceId !== null && template.data && (
          <TemplateForm key={serviceId} serviceId={serviceId} template={template.data} ofFirm={area === 'mpc'} />
        )}
      </TitledCard>
    </section>
  );
}
