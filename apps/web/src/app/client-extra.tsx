import type { RoleName } from '@portal/contract/roles';
import type { UserDetail } from '@portal/contract/users';
import { ClientActivitySection } from '../features/activity/client-activity-section';
import { BillingGrantCard } from '../features/billing/billing-grant-card';
import { ClientFeesSection } from '../features/billing/client-fees-section';
import { ClientLedgerSection } from '../features/billing/client-ledger-section';
import { FamilyMembersSection } from '../features/family-members/family-members-section';
import { RecurringWorkSection } from '../features/recurring/recurring-work-section';
import { DscSection } from '../features/registers/dsc-section';
import { ClientRetentionSection } from '../features/retention/client-retention-section';
import { RightsGrantCard } from '../features/rights-requests/rights-grant-card';
import { YourDataSection } from '../features/rights-requests/your-data-section';
import { ClientWorkSummary } from '../features/work/client-work-summary';

/**
 * A client's detail shows, to staff, a summary of its work (leading to its Work tab) and its recurring
 * work (which the MPC defines); its digital signature certificates; its Family Member section and, to
 * staff who may see it, its Activity; to its MPC, its fees and ledger; the server's permissions decide the controls. An MPC also gets a
 * way into its Activity screen.
 */
export const renderClientExtra = (user: UserDetail, role?: RoleName) =>
  user.user_role.name === 'client' ? (
    <>
      {role && role !== 'client' && role !== 'admin' && (
        <ClientWorkSummary clientId={user.id} workPath={`/${role}/client/work/${user.id}`} />
      )}
      <FamilyMembersSection clientId={user.id} canManage={user.permissions.manage_family} />
      {role && role !== 'client' && role !== 'admin' && (
        <RecurringWorkSection clientId={user.id} canAdd={role === 'mpc'} />
      )}
      {/* What the firm charges for each service: its MPC's (the access table's billing row). */}
      {user.permissions.billing && <ClientFeesSection clientId={user.id} />}
      {/* What the client was billed and paid, with its balance: the staff who bill it. */}
      {user.permissions.billing && role && <ClientLedgerSection clientId={user.id} role={role} />}
      {/* Staff who see a client keep its certificates (the access table's dsc rows); the client reads its own. */}
      <DscSection clientId={user.id} canAdd={role !== undefined && role !== 'client'} />
      {user.permissions.activity && (
        <ClientActivitySection
          clientId={user.id}
          activityPath={role === 'mpc' ? `/mpc/activity?client_id=${user.id}` : undefined}
        />
      )}
      {/* Its firm's MPC: the client's legal hold and the erasure of its personal data (issue 25). */}
      {(user.permissions.legal_hold || user.permissions.erase) && (
        <ClientRetentionSection
          clientId={user.id}
          clientName={[user.first_name, user.last_name].filter(Boolean).join(' ')}
          canHold={user.permissions.legal_hold}
          canErase={user.permissions.erase}
        />
      )}
      {/* Its own profile: what it may ask its firm about its personal data (issue 25). */}
      {role === undefined && <YourDataSection />}
    </>
  ) : (
    <>
      {/* A PC's or executor's page: its MPC decides whether it may bill (the access table's billing.grant). */}
      {user.permissions.grant_billing && <BillingGrantCard userId={user.id} />}
      {/* A PC's page: whether it may handle the firm's data requests (rights.grant). */}
      {user.permissions.grant_rights && <RightsGrantCard userId={user.id} />}
    </>
  );
