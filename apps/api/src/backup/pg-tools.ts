import { spawn } from 'node:child_process';

/** A backup or restore that cannot go on, told in one line a person can act on. */
export class BackupError extends Error {}

type PgTool = 'pg_dump' | 'pg_restore';

const MISSING_TOOL = (tool: PgTool) =>
  `${tool} was not found on PATH: install the PostgreSQL client tools (the server's major version or newer, e.g. the postgresql-client package) and try again.`;

/**
 * The URL without its password, which goes to the tool through PGPASSWORD instead: a command line is
 * visible to every user of the machine (ps), the environment is not.
 */
function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

function run(tool: PgTool, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      if (stderr.length < 8_000) stderr += chunk;
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new BackupError(MISSING_TOOL(tool)) : error),
    );
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

/** Fails clearly, before any work, when the tool is not installed. */
export async function checkPgTool(tool: PgTool): Promise<void> {
  const { code, stderr } = await run(tool, ['--version'], process.env);
  if (code !== 0) throw new BackupError(`${tool} --version failed: ${stderr.trim()}`);
}

/** Runs pg_dump or pg_restore against the database at `url` (passed as `--dbname`); fails with its message. */
export async function runPgTool(tool: PgTool, args: string[], url: string): Promise<void> {
  const { url: withoutPassword, password } = splitPassword(url);
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const { code, stderr } = await run(tool, [...args, `--dbname=${withoutPassword}`], env);
  if (code !== 0) throw new BackupError(`${tool} failed (exit code ${code}): ${stderr.trim().slice(0, 2_000)}`);
}
