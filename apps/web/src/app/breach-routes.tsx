import type { ReactNode } from 'react';
import { type RouteObject, useParams } from 'react-router';
import { lazyScreen } from './lazy-screen';

/** The entry an address names (`breaches/:id`). */
function WithBreachId({ render }: { render: (breachId: number) => ReactNode }) {
  return render(Number(useParams().id));
}

/** The Breaches tab (issue 25): the admin's platform register, an MPC's firm register, and one entry. */
export function breachRoutes(role: 'admin' | 'mpc'): RouteObject[] {
  return [
    {
      path: 'breaches',
      ...lazyScreen(
        () => import('../features/breaches/breaches-page'),
        ({ BreachesPage }) => <BreachesPage key={`${role}-breaches`} role={role} />,
      ),
    },
    {
      path: 'breaches/:id',
      ...lazyScreen(
        () => import('../features/breaches/breach-page'),
        ({ BreachPage }) => <WithBreachId render={(id) => <BreachPage key={id} role={role} breachId={id} />} />,
      ),
    },
  ];
}
