import { RIGHTS_PATHS, rightsGrantSchema } from '@portal/contract/rights-requests';
import { PermissionGrantCard } from '../../components/permission-grant-card';

/**
 * The MPC's switch on a PC's page: whether the PC may see and answer the firm's clients' data requests
 * (off until the MPC turns it on).
 */
export function RightsGrantCard({ userId }: { userId: number }) {
  return (
    <PermissionGrantCard
      idPrefix="rights"
      title="Data requests"
      formLabel="Data request permission"
      switchLabel="May see and answer the firm's clients' data requests"
      schema={rightsGrantSchema}
      path={RIGHTS_PATHS.grant(userId)}
    />
  );
}
