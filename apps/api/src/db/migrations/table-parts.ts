import type { ColumnDataType, ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

// The column definitions and index statements many tables repeat, named by what they mean.
// Shipped migrations call these, and a shipped migration must keep producing the same schema
// (docs/decisions/0003): never change what one of them writes; add another instead.
// test/schema-snapshot.test.ts fails on any change of the schema they produce.

type ColumnBuild = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

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

/** A row that is part of a row of `table` (an item of a request, a file of an item): it goes with that row. */
export const partOf = (table: string) => (column: ColumnDefinitionBuilder) =>
  column.notNull().references(`${table}.id`).onDelete('cascade');

/** `client_id` and `service_id`: the row belongs to one service of one client (ownedByUser, ofService). */
export const addClientAndService = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table.addColumn('client_id', 'integer', ownedByUser).addColumn('service_id', 'integer', ofService);

/**
 * What a stored blob is: its name as uploaded, its unique name in the store, its size, type and SHA-256
 * (a file, and each earlier version of one).
 */
export const addFileContentColumns = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table
    .addColumn('file_name', 'varchar(255)', required)
    .addColumn('store_name', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('size_bytes', 'bigint', required)
    .addColumn('mime_type', 'varchar(150)', required)
    .addColumn('sha256', 'char(64)', required);

/**
 * A stored file's own columns, `file_name` to `created_at`, as 0004 created `files` and 0010 rebuilt it on
 * SQLite with the same columns.
 */
export function addStoredFileColumns(timestamp: 'text' | 'timestamptz') {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table
      .$call(addFileContentColumns)
      .addColumn('notes', 'varchar(1000)')
      .addColumn('client_can_delete', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('uploaded_by', 'integer', actedOnBy)
      .addColumn('created_at', timestamp, required);
}

/** Unique indexes of one table, `create unique index <name> on <table> (<columns>)`, in the order given. */
export async function createUniqueIndexes(db: Kysely<unknown>, table: string, indexes: Record<string, string[]>) {
  for (const [name, columns] of Object.entries(indexes)) {
    await db.schema.createIndex(name).on(table).columns(columns).unique().execute();
  }
}

/** `created_by` (actedOnBy), then `created_at` and `updated_at`: a row someone made and may change later. */
export function addCreatorAndTimestamps(timestamp: 'text' | 'timestamptz') {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table.addColumn('created_by', 'integer', actedOnBy).$call(addCreatedAndUpdated(timestamp));
}

/**
 * `firm_id`, then `client_id` and `service_id` (addClientAndService): a row of one client service that
 * keeps the client's firm beside it, so a firm's list of such rows is one index range (docs/performance.md).
 */
export const addFirmClientAndService = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table.addColumn('firm_id', 'integer', required).$call(addClientAndService);

/** `taxable_paise`, `cgst_paise`, `local_paise` (SGST or UTGST), `igst_paise`: the tax split of an invoice or one of its lines. */
export const addTaxSplit = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table
    .addColumn('taxable_paise', 'bigint', required)
    .addColumn('cgst_paise', 'bigint', required)
    .addColumn('local_paise', 'bigint', required)
    .addColumn('igst_paise', 'bigint', required);

/** `firm_id`, then `client_id` (ownedByUser): a record a firm keeps of one client, gone with the client. */
export const addFirmAndClient = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table.addColumn('firm_id', 'integer', required).addColumn('client_id', 'integer', ownedByUser);

/**
 * `firm_id`, then `client_id` referencing the user without a cascade: an invoice or a receipt stays as
 * long as the law keeps it, so a client it bills cannot be deleted with it in place.
 */
export const addFirmAndBilledClient = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table
    .addColumn('firm_id', 'integer', required)
    .addColumn('client_id', 'integer', (column) => column.notNull().references('users.id'));

/** `created_by` (actedOnBy), then `created_at`: a row someone made that is never changed after. */
export function addCreator(timestamp: 'text' | 'timestamptz') {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table.addColumn('created_by', 'integer', actedOnBy).addColumn('created_at', timestamp, required);
}

/** `updated_by` (actedOnBy), then `updated_at`: who last saved a row of settings, and when. */
export function addUpdater(timestamp: 'text' | 'timestamptz') {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table.addColumn('updated_by', 'integer', actedOnBy).addColumn('updated_at', timestamp, required);
}

/** `updated_by` (actedOnBy), then `created_at` and `updated_at`: a row someone last saved, made once. */
export function addUpdaterAndTimestamps(timestamp: 'text' | 'timestamptz') {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table.addColumn('updated_by', 'integer', actedOnBy).$call(addCreatedAndUpdated(timestamp));
}

/**
 * `<table> (user_id, <member>, created_at)`, its primary key `<primaryKey>` on the first two: the set of
 * things (services, kinds of mail or notice) one user has, each since when; it goes with the user.
 */
export async function createUserSetTable(
  db: Kysely<unknown>,
  timestamp: 'text' | 'timestamptz',
  { table, primaryKey, member }: { table: string; primaryKey: string; member: [string, ColumnDataType, ColumnBuild] },
) {
  await db.schema
    .createTable(table)
    .addColumn('user_id', 'integer', ownedByUser)
    .addColumn(...member)
    .addColumn('created_at', timestamp, required)
    .addPrimaryKeyConstraint(primaryKey, ['user_id', member[0]])
    .execute();
}
