import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type DatabaseConnection,
  type Driver,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  SqliteDialect,
  type SqliteDialectConfig,
  type TransactionSettings,
  type UnknownRow,
} from 'kysely';

/** How long a chain of SQLite statements may hold the event loop before it lets waiting I/O run. */
export const DEFAULT_TURN_BUDGET_MS = 10;

// Taken once at load: a test faking timers must not stop the database from handing the loop back.
const nextTurn = globalThis.setImmediate;

const backgroundWork = new AsyncLocalStorage<{ since: number }>();

/**
 * Runs `work` (a scheduled task) as background work: its statements hand the loop back after its own
 * budget, and never count toward a request's. Otherwise a request arriving during a task found the loop's
 * budget spent by the task's last statement and waited, after each of its own statements, for one more of
 * the task's: at 1M users, 1.7 s for a client list while the first due-notices pass ran.
 */
export function runAsBackgroundWork<T>(work: () => Promise<T>): Promise<T> {
  return backgroundWork.run({ since: performance.now() }, work);
}

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
    // Background work takes its turns before it asks for the connection (TurnTakingSqliteDialect), not here
    // while holding it, and the time it held the loop is not charged to the next request's chain.
    if (backgroundWork.getStore()) {
      this.#probe = null;
      return args.result;
    }
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

/**
 * SQLite's dialect whose background work (runAsBackgroundWork) hands the loop back *before* it takes the
 * connection once its budget is spent: a request read meanwhile then runs all its statements first. Handing
 * it back after a statement (the plugin above) would keep the connection, and each of the request's
 * statements would wait for one more of the task's. A transaction keeps its connection to its end.
 */
export class TurnTakingSqliteDialect extends SqliteDialect {
  readonly #budgetMs: number;

  constructor(config: SqliteDialectConfig, budgetMs = DEFAULT_TURN_BUDGET_MS) {
    super(config);
    this.#budgetMs = budgetMs;
  }

  override createDriver(): Driver {
    const inner = super.createDriver();
    const budgetMs = this.#budgetMs;
    return {
      init: () => inner.init(),
      acquireConnection: async () => {
        const background = backgroundWork.getStore();
        if (background && performance.now() - background.since >= budgetMs) {
          await new Promise<void>((resolve) => nextTurn(resolve));
          background.since = performance.now();
        }
        return inner.acquireConnection();
      },
      beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) =>
        inner.beginTransaction(connection, settings),
      commitTransaction: (connection: DatabaseConnection) => inner.commitTransaction(connection),
      rollbackTransaction: (connection: DatabaseConnection) => inner.rollbackTransaction(connection),
      ...(inner.savepoint ? { savepoint: inner.savepoint.bind(inner) } : {}),
      ...(inner.rollbackToSavepoint ? { rollbackToSavepoint: inner.rollbackToSavepoint.bind(inner) } : {}),
      ...(inner.releaseSavepoint ? { releaseSavepoint: inner.releaseSavepoint.bind(inner) } : {}),
      releaseConnection: (connection: DatabaseConnection) => inner.releaseConnection(connection),
      destroy: () => inner.destroy(),
    };
  }
}
