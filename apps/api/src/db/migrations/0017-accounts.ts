import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { createIndexes, ownedByUser, required } from './table-parts.js';

/**
 * Accounts people can keep (issue 12): whose password it is (`password_state`), the second factor on the
 * user row (its secret sealed like other secrets), one-time password links, recovery codes, the
 * challenges between the two sign-in steps, and the mail queue. docs/decisions/0017, 0018.
 */
export const createAccountsMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  // 'own': chosen by the user; 'must_change': typed by someone else (creator, printed first-admin
  // password), to be changed at the next sign-in; 'unset': invited, no usable password yet.
  await db.schema
    .alterTable('users')
    .addColumn('password_state', 'varchar(20)', (column) => column.notNull().defaultTo('own'))
    .execute();
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', timestamp).execute();
  // The time step of the last code accepted: a code is good once (RFC 6238 section 5.2).
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();

  await createTableWithId('password_links')
    .addColumn('user_id', 'integer', ownedByUser)
    .addColumn('token_hash', 'char(64)', (column) => column.notNull().unique())
    .addColumn('purpose', 'varchar(20)', required)
    .addColumn('created_at', timestamp, required)
    .addColumn('expires_at', timestamp, required)
    .addColumn('used_at', timestamp)
    .execute();
  await createIndexes(db, 'password_links', { password_links_user_index: ['user_id'] });

  await createTableWithId('recovery_codes')
    .addColumn('user_id', 'integer', ownedByUser)
    .addColumn('code_hash', 'char(64)', required)
    .addColumn('used_at', timestamp)
    .execute();
  await createIndexes(db, 'recovery_codes', { recovery_codes_user_index: ['user_id'] });

  await createTableWithId('sign_in_challenges')
    .addColumn('user_id', 'integer', ownedByUser)
    .addColumn('challenge_hash', 'char(64)', (column) => column.notNull().unique())
    .addColumn('created_at', timestamp, required)
    .addColumn('expires_at', timestamp, required)
    .execute();
  await createIndexes(db, 'sign_in_challenges', { sign_in_challenges_expiry_index: ['expires_at'] });

  await createTableWithId('mail_outbox')
    .addColumn('recipient', 'varchar(254)', required)
    .addColumn('subject', 'varchar(300)', required)
    // Text and HTML sealed as one value (value-cipher): a reset link must not sit readable in the database.
    .addColumn('body', 'text')
    .addColumn('status', 'varchar(10)', required)
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, required)
    .addColumn('claimed_until', timestamp)
    .addColumn('last_error', 'varchar(300)')
    .addColumn('created_at', timestamp, required)
    .addColumn('sent_at', timestamp)
    .execute();
  await createIndexes(db, 'mail_outbox', { mail_outbox_due_index: ['status', 'next_attempt_at'] });

  // One vocabulary for sign-in events (packages/contract/src/audit-actions-auth.ts).
  for (const [before, after] of [
    ['auth.login', 'auth.sign_in'],
    ['auth.login_failed', 'auth.sign_in_failed'],
    ['auth.logout', 'auth.session_ended'],
  ]) {
    await sql`update audit_log set action = ${after} where action = ${before}`.execute(db);
  }
});
