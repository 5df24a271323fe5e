import type { RoleName } from '@portal/contract/roles';
import type { UserDetail } from '@portal/contract/users';
import { ClientActivitySection } from '../features/activity/client-activity-section';
import { FamilyMembersSection } from '../features/family-members/family-members-section';
import { RecurringWorkSection } from '../features/recurring/recurring-work-section';

/**
 * A client's detail shows its Family Member section and, to staff who may see it, its Activity; the
 * server's permissions decide the controls. An MPC also gets a way into its Activity screen. Staff see its
 * recurring work, which the MPC defines.
 */
export const renderClientExtra = (user: UserDetail, role?: RoleName) =>
  user.user_role.name === 'client' ? (
    <>
      <FamilyMembersSection clientId={user.id} canManage={user.permissions.manage_family} />
      {role !== undefined && role !== 'client' && <RecurringWorkSection clientId={user.id} canAdd={role === 'mpc'} />}
      {user.permissions.activity && (
        <ClientActivitySection
          clientId={user.id}
          activityPath={role === 'mpc' ? `/mpc/activity?client_id=${user.id}` : undefined}
        />
      )}
    </>
  ) : null;
