import type { RouteObject } from 'react-router';
import { lazyRoute } from './lazy-screen';
import { WithAddressId } from './with-address-id';

/**
 * "Data requests" (issue 25): the firm's queue of clients' rights requests and one request, for its MPC
 * and the PCs it allows (the tab shows only then; the API refuses the rest). The MPC's queue carries the
 * firm's setting of how many days it takes to answer.
 */
export function rightsRoutes(role: 'mpc' | 'pc'): RouteObject[] {
  return [
    lazyRoute(
      'data-requests',
      () =>
        Promise.all([
          import('../features/rights-requests/rights-queue-page'),
          import('../features/rights-requests/rights-settings'),
        ]),
      ([{ RightsQueuePage }, { RightsSettings }]) => (
        <RightsQueuePage
          key={`${role}-data-requests`}
          role={role}
          settings={role === 'mpc' ? <RightsSettings /> : undefined}
        />
      ),
    ),
    lazyRoute(
      'data-requests/:id',
      () => import('../features/rights-requests/rights-request-page'),
      ({ RightsRequestPage }) => (
        <WithAddressId render={(id) => <RightsRequestPage key={id} role={role} requestId={id} />} />
      ),
    ),
  ];
}
