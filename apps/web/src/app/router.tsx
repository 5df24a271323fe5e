import { ROLE_NAMES, type RoleName } from '@portal/contract/roles';
import type { UserDetail } from '@portal/contract/users';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useParams } from 'react-router';
import { AssignServicePage } from '../features/assignments/assign-service-page';
import { LoginPage } from '../features/auth/login-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { FamilyMembersSection } from '../features/family-members/family-members-section';
import { FileBrowserPage } from '../features/files/file-browser-page';
import { ProfileEditPage } from '../features/profile/profile-edit-page';
import { ProfilePage } from '../features/profile/profile-page';
import { ServicesPage } from '../features/services/services-page';
import { UserLinksPage } from '../features/user-links/user-links-page';
import { UserDetailPage } from '../features/users/user-detail-page';
import { UserEditPage } from '../features/users/user-edit-page';
import { useUserDetail } from '../features/users/users-api';
import { UsersPage } from '../features/users/users-page';
import { setUnauthorizedHandler } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { type Session, useSession } from '../lib/session';
import { ClientPages } from './client-header';
import { LinkProblemPage } from './link-problem-page';
import { RegistrationRoute } from './registration-route';
import { RoleArea } from './role-area';

function WithSession({ render }: { render: (session: Session) => ReactNode }) {
  const session = useSession();
  return session ? render(session) : null;
}

/** A client's detail shows its Family Member section; the server's permissions decide the controls. */
const renderClientExtra = (user: UserDetail) =>
  user.user_role.name === 'client' ? (
    <FamilyMembersSection clientId={user.id} canManage={user.permissions.manage_family} />
  ) : null;

/** The people screens of one area for one kind of user: add + list, detail, edit. */
function peopleRoutes(role: RoleName, listRole: RoleName): RouteObject[] {
  return [
    // Keys make each area tab a fresh screen: the same component must not carry one list's form into another.
    { path: listRole, element: <UsersPage key={`${role}-${listRole}`} role={role} listRole={listRole} /> },
    ...onePersonRoutes(role, listRole),
  ];
}

function onePersonRoutes(role: RoleName, listRole: RoleName): RouteObject[] {
  return [
    {
      path: `${listRole}/detail/:id`,
      element: (
        <UserDetailPage
          key={`${role}-${listRole}-detail`}
          role={role}
          listRole={listRole}
          renderExtra={renderClientExtra}
        />
      ),
    },
    {
      path: `${listRole}/edit/:id`,
      element: <UserEditPage key={`${role}-${listRole}-edit`} role={role} listRole={listRole} />,
    },
  ];
}

/**
 * The client list, then every page about one client under the client header: details, edit, the
 * assignment screen (MPC) and the client's files.
 */
function clientRoutes(role: RoleName): RouteObject[] {
  return [
    { path: 'client', element: <UsersPage key={`${role}-client`} role={role} listRole="client" /> },
    {
      element: <ClientPages role={role} />,
      children: [
        ...onePersonRoutes(role, 'client'),
        ...(role === 'mpc' ? [{ path: 'client/assign-service/:id', element: <AssignServicePage /> }] : []),
        ...staffFileRoutes(role),
      ],
    },
  ];
}

const userLinksRoute = (title: string): RouteObject => ({ path: 'file', element: <UserLinksPage title={title} /> });

function StaffFiles({ role }: { role: RoleName }) {
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

/** client/file/{id}[/{service_id}[/{folder_id}]]: a client's files, for the staff who reach them. */
const staffFileRoutes = (role: RoleName): RouteObject[] =>
  ['client/file/:id', 'client/file/:id/:service_id', 'client/file/:id/:service_id/:folder_id'].map((path) => ({
    path,
    element: <StaffFiles role={role} />,
  }));

const clientFileRoutes: RouteObject[] = ['file', 'file/:service_id', 'file/:service_id/:folder_id'].map((path) => ({
  path,
  element: <WithSession render={(session) => <FileBrowserPage clientId={session.user.id} basePath="/client/file" />} />,
}));

/** Screens of each area beyond its dashboard (spec section 2). */
const AREA_ROUTES: Record<RoleName, RouteObject[]> = {
  admin: [
    ...peopleRoutes('admin', 'mpc'),
    {
      path: 'profile',
      element: <WithSession render={(session) => <ProfilePage session={session} editPath="profile/edit" />} />,
    },
    {
      path: 'profile/edit',
      element: <WithSession render={(session) => <ProfileEditPage session={session} backPath="profile" />} />,
    },
    { path: 'service', element: <ServicesPage /> },
  ],
  mpc: [
    ...peopleRoutes('mpc', 'pc'),
    ...peopleRoutes('mpc', 'executor'),
    ...clientRoutes('mpc'),
    userLinksRoute('User Link'),
  ],
  pc: [...peopleRoutes('pc', 'executor'), ...clientRoutes('pc'), userLinksRoute('Files')],
  executor: [...clientRoutes('executor'), userLinksRoute('Files')],
  client: [
    {
      path: 'profile',
      element: (
        <WithSession
          render={(session) => (
            <ProfilePage session={session} editPath="edit" heading="Client Details" renderExtra={renderClientExtra} />
          )}
        />
      ),
    },
    {
      path: 'edit',
      element: <WithSession render={(session) => <ProfileEditPage session={session} backPath="profile" />} />,
    },
    ...clientFileRoutes,
  ],
};

const backToStart = <Navigate to="/" replace />;

function buildAreaRoute(role: RoleName): RouteObject {
  return {
    path: `/${role}`,
    element: <RoleArea role={role} allowedRoles={[role]} />,
    children: [
      { index: true, element: <Navigate to="dashboard" replace /> },
      { path: 'dashboard', element: <DashboardPage /> },
      ...AREA_ROUTES[role],
      { path: '*', element: backToStart },
    ],
  };
}

export const router = createBrowserRouter([
  { path: '/', element: <LoginPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/registration', element: <RegistrationRoute /> },
  { path: '/link-problem', element: <LinkProblemPage /> },
  ...ROLE_NAMES.map(buildAreaRoute),
  { path: '*', element: backToStart },
]);

// Another user may sign in next in this browser: nothing cached may outlive the session.
setUnauthorizedHandler(() => {
  queryClient.clear();
  const { pathname, search } = router.state.location;
  void router.navigate('/', { replace: true, state: { from: `${pathname}${search}` } });
});
