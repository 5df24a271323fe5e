import { ROLE_NAMES, type RoleName } from '@portal/contract/roles';
import { Navigate, type RouteObject } from 'react-router';
import { billingRoutes, clientInvoiceRoutes } from './billing-routes';
import { breachRoutes } from './breach-routes';
import { dashboardRoute, loadDashboardPage } from './dashboard-route';
import { lazyRoute, lazyScreen } from './lazy-screen';
import { clientRoutes, peopleRoutes } from './people-routes';
import { profileRoutes } from './profile-routes';
import { rightsRoutes } from './rights-routes';
import { WithSession } from './with-session';
import { workRoutes } from './work-routes';

const loadRoleArea = () => import('./role-area');
const loadUserLinksPage = () => import('../features/user-links/user-links-page');

/** Retention: the admin edits the schedule and the services' classes; an MPC reads it and sets PMLA. */
const retentionRoute = (role: 'admin' | 'mpc'): RouteObject =>
  lazyRoute(
    'retention',
    () => import('../features/retention/retention-page'),
    ({ RetentionPage }) => <RetentionPage key={`${role}-retention`} editable={role === 'admin'} />,
  );

/** Checklists per service: the admin's (the platform's), an MPC's (its firm's own). */
const checklistsRoute = (role: 'admin' | 'mpc'): RouteObject =>
  lazyRoute(
    'checklists',
    () => import('../features/checklists/checklist-templates-page'),
    ({ ChecklistTemplatesPage }) => <ChecklistTemplatesPage key={`${role}-checklists`} area={role} />,
  );

/** Activity: the admin's platform events, an MPC's firm's. */
const activityRoute = (role: 'admin' | 'mpc'): RouteObject =>
  lazyRoute(
    'activity',
    () => import('../features/activity/activity-page'),
    ({ ActivityPage }) => <WithSession render={(session) => <ActivityPage role={role} me={session.user} />} />,
  );

const userLinksRoute = (title: string): RouteObject =>
  lazyRoute('file', loadUserLinksPage, ({ UserLinksPage }) => <UserLinksPage title={title} />);

const clientFileRoutes: RouteObject[] = ['file', 'file/:service_id', 'file/:service_id/:folder_id'].map((path) =>
  lazyRoute(
    path,
    () => import('../features/files/file-browser-page'),
    ({ FileBrowserPage }) => (
      <WithSession render={(session) => <FileBrowserPage clientId={session.user.id} basePath="/client/file" />} />
    ),
  ),
);

/** Screens of each area beyond its dashboard. */
const AREA_ROUTES: Record<RoleName, RouteObject[]> = {
  admin: [
    ...peopleRoutes('admin', 'mpc'),
    ...profileRoutes('admin'),
    lazyRoute(
      'service',
      () => import('../features/services/services-page'),
      ({ ServicesPage }) => <ServicesPage />,
    ),
    lazyRoute(
      'compliance',
      () => import('../features/compliance/compliance-rules-page'),
      ({ ComplianceRulesPage }) => <ComplianceRulesPage />,
    ),
    activityRoute('admin'),
    checklistsRoute('admin'),
    ...breachRoutes('admin'),
    lazyRoute(
      'privacy',
      () => import('../features/privacy/platform-privacy-page'),
      ({ PlatformPrivacyPage }) => <PlatformPrivacyPage />,
    ),
    retentionRoute('admin'),
    lazyRoute(
      'firm-approvals',
      () => import('../features/firm-approvals/firm-approvals-page'),
      ({ FirmApprovalsPage }) => <FirmApprovalsPage />,
    ),
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
    lazyRoute(
      'privacy',
      () => import('../features/privacy/privacy-settings-page'),
      ({ PrivacySettingsPage }) => <PrivacySettingsPage />,
    ),
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
      dashboardRoute(role),
      ...AREA_ROUTES[role],
      // Every signed-in area's whole list of notifications (the bell in the top bar shows the latest).
      lazyRoute(
        'notifications',
        () => import('../features/notifications/notifications-page'),
        ({ NotificationsPage }) => <NotificationsPage key={`${role}-notifications`} role={role} />,
      ),
      { path: '*', element: backToStart },
    ],
  };
}

export const areaRoutes: RouteObject[] = ROLE_NAMES.map(buildAreaRoute);

/** Where every sign-in lands, fetched ahead while someone signs in (main.tsx). */
export function preloadAreaStart(): Promise<unknown> {
  return Promise.all([loadRoleArea(), loadDashboardPage()]);
}
