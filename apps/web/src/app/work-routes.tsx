import type { RoleName } from '@portal/contract/roles';
import type { RouteObject } from 'react-router';
import { lazyRoute, lazyScreen } from './lazy-screen';

/**
 * The Work tab and the Registers tab (staff), one item (everyone with work), the calendar month
 * (everyone with work).
 */
export function workRoutes(role: RoleName): RouteObject[] {
  return [
    ...(role === 'client'
      ? []
      : [
          lazyRoute(
            'work',
            () => import('../features/work/work-page'),
            ({ WorkPage }) => <WorkPage key={`${role}-work`} role={role} />,
          ),
          lazyRoute(
            'registers',
            () => import('../features/registers/registers-page'),
            ({ RegistersPage }) => <RegistersPage key={`${role}-registers`} role={role} />,
          ),
        ]),
    {
      path: 'work/:id',
      // Staff see the item's checklist (the firm's working notes); the client never loads it.
      ...(role === 'client'
        ? lazyScreen(
            () => import('../features/work/work-item-page'),
            ({ WorkItemPage }) => <WorkItemPage key={`${role}-work-item`} role={role} />,
          )
        : lazyScreen(
            () =>
              Promise.all([import('../features/work/work-item-page'), import('../features/checklists/work-checklist')]),
            ([{ WorkItemPage }, { WorkChecklist }]) => (
              <WorkItemPage
                key={`${role}-work-item`}
                role={role}
                checklist={(workId) => <WorkChecklist workId={workId} />}
              />
            ),
          )),
    },
    lazyRoute(
      'calendar',
      () => import('../features/work/work-calendar-page'),
      ({ WorkCalendarPage }) => <WorkCalendarPage key={`${role}-calendar`} role={role} />,
    ),
  ];
}
