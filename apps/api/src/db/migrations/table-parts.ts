import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

// The column definitions and index statements many tables repeat, named by what they mean.
// Shipped migrations call these, and a shipped migration must keep producing the same schema
// (docs/decisions/0003): never change what one of them writes; add another instead.
// test/schema-snapshot.test.ts fails on any change of the schema they produce.

export const required = (column: ColumnDefinitionBuilder) => column.notNull();

/** The user the row belongs to: it goes when the user is deleted. */
export const ownedByUser = (column: ColumnDefinitionBuilder) =>
  column.notNull().references('users.id').onDelete('cascade');

/** A user who acted on the row (created, updated, reviewed it): the row stays, without them, when they go. */
export const actedOnBy = (column: ColumnDefinitionBuilder) => column.references('users.id').onDelete('set null');

/** The service the row is about: a service in use is never deleted, so nothing cascades. */
export const ofService = (column: ColumnDefinitionBuilder) => column.notNull().references('services.id');

/** `created_at` and `updated_at`, both required; the app's Clock writes them, never a default (0003). */
export function addCreatedAndUpdated(timestamp: 'text' | 'timestamptz') {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table.addColumn('created_at', timestamp, required).addColumn('updated_at', timestamp, required);
}

/** Plain indexes of one table, `create index <name> on <table> (<columns>)`, in the order given. */
export async function createIndexes(db: Kysely<unknown>, table: string, indexes: Record<string, string[]>) {
  for (const [name, columns] of Object.entries(indexes)) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}
