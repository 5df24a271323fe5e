import { ROLE_NAMES, type RoleName } from '@portal/contract/roles';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { ServicesPage } from '../features/services/services-page';
import { setUnauthorizedHandler } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { RoleArea } from './role-area';

/** Screens of each area beyond its dashboard; later work adds to these lists. */
const AREA_ROUTES: Record<RoleName, RouteObject[]> = {
  admin: [{ path: 'service', element: <ServicesPage /> }],
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
  ...ROLE_NAMES.map(buildAreaRoute),
  { path: '*', element: backToStart },
]);

// Another user may sign in next in this browser: nothing cached may outlive the session.
setUnauthorizedHandler(() => {
  queryClient.clear();
  void router.navigate('/', { replace: true });
});
