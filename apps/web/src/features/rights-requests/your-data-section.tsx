import {
  ASKABLE_RIGHTS_KINDS,
  GRIEVANCE_RESPONSE_DAYS,
  RIGHTS_DETAILS_MAX,
  RIGHTS_KIND_LABELS,
  type RightsAsk,
  type RightsRequestSummary,
  rightsAskSchema,
} from '@portal/contract/rights-requests';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { BusyButton } from '../../components/busy-button';
import { FailureAlert } from '../../components/failure-alert';
import { bindFormFields } from '../../components/form-fields';
import { OptionsSelect } from '../../components/options-select';
import { PagedTable } from '../../components/paged-table';
import { SectionCard } from '../../components/section-card';
import { toLabelledOptions } from '../../components/select-options';
import { useContractForm } from '../../components/use-contract-form';
import { followDownload } from '../../lib/download-links';
import { formatDate, formatDateTime } from '../../lib/format';
import { useAskRights, useDownloadLink, useOwnRights } from './rights-api';
import { RightsContactLine, RightsDue, RightsStatusBadge } from './rights-badges';

type AskValues = { kind: string; details: string };

const KIND_OPTIONS = toLabelledOptions(ASKABLE_RIGHTS_KINDS, RIGHTS_KIND_LABELS);
const KIND_HINTS: Record<string, string> = {
  access: 'A summary of what your firm holds about you and who had it, with your documents, as a download.',
  correction: 'Say what is wrong and what it should be.',
  erasure: 'Say what you want erased. Your firm keeps what the law makes it keep, and tells you so.',
  grievance: 'Say what went wrong. Your firm answers within 90 days.',
};

/** The client asks its firm about its personal data: access, correction, erasure, or a grievance. */
function AskForm() {
  const ask = useAskRights();
  const form = useContractForm<AskValues, RightsAsk>({
    schema: rightsAskSchema,
    defaultValues: { kind: 'access', details: '' },
  });
  const field = bindFormFields(form.errors, 'rights-ask');
  const kind = form.watch('kind');
  return (
    <Form
      noValidate
      aria-label="Ask your firm"
      onSubmit={form.submit(
        (body) => ask.mutateAsync(body),
        () => form.reset({ kind: 'access', details: '' }),
      )}
    >
      {form.feedback.alerts}
      {field('kind', 'What are you asking for?', <OptionsSelect {...form.register('kind')} options={KIND_OPTIONS} />, {
        hint: KIND_HINTS[kind],
      })}
      {field(
        'details',
        kind === 'correction' || kind === 'grievance' ? 'Details' : 'Details (optional)',
        <Form.Control as="textarea" rows={3} maxLength={RIGHTS_DETAILS_MAX} {...form.register('details')} />,
      )}
      <BusyButton type="submit" busy={form.isSubmitting} busyLabel="Sending">
        Send request
      </BusyButton>
    </Form>
  );
}

/** What the firm answered, or why it refused, and the download while it is ready. */
function RightsAnswer({
  request,
  onDownload,
  busy,
}: {
  request: RightsRequestSummary;
  onDownload: () => void;
  busy: boolean;
}) {
  return (
    <>
      {request.answer && <p className="mb-1 text-break">{request.answer}</p>}
      {request.close_reason && <p className="mb-1 text-break">Reason: {request.close_reason}</p>}
      {request.permissions.download && request.download && (
        <>
          <Button size="sm" onClick={onDownload} disabled={busy}>
            Download your data
          </Button>
          <div className="small text-muted">Works once, until {formatDateTime(request.download.expires_at)}</div>
        </>
      )}
      {request.download?.state === 'used' && (
        <div className="small text-muted">Downloaded {formatDateTime(request.download.used_at)}</div>
      )}
    </>
  );
}

/**
 * "Your data" on the client's profile (issue 25): how to ask its firm about its personal data, the form,
 * and its requests with their status, due day and answer; the firm's data protection contact below.
 */
export function YourDataSection() {
  const own = useOwnRights();
  const link = useDownloadLink();
  const contact = own.data?.pages[0]?.contact ?? null;
  const download = async (id: number) => followDownload((await link.mutateAsync(id)).data.url);
  return (
    <SectionCard id="your-data-title" title="Your data" className="mt-3">
      <Card.Body>
        <p>
          You may ask your firm for a summary of the personal data it holds about you and who it was shared with, to
          correct or erase it, or raise a grievance. A grievance is answered within {GRIEVANCE_RESPONSE_DAYS} days;
          other requests by the day shown.
        </p>
        <AskForm />
        <h3 className="h6 mt-4">Your requests</h3>
        <FailureAlert of={link} />
        <PagedTable
          ariaLabel="Your requests"
          columns={[
            { header: 'Asked on', cell: (request) => formatDate(request.received_at), title: true },
            {
              header: 'Request',
              cell: (request) => (
                <>
                  {RIGHTS_KIND_LABELS[request.kind]}
                  {request.details && <div className="small text-muted text-break">{request.details}</div>}
                </>
              ),
            },
            { header: 'Status', cell: (request) => <RightsStatusBadge status={request.status} /> },
            { header: 'Due', cell: (request) => <RightsDue request={request} /> },
            {
              header: 'Answer',
              cell: (request) => (
                <RightsAnswer request={request} onDownload={() => void download(request.id)} busy={link.isPending} />
              ),
            },
          ]}
          list={own}
          loadingLabel="Loading your requests"
          emptyText="You have not asked anything yet"
        />
        <RightsContactLine contact={contact} />
      </Card.Body>
    </SectionCard>
  );
}
