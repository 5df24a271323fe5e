import { buildApp } from './app.js';
import type { AppContext } from './app-context.js';
import { systemClock } from './clock.js';
import { type Config, ConfigError } from './config.js';
import { databaseOptionsFor, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a command's `main` and exits with the code it answers. An error the operator can act on (the
 * configuration, or one of `knownErrors`) prints its own message; any other prints "<what> failed: ...".
 * Either way the exit code is 1.
 */
export function runCommand(main: () => Promise<number>, what: string, knownErrors: ErrorClass[] = []): void {
  main().then(
    (code) => process.exit(code),
    (error) => {
      const known = [ConfigError, ...knownErrors].some((type) => error instanceof type);
      console.error(known ? error.message : `${what} failed: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    },
  );
}

/**
 * The portal's database (migrated, as a start of the portal would) and app, for a command that works
 * through the modules' services; both are closed when `work` ends, whatever it answers.
 */
export async function runWithPortalApp<T>(config: Config, work: (context: AppContext) => Promise<T>): Promise<T> {
  const database = openDatabase(databaseOptionsFor(config));
  await migrateToLatest(database);
  const { app, context } = await buildApp({ config, database, clock: systemClock });
  try {
    return await work(context);
  } finally {
    await app.close();
    await database.destroy();
  }
}
