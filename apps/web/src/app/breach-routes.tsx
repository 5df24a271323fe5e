import type { ReactNode } from 'react';
import { type RouteObject, useParams } from 'react-router';
import { lazyRoute } from './lazy-screen';

/** The entry an address names (`breaches/:id`). */
function WithBreachId({ render }: { render: (breachId: number) => ReactNode }) {
  return render(Number(useParams().id));
}

/** The Breaches tab (issue 25): the admin's platform register, an MPC's firm register, and one entry. */
export function breachRoutes(role: 'admin' | 'mpc'): RouteObject[] {
  return [
    lazyRoute(
      'breaches',
      () => import('../features/breaches/breaches-page'),
      ({ BreachesPage }) => <BreachesPage key={`${role}-breaches`} role={role} />,
    ),
    lazyRoute(
      'breaches/:id',
      () => import('../features/breaches/breach-page'),
      ({ BreachPage }) => <WithBreachId render={(id) => <BreachPage key={id} role={role} breachId={id} />} />,
    ),
  ];
}
