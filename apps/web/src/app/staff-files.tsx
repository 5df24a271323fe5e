import type { RoleName } from '@portal/contract/roles';
import { useParams } from 'react-router';
import { FileBrowserPage } from '../features/files/file-browser-page';
import { useUserDetail } from '../features/users/users-api';

/** client/file/{id}[/...]: a client's files for the staff who reach them, named by the client. */
export function StaffFiles({ role }: { role: RoleName }) {
  const clientId = Number(useParams().id);
  const client = useUserDetail(clientId).data;
  return (
    <FileBrowserPage
      clientId={clientId}
      basePath={`/${role}/client/file/${clientId}`}
      clientName={client ? `${client.first_name} ${client.last_name}`.trim() : undefined}
    />
  );
}
