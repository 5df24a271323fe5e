import { defineMigration } from '../migration-helpers.js';

/**
 * The client statuses and their sub-form templates are the contract's `CLIENT_STATUSES`, which the form
 * and the server both read; the copy this table held was read by nothing and had gone stale (issue 9
 * gave the six template-less statuses their identifier forms).
 */
export const createDropClientStatusesMigration = defineMigration(async (db) => {
  await db.schema.dropTable('client_statuses').execute();
});
