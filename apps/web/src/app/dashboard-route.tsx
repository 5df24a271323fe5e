import type { RoleName } from '@portal/contract/roles';
import type { RouteObject } from 'react-router';
import { lazyRoute } from './lazy-screen';
import { WithSession } from './with-session';

export const loadDashboardPage = () => import('../features/dashboard/dashboard-page');
const loadWorkDashboard = () => import('../features/work/work-dashboard');
const loadChecklistSettings = () => import('../features/checklists/checklist-settings');
const loadFileVersionsSetting = () => import('../features/files/file-versions-setting');
const loadTrashDaysSetting = () => import('../features/files/trash-days-setting');
const loadRegistersDashboard = () => import('../features/registers/registers-dashboard');
const loadBillingFigures = () => import('../features/billing/billing-figures');

/** A role's dashboard: the people counts; everyone but the admin has work, its cards below them. */
export function dashboardRoute(role: RoleName): RouteObject {
  return role === 'admin'
    ? lazyRoute('dashboard', loadDashboardPage, ({ DashboardPage }) => <DashboardPage />)
    : lazyRoute(
        'dashboard',
        () =>
          Promise.all([
            loadDashboardPage(),
            loadWorkDashboard(),
            loadChecklistSettings(),
            loadRegistersDashboard(),
            loadBillingFigures(),
            loadFileVersionsSetting(),
            loadTrashDaysSetting(),
          ]),
        ([
          { DashboardPage },
          { WorkDashboard },
          { ChecklistSettings },
          { RegistersDashboard },
          { BillingFigures },
          { FileVersionsSetting },
          { TrashDaysSetting },
        ]) => (
          <DashboardPage
            extra={
              <>
                {/* Who bills (the MPC, staff it lets) sees the money first: billed, collected, owed, unbilled. */}
                {role !== 'client' && (
                  <WithSession render={(session) => <BillingFigures role={role} enabled={session.user.may_bill} />} />
                )}
                {/* Staff see the registers' counts above their work (DSCs expiring, UDINs missing). */}
                {role !== 'client' && <RegistersDashboard role={role} />}
                <WorkDashboard
                  role={role}
                  settings={
                    role === 'mpc' ? (
                      <>
                        <ChecklistSettings />
                        <FileVersionsSetting />
                        <TrashDaysSetting />
                      </>
                    ) : null
                  }
                />
              </>
            }
          />
        ),
      );
}
