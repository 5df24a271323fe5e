import { type Kysely, sql } from 'kysely';

/**
 * A self-registered firm held for the admin's approval (`REGISTRATION_APPROVAL=true`, issue 20):
 * `users.firm_approval` is 'pending' on its MPC until approved (then null) or 'rejected'. The admin's
 * queue reads the pending ones oldest first through a partial index that holds only them.
 */
export const firmApprovalMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').addColumn('firm_approval', 'text').execute();
    await sql`create index users_firm_approval_index on users (firm_approval, id) where firm_approval is not null`.execute(
      db,
    );
  },
};
