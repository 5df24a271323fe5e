import type { RoleName } from '@portal/contract/roles';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { FileBrowserPage } from '../features/files/file-browser-page';
import { sharedServicesQuery } from '../lib/queries/shared-services';
import { userDetailQuery } from '../lib/queries/user-detail';

/** client/file/{id}[/...]: a client's files for the staff who reach them, named by the client. */
export function StaffFiles({ role }: { role: RoleName }) {
  const clientId = Number(useParams().id);
  // Staff may open a service another firm handed to their firm (the MPC, or its PC or executor handed work of it).
  const name = useClientName(clientId, role === 'mpc' || role === 'pc' || role === 'executor');
  return <FileBrowserPage clientId={clientId} basePath={`/${role}/client/file/${clientId}`} clientName={name} />;
}

/**
 * The client's name: from its record, or, for a service another firm handed this MPC or its firm (whose
 * client's record the reader may not read), from the list of services shared with it.
 */
function useClientName(clientId: number, readsShared: boolean): string | undefined {
  const shared = useQuery({ ...sharedServicesQuery(), enabled: readsShared });
  const handed = shared.data?.find((entry) => entry.client_id === clientId);
  const detail = userDetailQuery(clientId);
  const ownClient = !readsShared || (shared.isFetched && !handed);
  const client = useQuery({ ...detail, enabled: detail.enabled !== false && ownClient }).data;
  if (handed) return handed.client_name;
  return client ? `${client.first_name} ${client.last_name}`.trim() : undefined;
}
