import type { DocumentRequest } from '@portal/contract/requests';
import Button from 'react-bootstrap/Button';
import { readApiError } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { useRequestLinkAction } from './request-api';
import type { Notify } from './request-document-actions';

/**
 * Staff's side of a request's link (issue 24): whether one works and until when (never the link itself),
 * a new one mailed to the client, or the one out there ended. Shown when the server says the caller may
 * (`send_link`: manages the open request, the firm's links on).
 */
export function RequestLinkControls({
  request,
  onDone,
  onFailure,
}: {
  request: DocumentRequest;
  onDone: Notify;
  onFailure: Notify;
}) {
  const action = useRequestLinkAction();
  const run = async (kind: 'resend' | 'revoke') => {
    try {
      onDone((await action.mutateAsync({ requestId: request.id, action: kind })).message);
    } catch (error) {
      onFailure(readApiError(error).message);
    }
  };
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2 small">
      <span>
        {request.link
          ? `Link without sign-in: works until ${formatDate(request.link.expires_at)}`
          : 'Link without sign-in: none working'}
      </span>
      <Button size="sm" variant="outline-primary" disabled={action.isPending} onClick={() => run('resend')}>
        Send new link
      </Button>
      {request.link && (
        <Button size="sm" variant="outline-danger" disabled={action.isPending} onClick={() => run('revoke')}>
          Revoke link
        </Button>
      )}
    </div>
  );
}
