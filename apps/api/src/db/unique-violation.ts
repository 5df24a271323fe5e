/** True when the database refused a row for breaking a unique index, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

const SQLITE_UNIQUE_PREFIX = 'UNIQUE constraint failed: ';

/**
 * Which unique index a violation broke, so a caller can name the field: PostgreSQL reports the
 * constraint or index name; SQLite names a unique index (`index 'users_email_unique'`) or, for a
 * column's own UNIQUE constraint, its columns (`users.username`). Undefined for any other error.
 */
export function findViolatedUniqueIndex(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const { constraint, message } = error as { constraint?: unknown; message?: unknown };
  if (typeof constraint === 'string') return constraint;
  if (typeof message !== 'string' || !message.startsWith(SQLITE_UNIQUE_PREFIX)) return undefined;
  const described = message.slice(SQLITE_UNIQUE_PREFIX.length).trim();
  return /^index '(.+)'$/.exec(described)?.[1] ?? described;
}
