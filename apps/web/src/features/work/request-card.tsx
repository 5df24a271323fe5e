import { type DocumentRequest, REQUEST_STATUS_LABELS, type RequestItem } from '@portal/contract/requests';
import { type ReactNode, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { ConfirmModal } from '../../components/confirm-modal';
import { MessageAlert } from '../../components/message-alert';
import { RequestItemStatus } from '../../components/request-item-status';
import { SectionCard } from '../../components/section-card';
import { NOTICE_AUTO_CLOSE_MS } from '../../config/product';
import { readApiError } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { useCancelRequest } from './request-api';
import { type Notify, ReviewControl, UploadControl } from './request-document-actions';
import { RequestLinkControls } from './request-link-controls';
import { DueDate } from './work-status';

function DocumentRow({ request, item, onDone }: { request: DocumentRequest; item: RequestItem; onDone: Notify }) {
  return (
    <ListGroup.Item as="li">
      <RequestItemStatus name={<strong className="text-break">{item.name}</strong>} item={item} />
      {item.files.length > 0 && (
        <ul className="list-unstyled small mb-0 mt-1">
          {item.files.map((file) => (
            <li key={file.file_id} className="text-break">
              {file.download_url ? <a href={file.download_url}>{file.file_name}</a> : file.file_name}
              <span className="text-muted"> · {formatDate(file.uploaded_at)}</span>
            </li>
          ))}
        </ul>
      )}
      {request.permissions.upload && item.status !== 'accepted' && (
        <UploadControl request={request} item={item} onDone={onDone} />
      )}
      {request.permissions.manage && item.status === 'uploaded' && (
        <ReviewControl request={request} item={item} onDone={onDone} />
      )}
    </ListGroup.Item>
  );
}

/**
 * One document request: its documents and where each stands, and what the caller may do (the
 * `permissions` the server sent): the client uploads, staff accept, reject or cancel. `heading` names
 * it where it stands apart from its work item (a dashboard).
 */
export function RequestCard({ request, heading }: { request: DocumentRequest; heading?: ReactNode }) {
  const cancel = useCancelRequest();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = `request-${request.id}-title`;
  return (
    <SectionCard
      id={titleId}
      title={
        <>
          {heading ?? `Requested on ${formatDate(request.created_at)}`}
          {request.created_by && <span className="text-muted fw-normal"> by {request.created_by.name}</span>}
        </>
      }
      level="h3"
      size="h6"
      className="mb-3"
      aside={
        <span className="small">
          {request.status === 'open' ? (
            <>
              Needed by <DueDate date={request.due_date} overdue={request.overdue} />
            </>
          ) : (
            <Badge bg={request.status === 'complete' ? 'success' : 'secondary'}>
              {REQUEST_STATUS_LABELS[request.status]}
            </Badge>
          )}
        </span>
      }
    >
      <Card.Body className="pb-2">
        <MessageAlert
          variant="success"
          messages={notice}
          onClose={() => setNotice(null)}
          autoCloseMs={NOTICE_AUTO_CLOSE_MS}
        />
        <MessageAlert variant="danger" messages={failure} onClose={() => setFailure(null)} />
        {request.message && <p className="mb-2 text-break">{request.message}</p>}
        <ListGroup as="ul" className="mb-2">
          {request.items.map((item) => (
            <DocumentRow key={item.id} request={request} item={item} onDone={setNotice} />
          ))}
        </ListGroup>
        {request.permissions.send_link && (
          <RequestLinkControls request={request} onDone={setNotice} onFailure={setFailure} />
        )}
        {request.permissions.manage && (
          <Button size="sm" variant="outline-secondary" onClick={() => setConfirming(true)}>
            Cancel request
          </Button>
        )}
      </Card.Body>
      <ConfirmModal
        show={confirming}
        title="Cancel this request?"
        text="The client will no longer be asked or reminded for these documents."
        confirmLabel="Cancel request"
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            setNotice((await cancel.mutateAsync(request.id)).message);
          } catch (error) {
            setFailure(readApiError(error).message);
          }
          setConfirming(false);
        }}
      />
    </SectionCard>
  );
}
