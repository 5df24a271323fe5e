import { BREACH_NOTICE_STATUS_LABELS, type BreachNoticesSent } from '@portal/contract/breaches';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { ConfirmModal } from '../../components/confirm-modal';
import { FailureAlert } from '../../components/failure-alert';
import { PagedTable } from '../../components/paged-table';
import { SectionCard } from '../../components/section-card';
import { useSuccessNotice } from '../../components/success-notice';
import { formatDateTime } from '../../lib/format';
import { useBreachNotices, useSendNotices } from './breaches-api';

/** What one press did, in a sentence. */
function describeSent(sent: BreachNoticesSent): string {
  const parts = [`${sent.queued} ${sent.queued === 1 ? 'notice' : 'notices'} queued for mail`];
  if (sent.no_email > 0) parts.push(`${sent.no_email} not sent: no email`);
  if (sent.already > 0) parts.push(`${sent.already} already sent before`);
  return `${parts.join('; ')}.`;
}

/** The notices of an entry: who was sent one, when, and where its mail stands; "Send notices" asks first. */
export function BreachNotices({ breachId, mayNotify }: { breachId: number; mayNotify: boolean }) {
  const list = useBreachNotices(breachId);
  const send = useSendNotices(breachId);
  const [asking, setAsking] = useState(false);
  const notice = useSuccessNotice();
  const confirm = async () => {
    const answer = await send.mutateAsync().catch(() => null);
    setAsking(false);
    if (answer) notice.show(describeSent(answer.data));
  };
  return (
    <SectionCard
      id="breach-notices-title"
      title="Notices to the people affected"
      className="mb-3"
      aside={
        mayNotify && (
          <Button size="sm" onClick={() => setAsking(true)}>
            Send notices
          </Button>
        )
      }
    >
      <Card.Body>
        {notice.alert}
        <FailureAlert of={send} />
        <FailureAlert of={list} />
        <PagedTable
          ariaLabel="Notices"
          columns={[
            { header: 'Person', cell: (row) => row.person?.name ?? 'A person whose account was removed', title: true },
            { header: 'Status', cell: (row) => BREACH_NOTICE_STATUS_LABELS[row.status] },
            { header: 'Sent', cell: (row) => formatDateTime(row.sent_at ?? row.created_at) },
          ]}
          list={list}
          loadingLabel="Loading notices"
          emptyText="No notice sent yet"
        />
      </Card.Body>
      <ConfirmModal
        show={asking}
        title="Send notices"
        text="Each person affected who has not had this breach's notice gets it now by mail: what happened, what may follow, what was done, what they can do and whom to ask. Nobody gets it twice."
        confirmLabel="Send notices"
        busy={send.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirm()}
      />
    </SectionCard>
  );
}
