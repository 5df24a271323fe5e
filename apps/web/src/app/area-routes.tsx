import { ROLE_NAMES, type RoleName } from '@portal/contract/roles';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { type Session, useSession } from '../lib/session';
import { billingRoutes, clientInvoiceRoutes } from './billing-routes';
import { breachRoutes } from './breach-routes';
import { lazyScreen } from './lazy-screen';
import { clientRoutes, peopleRoutes } from './people-routes';
import { rightsRoutes } from './rights-routes';
import { workRoutes } from './work-routes';

const loadRoleArea = () => import('./role-area');
const loadDashboardPage = () => import('../features/dashboard/dashboard-page');
const loadProfilePage = () =>
  Promise.all([
    import('../features/profile/profile-page'),
    import('./client-extra'),
    import('../features/account/account-sections'),
    import('../features/privacy/consent-section'),
  ]);
const loadProfileEditPage = () => import('../features/profile/profile-edit-page');
const loadUserLinksPage = () => import('../features/user-links/user-links-page');
const loadWorkDashboard = () => import('../features/work/work-dashboard');
const loadChecklistSettings = () => import('../features/checklists/checklist-settings');
const loadFileVersionsSetting = () => import('../features/files/file-versions-setting');
const loadTrashDaysSetting = () => import('../features/files/trash-days-setting');

/** Retention: the admin edits the schedule and the services' classes; an MPC reads it and sets PMLA. */
const retentionRoute = (role: 'admin' | 'mpc'): RouteObject => ({
  path: 'retention',
  ...lazyScreen(
    () => import('../features/retention/retention-page'),
    ({ RetentionPage }) => <RetentionPage key={`${role}-retention`} editable={role === 'admin'} />,
  ),
});

/** Checklists per service: the admin's (the platform's), an MPC's (its firm's own). */
const checklistsRoute = (role: 'admin' | 'mpc'): RouteObject => ({
  path: 'checklists',
  ...lazyScreen(
    () => import('../features/checklists/checklist-templates-page'),
    ({ ChecklistTemplatesPage }) => <ChecklistTemplatesPage key={`${role}-checklists`} area={role} />,
  ),
});
const loadRegistersDashboard = () => import('../features/registers/registers-dashboard');
const loadBillingFigures = () => import('../features/billing/billing-figures');

function WithSession({ render }: { render: (session: Session) => ReactNode }) {
  const session = useSession();
  return session ? render(session) : null;
}

/** Activity: the admin's platform events, an MPC's firm's. */
const activityRoute = (role: 'admin' | 'mpc'): RouteObject => ({
  path: 'activity',
  ...lazyScreen(
    () => import('../features/activity/activity-page'),
    ({ ActivityPage }) => <WithSession render={(session) => <ActivityPage role={role} me={session.user} />} />,
  ),
});

const userLinksRoute = (title: string): RouteObject => ({
  path: 'file',
  ...lazyScreen(loadUserLinksPage, ({ UserLinksPage }) => <UserLinksPage title={title} />),
});

const clientFileRoutes: RouteObject[] = ['file', 'file/:service_id', 'file/:service_id/:folder_id'].map((path) => ({
  path,
  ...lazyScreen(
    () => import('../features/files/file-browser-page'),
    ({ FileBrowserPage }) => (
      <WithSession render={(session) => <FileBrowserPage clientId={session.user.id} basePath="/client/file" />} />
    ),
  ),
}));

const profileEditRoute = (path: string): RouteObject => ({
  path,
  ...lazyScreen(loadProfileEditPage, ({ ProfileEditPage }) => (
    <WithSession render={(session) => <ProfileEditPage session={session} backPath="profile" />} />
  )),
});

/**
 * My Profile of every role: its details with Edit Profile, then its own account (password, second
 * factor, sessions); a client's also holds its family members (Client Details).
 */
function profileRoutes(role: RoleName): RouteObject[] {
  const isClient = role === 'client';
  const asksConsent = role === 'pc' || role === 'executor' || role === 'client';
  const editPath = isClient ? 'edit' : 'profile/edit';
  return [
    {
      path: 'profile',
      ...lazyScreen(
        loadProfilePage,
        ([{ ProfilePage }, { renderClientExtra }, { AccountSections }, { ConsentSection }]) => (
          <WithSession
            render={(session) => (
              <ProfilePage
                session={session}
                editPath={editPath}
                {...(isClient ? { heading: 'Client Details' } : {})}
                renderExtra={(user) => (
                  <>
                    {renderClientExtra(user)}
                    {/* The firm's privacy notice it accepted; a client withdraws or gives its consent here. */}
                    {asksConsent && <ConsentSection role={role} />}
                    <AccountSections />
                  </>
                )}
              />
            )}
          />
        ),
      ),
    },
    profileEditRoute(editPath),
  ];
}

/** Screens of each area beyond its dashboard. */
const AREA_ROUTES: Record<RoleName, RouteObject[]> = {
  admin: [
    ...peopleRoutes('admin', 'mpc'),
    ...profileRoutes('admin'),
    {
      path: 'service',
      ...lazyScreen(
        () => import('../features/services/services-page'),
        ({ ServicesPage }) => <ServicesPage />,
      ),
    },
    {
      path: 'compliance',
      ...lazyScreen(
        () => import('../features/compliance/compliance-rules-page'),
        ({ ComplianceRulesPage }) => <ComplianceRulesPage />,
      ),
    },
    activityRoute('admin'),
    checklistsRoute('admin'),
    ...breachRoutes('admin'),
    {
      path: 'privacy',
      ...lazyScreen(
        () => import('../features/privacy/platform-privacy-page'),
        ({ PlatformPrivacyPage }) => <PlatformPrivacyPage />,
      ),
    },
    retentionRoute('admin'),
    {
      path: 'firm-approvals',
      ...lazyScreen(
        () => import('../features/firm-approvals/firm-approvals-page'),
        ({ FirmApprovalsPage }) => <FirmApprovalsPage />,
      ),
    },
  ],
  mpc: [
    ...peopleRoutes('mpc', 'pc'),
    ...peopleRoutes('mpc', 'executor'),
    ...clientRoutes('mpc'),
    ...workRoutes('mpc'),
    userLinksRoute('User Link'),
    ...profileRoutes('mpc'),
    activityRoute('mpc'),
    checklistsRoute('mpc'),
    ...breachRoutes('mpc'),
    {
      path: 'privacy',
      ...lazyScreen(
        () => import('../features/privacy/privacy-settings-page'),
        ({ PrivacySettingsPage }) => <PrivacySettingsPage />,
      ),
    },
    retentionRoute('mpc'),
    ...billingRoutes('mpc'),
    ...rightsRoutes('mpc'),
  ],
  pc: [
    ...peopleRoutes('pc', 'executor'),
    ...clientRoutes('pc'),
    ...workRoutes('pc'),
    userLinksRoute('Files'),
    ...profileRoutes('pc'),
    ...billingRoutes('pc'),
    ...rightsRoutes('pc'),
  ],
  executor: [
    ...clientRoutes('executor'),
    ...workRoutes('executor'),
    userLinksRoute('Files'),
    ...profileRoutes('executor'),
    ...billingRoutes('executor'),
  ],
  client: [...profileRoutes('client'), ...clientFileRoutes, ...workRoutes('client'), ...clientInvoiceRoutes()],
};

const backToStart = <Navigate to="/" replace />;

/** One role's area: the guard and layout (top bar, tabs), its dashboard and its screens. */
function buildAreaRoute(role: RoleName): RouteObject {
  return {
    path: `/${role}`,
    ...lazyScreen(loadRoleArea, ({ RoleArea }) => <RoleArea role={role} allowedRoles={[role]} />),
    children: [
      { index: true, element: <Navigate to="dashboard" replace /> },
      // Everyone but the admin has work: its dashboard cards below the people counts.
      role === 'admin'
        ? { path: 'dashboard', ...lazyScreen(loadDashboardPage, ({ DashboardPage }) => <DashboardPage />) }
        : {
            path: 'dashboard',
            ...lazyScreen(
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
                        <WithSession
                          render={(session) => <BillingFigures role={role} enabled={session.user.may_bill} />}
                        />
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
            ),
          },
      ...AREA_ROUTES[role],
      // Every signed-in area's whole list of notifications (the bell in the top bar shows the latest).
      {
        path: 'notifications',
        ...lazyScreen(
          () => import('../features/notifications/notifications-page'),
          ({ NotificationsPage }) => <NotificationsPage key={`${role}-notifications`} role={role} />,
        ),
      },
      { path: '*', element: backToStart },
    ],
  };
}

export const areaRoutes: RouteObject[] = ROLE_NAMES.map(buildAreaRoute);

/** Where every sign-in lands, fetched ahead while someone signs in (main.tsx). */
export function preloadAreaStart(): Promise<unknown> {
  return Promise.all([loadRoleArea(), loadDashboardPage()]);
}
