import { ROLE_NAMES, type RoleName } from '@portal/contract/roles';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { ProfileEditPage } from '../features/profile/profile-edit-page';
import { ProfilePage } from '../features/profile/profile-page';
import { ServicesPage } from '../features/services/services-page';
import { UserDetailPage } from '../features/users/user-detail-page';
import { UserEditPage } from '../features/users/user-edit-page';
import { UsersPage } from '../features/users/users-page';
import { setUnauthorizedHandler } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { type Session, useSession } from '../lib/session';
import { RegistrationRoute } from './registration-route';
import { RoleArea } from './role-area';

function WithSession({ render }: { render: (session: Session) => ReactNode }) {
  const session = useSession();
  return session ? render(session) : null;
}

/** The people screens of one area for one kind of user: add + list, detail, edit. */
function peopleRoutes(role: RoleName, listRole: RoleName): RouteObject[] {
  return [
    { path: listRole, element: <UsersPage role={role} listRole={listRole} /> },
    { path: `${listRole}/detail/:id`, element: <UserDetailPage role={role} listRole={listRole} /> },
    { path: `${listRole}/edit/:id`, element: <UserEditPage role={role} listRole={listRole} /> },
  ];
}

const profileRoutes: RouteObject[] = [
  { path: 'profile', element: <WithSession render={(session) => <ProfilePage session={session} />} /> },
  { path: 'profile/edit', element: <WithSession render={(session) => <ProfileEditPage session={session} />} /> },
];

/** Screens of each area beyond its dashboard; later work adds to these lists. */
const AREA_ROUTES: Record<RoleName, RouteObject[]> = {
  admin: [...peopleRoutes('admin', 'mpc'), ...profileRoutes, { path: 'service', element: <ServicesPage /> }],
  mpc: [],
  pc: [],
  executor: [],
  client: [],
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
  ...ROLE_NAMES.map(buildAreaRoute),
  { path: '*', element: backToStart },
]);

// Another user may sign in next in this browser: nothing cached may outlive the session.
setUnauthorizedHandler(() => {
  queryClient.clear();
  void router.navigate('/', { replace: true });
});
