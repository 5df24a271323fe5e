import type { DocumentRequest } from '@portal/contract/requests';
import { RequestCard } from './request-card';

/** A work item's document requests on its page, newest first. */
export function WorkRequests({ requests }: { requests: DocumentRequest[] }) {
  return (
    <section aria-labelledby="work-requests-title" className="mt-3">
      <h2 className="h5" id="work-requests-title">
        Document requests
      </h2>
      {requests.length === 0 && <p className="text-muted">No documents have been requested for this work.</p>}
      {requests.map((request) => (
        <RequestCard key={request.id} request={request} />
      ))}
    </section>
  );
}
