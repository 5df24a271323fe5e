import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.js';
import { addIdColumn, columnTypes } from '../migration-helpers.js';

/**
 * Accounts people can keep (issue 12): whose password it is (`password_state`), the second factor on the
 * user row (its secret sealed like other secrets), one-time password links, recovery codes, the
 * challenges between the two sign-in steps, and the mail queue. docs/decisions/0017, 0018.
 */
export function createAccountsMigration(dialect: DialectName) {
  const { timestamp } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
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

      await addIdColumn(db.schema.createTable('password_links'), dialect)
        .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'char(64)', (column) => column.notNull().unique())
        .addColumn('purpose', 'varchar(20)', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema.createIndex('password_links_user_index').on('password_links').column('user_id').execute();

      await addIdColumn(db.schema.createTable('recovery_codes'), dialect)
        .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'char(64)', (column) => column.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema.createIndex('recovery_codes_user_index').on('recovery_codes').column('user_id').execute();

      await addIdColumn(db.schema.createTable('sign_in_challenges'), dialect)
        .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('challenge_hash', 'char(64)', (column) => column.notNull().unique())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_challenges_expiry_index')
        .on('sign_in_challenges')
        .column('expires_at')
        .execute();

      await addIdColumn(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('recipient', 'varchar(254)', (column) => column.notNull())
        .addColumn('subject', 'varchar(300)', (column) => column.notNull())
        // Text and HTML sealed as one value (value-cipher): a reset link must not sit readable in the database.
        .addColumn('body', 'text')
        .addColumn('status', 'varchar(10)', (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('next_attempt_at', timestamp, (column) => column.notNull())
        .addColumn('claimed_until', timestamp)
        .addColumn('last_error', 'varchar(300)')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('sent_at', timestamp)
        .execute();
      await db.schema
        .createIndex('mail_outbox_due_index')
        .on('mail_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();

      // One vocabulary for sign-in events (packages/contract/src/audit-actions-auth.ts).
      for (const [before, after] of [
        ['auth.login', 'auth.sign_in'],
        ['auth.login_failed', 'auth.sign_in_failed'],
        ['auth.logout', 'auth.session_ended'],
      ]) {
        await sql`update audit_log set action = ${after} where action = ${before}`.execute(db);
      }
    },
  };
}
