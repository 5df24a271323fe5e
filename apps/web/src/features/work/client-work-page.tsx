import type { RoleName } from '@portal/contract/roles';
import { useParams } from 'react-router';
import { RequestList } from './request-list';
import { WorkPage } from './work-page';

/** A client's Work tab: the Work screen held to the client, then the client's open document requests. */
export function ClientWorkPage({ role }: { role: RoleName }) {
  const clientId = Number(useParams().id);
  return (
    <>
      <WorkPage role={role} clientId={clientId} />
      <div className="mt-3">
        <RequestList
          role={role}
          title="Open document requests"
          titleId="client-requests-title"
          emptyText="No documents are waiting from this client."
          clientId={clientId}
        />
      </div>
    </>
  );
}
