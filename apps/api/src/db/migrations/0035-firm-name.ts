import type { Kysely } from 'kysely';

/**
 * The firm's name as its owner gave it at the short public sign-up (issue 22): kept on the MPC, the
 * firm's own row, for the admin's approval queue. Null for users who are not a firm's owner.
 */
export const firmNameMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').addColumn('firm_name', 'text').execute();
  },
};
