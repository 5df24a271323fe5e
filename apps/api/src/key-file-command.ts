import { requirePathArgument } from './cli-path-argument.js';
import { type Config, ConfigError, loadCommandConfig } from './config.js';
import { EncryptionKeyError } from './encryption/keyring.js';

type KeyFileCommand = {
  /** Printed when the arguments are not one path. */
  usage: string;
  /** What a failed file operation means to the person typing, by its code (`EEXIST`, `ENOENT`). */
  fileErrors: Partial<Record<string, string>>;
  /** The start of the message for anything else ("Key export failed"). */
  failure: string;
  run: (file: string, config: Config) => void;
};

/**
 * `npm run keys:export -- FILE` and `keys:import -- FILE`: one path argument, files private to the
 * server's user whatever the umask, configuration and key errors said plainly; the exit code says how
 * it went.
 */
export function runKeyFileCommand(command: KeyFileCommand): void {
  const file = requirePathArgument(command.usage);
  if (!file) {
    process.exitCode = 1;
    return;
  }
  try {
    process.umask(0o077);
    command.run(file, loadCommandConfig());
    process.exitCode = 0;
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof EncryptionKeyError;
    const fileError = command.fileErrors[(error as NodeJS.ErrnoException).code ?? ''];
    console.error(
      known
        ? (error as Error).message
        : (fileError ?? `${command.failure}: ${error instanceof Error ? error.message : error}`),
    );
    process.exitCode = 1;
  }
}
