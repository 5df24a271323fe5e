import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema.js';

/** Stands in for argument `index` while the query is built; the compiled SQL carries it as a parameter. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query of fixed shape whose SQL is built and compiled once per database dialect, not on every call.
 * Kysely's builder and compiler cost more than SQLite itself for the small queries every request runs
 * (the session's token, the signed-in user): about a sixth of a request's CPU (docs/performance.md).
 *
 * `build` receives stand-ins for its `arity` arguments and must pass each to Kysely as a value (a
 * comparison, a `set`), never branch on it or spread it; the compile checks that every argument became
 * a parameter, so a misuse fails on its first call, in the tests. Calls then bind the real arguments into
 * the compiled parameters. Works inside transactions: the compiled form depends only on the dialect.
 * Kysely plugins transform a query as it is built, so they do not see these (the portal's one plugin,
 * db/event-loop-turns.ts, transforms no query: it only waits on answers).
 */
export function compiledOnce<Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  // Keyed by the dialect's adapter, which a Kysely instance shares with its transactions.
  const compiledByDialect = new WeakMap<object, CompiledQuery<Row>>();
  return async (db, ...args) => {
    const dialectKey = db.getExecutor().adapter;
    let compiled = compiledByDialect.get(dialectKey);
    if (!compiled) {
      const slots = Array.from({ length: arity }, (_, index) => new Slot(index)) as unknown as Args;
      compiled = build(db, ...slots).compile();
      const bound = new Set(compiled.parameters.filter((value) => value instanceof Slot).map((slot) => slot.index));
      if (bound.size !== arity) throw new Error(`compiledOnce: an argument is not a parameter of ${compiled.sql}`);
      compiledByDialect.set(dialectKey, compiled);
    }
    const parameters = compiled.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}

// Past this many ids the query is built as usual: lists that long are exports, not pages.
const LONGEST_COMPILED_LIST = 256;

/**
 * `compiledOnce` for a query over a list of ids (`where x in (...)`): one compiled form per power-of-two
 * length, the list padded with its last id, which `in` ignores. A page's 10, 25 or 50 ids then reuse
 * three statements, neither built again nor prepared again by SQLite. An empty list answers nothing.
 */
export function compiledForIds<Row>(
  build: (db: Kysely<DB>, ids: number[]) => Compilable<Row>,
): (db: Kysely<DB>, ids: readonly number[]) => Promise<Row[]> {
  const byLength = new Map<number, (db: Kysely<DB>, ...ids: number[]) => Promise<Row[]>>();
  return async (db, ids) => {
    if (ids.length === 0) return [];
    if (ids.length > LONGEST_COMPILED_LIST) return (await db.executeQuery(build(db, [...ids]).compile())).rows;
    let length = 1;
    while (length < ids.length) length *= 2;
    let query = byLength.get(length);
    if (!query) {
      query = compiledOnce(length, (built, ...slots: number[]) => build(built, slots));
      byLength.set(length, query);
    }
    const padded = [...ids];
    while (padded.length < length) padded.push(ids[ids.length - 1] as number);
    return query(db, ...padded);
  };
}
