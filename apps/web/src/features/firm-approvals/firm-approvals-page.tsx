import type { PendingFirm } from '@portal/contract/firm-approvals';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmModal } from '../../components/confirm-modal';
import { ACTIONS_COLUMN, DataTable } from '../../components/data-table';
import { MessageAlert } from '../../components/message-alert';
import { ShowMoreButton } from '../../components/show-more-button';
import { TitledCard } from '../../components/titled-card';
import { readApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { usePortalSettings } from '../../lib/portal-settings';
import { useDecideFirm, usePendingFirms } from './firm-approvals-api';
import { FirmRejectModal } from './firm-reject-modal';

/** The admin's queue of firms that signed themselves up (`REGISTRATION_APPROVAL`): approve, or reject with a reason. */
export function FirmApprovalsPage() {
  useDocumentTitle('Firm approvals');
  const settings = usePortalSettings();
  const firms = usePendingFirms();
  const decide = useDecideFirm();
  const [approving, setApproving] = useState<PendingFirm | null>(null);
  const [rejecting, setRejecting] = useState<PendingFirm | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const rows = firms.data?.pages.flatMap((page) => page.data);

  const approve = async () => {
    if (!approving) return;
    setFailure(null);
    try {
      setNotice((await decide.mutateAsync({ id: approving.id, kind: 'approve' })).message);
    } catch (error) {
      setFailure(readApiError(error).message);
    } finally {
      setApproving(null);
    }
  };

  return (
    <TitledCard title="Firm approvals">
      {settings.data?.registration_approval === false && (
        <MessageAlert
          variant="info"
          messages="Firms that sign themselves up start at once on this platform (REGISTRATION_APPROVAL is off); this list shows those that signed up while it was on."
        />
      )}
      <MessageAlert variant="success" messages={notice} onClose={() => setNotice(null)} />
      <MessageAlert
        variant="danger"
        messages={failure ?? (firms.isError ? readApiError(firms.error).message : null)}
        onClose={() => setFailure(null)}
      />
      <DataTable
        columns={[
          { header: 'Firm', cellClassName: 'text-break', cell: (firm) => firm.firm_name ?? '—' },
          { header: 'Owner', cellClassName: 'text-break', cell: (firm) => firm.name },
          { header: 'Email', cellClassName: 'text-break', cell: (firm) => firm.email },
          { header: 'Mobile', cell: (firm) => firm.mobile_number ?? '—' },
          { header: 'Signed up', cell: (firm) => formatDate(firm.registered_at) },
          { header: 'Profile', cell: (firm) => (firm.registration_completed ? 'Completed' : 'Not completed yet') },
          {
            ...ACTIONS_COLUMN,
            cellClassName: 'text-nowrap',
            cell: (firm) => (
              <>
                <Button size="sm" className="me-2" onClick={() => setApproving(firm)}>
                  Approve
                </Button>
                <Button size="sm" variant="outline-danger" onClick={() => setRejecting(firm)}>
                  Reject
                </Button>
              </>
            ),
          },
        ]}
        rows={rows}
        loading={firms.isPending}
        loadingLabel="Loading firms"
        layout="rows"
        emptyText="No firm is waiting for approval."
        ariaLabel="Firms waiting for approval"
      />
      {/* It waits while the queue is read again at all (after a decision), not only for its next page. */}
      <ShowMoreButton pages={{ ...firms, isFetchingNextPage: firms.isFetching }} />
      <ConfirmModal
        show={approving !== null}
        title="Approve this firm?"
        text={`${approving?.name ?? ''} can then add its team and clients, and is told so by email.`}
        confirmLabel="Approve"
        busy={decide.isPending}
        onCancel={() => setApproving(null)}
        onConfirm={() => void approve()}
      />
      <FirmRejectModal
        firm={rejecting}
        onClose={() => setRejecting(null)}
        onDone={(message) => {
          setRejecting(null);
          setNotice(message);
        }}
      />
    </TitledCard>
  );
}
