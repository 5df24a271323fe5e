import type { RoleName } from '@portal/contract/roles';
import type { RouteObject } from 'react-router';
import { lazyRoute, lazyScreen } from './lazy-screen';

const loadUsersPage = () => import('../features/users/users-page');
const loadDetailPage = () => Promise.all([import('../features/users/user-detail-page'), import('./client-extra')]);
const loadEditPage = () => import('../features/users/user-edit-page');

/** The people screens of one area for one kind of user: add + list, detail, edit. */
export function peopleRoutes(role: RoleName, listRole: RoleName): RouteObject[] {
  return [
    // Keys make each area tab a fresh screen: the same component must not carry one list's form into another.
    {
      path: listRole,
      ...lazyScreen(loadUsersPage, ({ UsersPage }) => (
        <UsersPage key={`${role}-${listRole}`} role={role} listRole={listRole} />
      )),
    },
    ...onePersonRoutes(role, listRole),
  ];
}

function onePersonRoutes(role: RoleName, listRole: RoleName): RouteObject[] {
  return [
    lazyRoute(`${listRole}/detail/:id`, loadDetailPage, ([{ UserDetailPage }, { renderClientExtra }]) => (
      <UserDetailPage
        key={`${role}-${listRole}-detail`}
        role={role}
        listRole={listRole}
        renderExtra={(user) => renderClientExtra(user, role)}
      />
    )),
    lazyRoute(`${listRole}/edit/:id`, loadEditPage, ({ UserEditPage }) => (
      <UserEditPage key={`${role}-${listRole}-edit`} role={role} listRole={listRole} />
    )),
  ];
}

/**
 * The client list, then every page about one client under the client header: details, edit, the
 * assignment screen (MPC), the client's files and its work.
 */
export function clientRoutes(role: RoleName): RouteObject[] {
  return [
    lazyRoute('client', loadUsersPage, ({ UsersPage }) => (
      <UsersPage key={`${role}-client`} role={role} listRole="client" />
    )),
    {
      ...lazyScreen(
        () => import('./client-header'),
        ({ ClientPages }) => <ClientPages role={role} />,
      ),
      children: [
        ...onePersonRoutes(role, 'client'),
        ...(role === 'mpc'
          ? [
              lazyRoute(
                'client/assign-service/:id',
                () => import('../features/assignments/assign-service-page'),
                ({ AssignServicePage }) => <AssignServicePage />,
              ),
            ]
          : []),
        ...staffFileRoutes(role),
        lazyRoute(
          'client/work/:id',
          () => import('../features/work/client-work-page'),
          ({ ClientWorkPage }) => <ClientWorkPage key={`${role}-client-work`} role={role} />,
        ),
      ],
    },
  ];
}

/** client/file/{id}[/{service_id}[/{folder_id}]]: a client's files, for the staff who reach them. */
const staffFileRoutes = (role: RoleName): RouteObject[] =>
  ['client/file/:id', 'client/file/:id/:service_id', 'client/file/:id/:service_id/:folder_id'].map((path) => ({
    path,
    ...lazyScreen(
      () => import('./staff-files'),
      ({ StaffFiles }) => <StaffFiles role={role} />,
    ),
  }));
