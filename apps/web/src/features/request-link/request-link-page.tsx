import { formatIndianDate } from '@portal/contract/plain-dates';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MessageAlert } from '../../components/message-alert';
import { RequestItemStatus } from '../../components/request-item-status';
import { LOGO_URL, PRODUCT_NAME } from '../../config/product';
import { readApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { useLinkedRequest } from './request-link-api';
import { LinkUploadControl } from './request-link-upload';

/** A page of its own, without the portal's shell: the logo, the firm, and what follows. */
function LinkShell({ children }: { children: ReactNode }) {
  return (
    <main className="container py-3 request-link-page" style={{ maxWidth: 720 }}>
      <div className="d-flex align-items-center gap-2 mb-3">
        <img src={LOGO_URL} alt="" width={40} height={40} />
        <span className="fw-semibold">{PRODUCT_NAME}</span>
      </div>
      {children}
    </main>
  );
}

/**
 * `/r/<token>`: the page a request mail's link opens, no sign-in (issue 24, docs/decisions/0036): the
 * firm, its message and date, and each document with its status and an upload control. A refused link
 * says why (expired or not valid) and nothing of the request.
 */
export function RequestLinkPage() {
  const token = useParams().token ?? '';
  const request = useLinkedRequest(token);
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(request.data ? `Documents for ${request.data.title}` : 'Documents requested');

  if (request.isPending)
    return (
      <LinkShell>
        <p role="status">Loading the request…</p>
      </LinkShell>
    );
  if (request.isError)
    return (
      <LinkShell>
        <h1 className="h4">This link cannot be used</h1>
        <MessageAlert variant="danger" messages={readApiError(request.error).message} />
        <Link to="/" className="btn btn-primary">
          Sign in to the portal
        </Link>
      </LinkShell>
    );
  const view = request.data;
  return (
    <LinkShell>
      <h1 className="h4 text-break mb-1">Documents for {view.title}</h1>
      <p className="text-muted mb-2 text-break">
        {view.firm_name} · {view.service_name}
      </p>
      <p className="mb-2">
        Needed by{' '}
        <strong className={view.overdue ? 'text-danger' : undefined}>{formatIndianDate(view.due_date)}</strong>
        {view.overdue && ' (overdue)'}
      </p>
      {view.message && <p className="text-break border-start border-3 ps-2">{view.message}</p>}
      <MessageAlert variant="success" messages={notice} onClose={() => setNotice(null)} />
      <ul className="list-group mb-3">
        {view.items.map((item) => (
          <li key={item.id} className="list-group-item">
            <RequestItemStatus name={<h2 className="h6 mb-0 text-break">{item.name}</h2>} item={item} />
            {item.files.length > 0 && (
              <ul className="list-unstyled small mb-0 mt-1">
                {item.files.map((file) => (
                  <li key={`${file.uploaded_at} ${file.file_name}`} className="text-break">
                    {file.file_name} <span className="text-muted">· {formatDate(file.uploaded_at)}</span>
                  </li>
                ))}
              </ul>
            )}
            {item.status !== 'accepted' && (
              <LinkUploadControl token={token} item={item} maxMb={view.max_upload_mb} onDone={setNotice} />
            )}
          </li>
        ))}
      </ul>
      <p className="small text-muted mb-0">
        This page opens this request only, until {formatDate(view.expires_at)} or until the request closes. Do not
        forward its link.
      </p>
    </LinkShell>
  );
}
