import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** How long a chain of SQLite statements may hold the event loop before it lets waiting I/O run. */
export const DEFAULT_TURN_BUDGET_MS = 10;

// Taken once at load: a test faking timers must not stop the database from handing the loop back.
const nextTurn = globalThis.setImmediate;

/**
 * better-sqlite3 answers synchronously, so `await db...` resolves as a microtask and a loop of statements
 * (a scheduled task sending 100k reminders, a long export) never reaches the event loop's I/O phase: no
 * request is read, no timer fires, until the whole loop ends (docs/decisions/0052). After each statement
 * this checks whether the loop has turned within `budgetMs`; if not, the statement's answer waits for the
 * next turn (a `setImmediate`, after pending I/O), so requests interleave with the long job. A statement
 * of a transaction keeps its connection meanwhile; other queries wait for it as they would anyway.
 * PostgreSQL needs none of this: every statement there waits for the network.
 */
export class EventLoopTurnsPlugin implements KyselyPlugin {
  readonly #budgetMs: number;
  // Scheduled when the first statement after a turn runs; it marks that the loop has turned.
  #probe: { since: number } | null = null;

  constructor(budgetMs = DEFAULT_TURN_BUDGET_MS) {
    this.#budgetMs = budgetMs;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const now = performance.now();
    if (!this.#probe) {
      const probe = { since: now };
      this.#probe = probe;
      nextTurn(() => {
        if (this.#probe === probe) this.#probe = null;
      });
      return args.result;
    }
    if (now - this.#probe.since < this.#budgetMs) return args.result;
    await new Promise<void>((resolve) => nextTurn(resolve));
    return args.result;
  }
}
