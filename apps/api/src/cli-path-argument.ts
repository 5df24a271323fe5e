import path from 'node:path';

/**
 * The one path argument of `npm run <script> -- PATH`, resolved from the folder the command was typed
 * in: npm runs scripts from the repository root and names the caller's folder in INIT_CWD. Null when
 * the arguments are not exactly one path.
 */
export function readPathArgument(argv: string[] = process.argv): string | null {
  const positional = argv.slice(2).filter((arg) => arg !== '--');
  const [only] = positional;
  if (positional.length !== 1 || !only || only.startsWith('-')) return null;
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), only);
}

/** The path argument, or null once the usage is printed: the command then stops with its failing exit code. */
export function requirePathArgument(usage: string): string | null {
  const file = readPathArgument();
  if (!file) console.error(usage);
  return file;
}
