import type { RouteObject } from 'react-router';
import { lazyRoute } from './lazy-screen';
import { WithAddressId } from './with-address-id';

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
      ({ BreachPage }) => <WithAddressId render={(id) => <BreachPage key={id} role={role} breachId={id} />} />,
    ),
  ];
}
