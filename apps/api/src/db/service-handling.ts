import type { Nullable, SelectQueryBuilder, StringReference } from 'kysely';
import type { DB } from './schema.js';

/** The columns of who handles a client service, as a query reads them once `joinServiceHandling` ran. */
type Handling = { handling: Nullable<DB['service_assignments']> };

/**
 * Who handles the row's client service (its PC, executor or MPC), left joined as `handling` on the
 * client and service the row names (`client`, `service`): a client service no one is assigned reads
 * with null people. The one way a query finds a row's handlers; use with `$call`.
 */
export function joinServiceHandling<C extends string, S extends string>(client: C, service: S) {
  return <QDB extends Pick<DB, 'service_assignments'>, TB extends keyof QDB, O>(
    query: SelectQueryBuilder<QDB, TB, O> &
      (C extends StringReference<QDB, TB> ? unknown : never) &
      (S extends StringReference<QDB, TB> ? unknown : never),
  ) => {
    // Kysely cannot check a join on references given as type parameters; the signature checks them.
    const untyped = query as unknown as SelectQueryBuilder<Pick<DB, 'service_assignments'>, 'service_assignments', O>;
    return untyped.leftJoin('service_assignments as handling', (join) =>
      join
        .onRef('handling.client_id', '=', client as unknown as 'handling.client_id')
        .onRef('handling.service_id', '=', service as unknown as 'handling.service_id'),
    ) as unknown as SelectQueryBuilder<QDB & Handling, TB | 'handling', O>;
  };
}
