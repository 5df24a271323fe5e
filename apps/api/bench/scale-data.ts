/**
 * Realistic volume written straight into the portal's own schema, for the query-plan test and
 * `npm run bench`: firms of about 1,500 users (an MPC, PCs, executors, the rest clients) with their
 * services, PC and executor assignments, one folder per client holding its share of the files, and
 * one probe client whose folder and top level hold `bigFolderFiles` files each. Rows go in by the
 * hundred inside one transaction, with ids chosen here so firms can point at their MPC.
 */
import { ROLE_ID } from '@portal/contract/roles';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../src/db/database.js';
import type { DB } from '../src/db/schema.js';
import { insertAuditEvents } from './scale-audit.js';

export type ScaleOptions = {
  users: number;
  /** Files spread over the clients, beside the probe's two big lists. */
  files: number;
  bigFolderFiles: number;
  /** Users of the first (probe) firm; a big firm is where a sort of the whole firm would hurt. */
  probeFirmUsers?: number;
  /** Invoices (issue 23): one issued per client, four more drafts per client of the probe firm. */
  invoices?: boolean;
  /** One argon2 hash every seeded user signs in with. */
  passwordHash: string;
  /** The services every client takes (at least one). */
  serviceIds: number[];
  /** Work items of the first service (GSTR-3B's rule): this many monthly periods per client. None when absent. */
  work?: { ruleId: number; perClient: number };
  /** One activity-log event per seeded user (none by default). */
  withAuditEvents?: boolean;
  /** One notification per seeded user, and this many more (half of them read) for the probe PC. None when absent. */
  probeNotifications?: number;
};

/**
 * What `npm run bench` and `bench:lists` seed beside the people: a first firm of 20k clients (issue 26: a
 * firm of 20k clients searched), seven months of GSTR-3B per client (about 700k work items at 100k users)
 * with their document requests, notifications and invoices.
 */
export async function buildBenchOptions(
  db: Kysely<DB>,
  base: Pick<ScaleOptions, 'users' | 'files' | 'passwordHash' | 'serviceIds'>,
): Promise<ScaleOptions> {
  const gstr3b = await db
    .selectFrom('compliance_rules')
    .select('id')
    .where('code', '=', 'GSTR3B_MONTHLY')
    .executeTakeFirstOrThrow();
  return {
    ...base,
    bigFolderFiles: 1_000,
    probeFirmUsers: 20_000,
    work: { ruleId: gstr3b.id, perClient: 7 },
    probeNotifications: 2_000,
    invoices: true,
  };
}

export type ScaleMember = { id: number; email: string };

/** The first firm's people, to sign in as; its `client` has the big folder. */
export type ScaleProbe = {
  mpc: ScaleMember;
  pc: ScaleMember;
  executor: ScaleMember;
  client: ScaleMember;
  serviceId: number;
  folderId: number;
};

/** The probe firm's last client: its id is the highest, so its name (`Person<id>`) is one no other client's holds. */
export async function findRareClientId(db: Kysely<DB>, probe: ScaleProbe): Promise<number> {
  const last = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('firm_id', '=', probe.mpc.id)
    .where('role_id', '=', ROLE_ID.client)
    .executeTakeFirstOrThrow();
  return Number(last.id);
}

const FIRM_SIZE = 1_500;
const PCS_PER_FIRM = 3;
const EXECUTORS_PER_FIRM = 3;
const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
const SURNAMES = ['Sharma', 'Iyer', 'Patel', 'Reddy', 'Nair', 'Gupta', 'Das', 'Khan', 'Rao', 'Mehta'];

async function insertInBatches<T extends keyof DB & string>(db: Kysely<DB>, table: T, rows: object[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + BATCH) as never)
      .execute();
  }
}

async function nextId(db: Kysely<DB>, table: 'users' | 'folders' | 'files'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

export async function seedScale(db: Kysely<DB>, dialect: DialectName, options: ScaleOptions): Promise<ScaleProbe> {
  const now = new Date('2026-01-01T00:00:00.000Z').getTime();
  const at = (offset: number) => new Date(now + offset * 1000).toISOString();
  const serviceId = options.serviceIds[0] as number;
  let probe: ScaleProbe | undefined;
  await db.transaction().execute(async (trx) => {
    let id = await nextId(trx, 'users');
    const firstUserId = id;
    const users: object[] = [];
    const services: object[] = [];
    const assignments: object[] = [];
    const clients: number[] = [];
    const member = (roleId: number, firmId: number | null, createdBy: number | null, index: number) => {
      const user = {
        id,
        role_id: roleId,
        firm_id: firmId ?? id,
        created_by: createdBy,
        first_name: `Person${id}`,
        last_name: SURNAMES[index % SURNAMES.length] as string,
        email: `u${id}@scale.test`,
        username: `u${id}`,
        password_hash: options.passwordHash,
        mobile_number: `98${String(id).padStart(8, '0').slice(-8)}`,
        pan_number: null,
        client_status_id: roleId === ROLE_ID.client ? 1 : null,
        // No secrets to seal: a portal started on these rows has nothing to encrypt first.
        secrets_key_id: '',
        status: 'active',
        created_at: at(id),
        updated_at: at(id),
      };
      users.push(user);
      id += 1;
      return { id: user.id, email: user.email };
    };
    const probeSize = Math.min(options.probeFirmUsers ?? FIRM_SIZE, options.users);
    for (let firmStart = 0; firmStart < options.users; ) {
      const firmSize = firmStart === 0 ? probeSize : Math.min(FIRM_SIZE, options.users - firmStart);
      firmStart += firmSize;
      const mpc = member(ROLE_ID.mpc, null, null, 0);
      const pcs = Array.from({ length: PCS_PER_FIRM }, (_, index) => member(ROLE_ID.pc, mpc.id, mpc.id, index));
      const executors = Array.from({ length: EXECUTORS_PER_FIRM }, (_, index) =>
        member(ROLE_ID.executor, mpc.id, mpc.id, index),
      );
      const firmClients = firmSize - 1 - PCS_PER_FIRM - EXECUTORS_PER_FIRM;
      let firstClient: ScaleMember | undefined;
      for (let index = 0; index < firmClients; index += 1) {
        const client = member(ROLE_ID.client, mpc.id, mpc.id, index);
        firstClient ??= client;
        clients.push(client.id);
        for (const service of options.serviceIds)
          services.push({ user_id: client.id, service_id: service, created_at: at(client.id) });
        // Each PC and executor handles a share of the firm's clients.
        assignments.push({
          client_id: client.id,
          service_id: serviceId,
          pc_id: pcs[index % PCS_PER_FIRM]?.id,
          executor_id: executors[index % EXECUTORS_PER_FIRM]?.id,
          mpc_id: null,
          created_at: at(client.id),
          updated_at: at(client.id),
        });
      }
      if (!probe && firstClient)
        probe = {
          mpc,
          pc: pcs[0] as ScaleMember,
          executor: executors[0] as ScaleMember,
          client: firstClient,
          serviceId,
          folderId: 0,
        };
    }
    await insertInBatches(trx, 'users', users);
    await insertInBatches(trx, 'user_services', services);
    await insertInBatches(trx, 'service_assignments', assignments);
    if (!probe) throw new Error('Seed at least one firm with a client.');

    // One folder per client that holds files, the probe's first; its top level holds as many again.
    let folderId = await nextId(trx, 'folders');
    let fileId = await nextId(trx, 'files');
    const perClient = Math.max(1, Math.ceil(options.files / clients.length));
    const owners = clients.slice(0, Math.ceil(options.files / perClient));
    const folders = owners.map((clientId) => ({
      id: folderId++,
      client_id: clientId,
      service_id: serviceId,
      parent_id: null,
      folder_name: 'Returns',
      created_by: clientId,
      created_at: at(clientId),
    }));
    probe.folderId = (folders[0] as { id: number }).id;
    await insertInBatches(trx, 'folders', folders);
    const file = (clientId: number, folder: number | null) => ({
      id: fileId++,
      client_id: clientId,
      service_id: serviceId,
      folder_id: folder,
      file_name: `document-${fileId}.pdf`,
      store_name: `scale-${fileId}`,
      size_bytes: 1024,
      mime_type: 'application/pdf',
      sha256: '0'.repeat(64),
      notes: null,
      client_can_delete: 0,
      uploaded_by: clientId,
      created_at: at(fileId),
      // Rows only, no bytes on disk: a key name no keyring holds keeps the start-up task from
      // looking for plaintext files to encrypt. These files are listed, never downloaded.
      key_id: 'scale-rows-only',
    });
    // Made and inserted a batch at a time: ten million rows do not fit in memory at once.
    let files: object[] = [];
    const add = async (row: object) => {
      files.push(row);
      if (files.length < BATCH) return;
      await insertInBatches(trx, 'files', files);
      files = [];
    };
    for (let index = 0; index < options.bigFolderFiles; index += 1) {
      await add(file(probe.client.id, probe.folderId));
      await add(file(probe.client.id, null));
    }
    for (const [index, folder] of folders.entries()) {
      const count = Math.min(perClient, options.files - index * perClient);
      for (let n = 0; n < count; n += 1) await add(file(folder.client_id, folder.id));
    }
    await insertInBatches(trx, 'files', files);
    if (options.work) await insertWork(trx, options.work, serviceId);
    if (options.invoices) await insertInvoices(trx, firstUserId, probe.mpc.id);
    if (options.withAuditEvents) await insertAuditEvents(trx, firstUserId);
    if (options.probeNotifications !== undefined)
      await insertNotifications(trx, firstUserId, probe.pc.id, options.probeNotifications);
    if (options.probeNotifications !== undefined) await insertFirmFeed(trx, firstUserId);
  });
  if (dialect === 'postgres') {
    // Ids were chosen here: the sequences continue after them.
    for (const table of ['users', 'folders', 'files'])
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    await sql`analyze`.execute(db);
    // Users arrive in bulk too: their trigram index holds them in its pending list (GIN's fast update)
    // until a vacuum or the list's size limit merges it, long before a firm searches on a live database;
    // till then the planner rightly costs the index high and walks the firm (45 ms against 0.5 ms for
    // one client: decision 0048). Only the list is merged: a vacuum of `users` would change more plans.
    await sql`select gin_clean_pending_list('users_search_index'::regclass)`.execute(db);
    // Titles likewise (migration 0067).
    await sql`select gin_clean_pending_list('work_items_title_search_index'::regclass)`.execute(db);
    // File names likewise (migration 0069).
    await sql`select gin_clean_pending_list('files_name_search_index'::regclass)`.execute(db);
    await sql`analyze users`.execute(db);
    // Work items arrive in bulk and are then read most: autovacuum would have set their visibility map
    // long before a firm counts them, which is what lets a count read the index alone.
    if (options.work) await sql`vacuum analyze work_items, document_requests, document_request_items`.execute(db);
    if (options.invoices) await sql`vacuum analyze invoices`.execute(db);
  }
  return probe as ScaleProbe;
}

/** Everyone's bell holds one notice; the probe PC's holds `forProbe` more, every other one read. */
async function insertNotifications(db: Kysely<DB>, firstUserId: number, probePcId: number, forProbe: number) {
  const at = '2026-01-01T00:00:00.000Z';
  await sql`insert into notifications (user_id, kind, subject, detail, created_at)
    select id, 'work_due_soon', 'GSTR-3B · Dec 2025', '2026-01-20', ${at} from users where id >= ${firstUserId}`.execute(
    db,
  );
  const rows = Array.from({ length: forProbe }, (_, index) => ({
    user_id: probePcId,
    kind: 'work_status',
    subject: `GSTR-3B · ${index}`,
    detail: 'filed',
    read_at: index % 2 === 0 ? at : null,
    created_at: at,
  }));
  await insertInBatches(db, 'notifications', rows);
}

/**
 * Billing (issue 23): an issued invoice per client in every firm, and four more drafts per client of
 * the probe firm, about 100k in it: the list's pages read `invoices_firm_index` from its end.
 */
async function insertInvoices(db: Kysely<DB>, firstUserId: number, probeFirmId: number) {
  const at = '2026-01-01T00:00:00.000Z';
  for (const [round, firms] of [
    [0, sql`firm_id is not null`],
    [1, sql`firm_id = ${probeFirmId}`],
    [2, sql`firm_id = ${probeFirmId}`],
    [3, sql`firm_id = ${probeFirmId}`],
    [4, sql`firm_id = ${probeFirmId}`],
  ] as const)
    await sql`insert into invoices (firm_id, client_id, kind, status, number, financial_year, serial, invoice_date,
        due_date, supply_kind, place_of_supply, local_head, taxable_paise, cgst_paise, local_paise, igst_paise,
        round_off_paise, total_paise, reverse_charge_paise, created_at, updated_at)
      select firm_id, id, 'invoice', ${round === 0 ? 'issued' : 'draft'}, ${round === 0 ? sql`'I/25-26/' || id` : null},
        ${round === 0 ? '2025-26' : null}, ${round === 0 ? sql`id` : null}, '2026-01-05', '2026-01-20', 'intra_state',
        'Maharashtra', 'SGST', 1000000, 90000, 90000, 0, 0, 1180000, 0, ${at}, ${at}
      from users where id >= ${firstUserId} and role_id = ${ROLE_ID.client} and ${firms}`.execute(db);
}

/** Every client's firm has a filing and a received document of it on its MPC's dashboard. */
async function insertFirmFeed(db: Kysely<DB>, firstUserId: number) {
  for (const kind of ['filed', 'received'])
    await sql`insert into firm_feed (firm_id, kind, client_id, subject, happened_on, created_at)
      select firm_id, ${kind}, id, 'GSTR-3B · Dec 2025', '2026-01-10', '2026-01-10T00:00:00.000Z' from users
      where id >= ${firstUserId} and role_id = ${ROLE_ID.client} and firm_id is not null`.execute(db);
}

/**
 * A firm's recent GSTR-3B: each assigned client's items for its last `perClient` months, some filed or
 * completed, the rest open (overdue by now), assigned to the client's PC; document requests of some. Written by the database
 * itself, one INSERT ... SELECT per month, so it costs seconds at 100k clients.
 */
async function insertWork(db: Kysely<DB>, work: NonNullable<ScaleOptions['work']>, serviceId: number) {
  const at = '2026-01-01T00:00:00.000Z';
  for (let index = 0; index < work.perClient; index += 1) {
    const month = 12 - index;
    const period = `2025-${String(month).padStart(2, '0')}`;
    const due = month === 12 ? '2026-01-20' : `2025-${String(month + 1).padStart(2, '0')}-20`;
    // Statuses by client, in the proportions of a working firm: 3 in 7 filed or completed.
    const status = sql`case (handling.client_id + ${index}) % 7
      when 0 then 'filed' when 1 then 'completed' when 2 then 'filed' when 3 then 'in_progress'
      when 4 then 'not_started' when 5 then 'awaiting_documents' else 'under_review' end`;
    await sql`insert into work_items (firm_id, client_id, service_id, rule_id, period, title, due_date, event_date,
        assignee_id, status, is_open, filed_on, ack_number, notes, created_by, created_at, updated_at)
      select client.firm_id, handling.client_id, handling.service_id, ${work.ruleId}, ${period},
        ${`GSTR-3B · ${period}`}, ${due}, null, handling.pc_id, ${status},
        case when (handling.client_id + ${index}) % 7 in (0, 1, 2) then 0 else 1 end,
        null, null, null, null, ${at}, ${at}
      from service_assignments handling inner join users client on client.id = handling.client_id
      where handling.service_id = ${serviceId}`.execute(db);
  }
  // A document request on each item waiting for documents (open), and on one in three filed ones
  // (fulfilled); two documents each. An open one's next reminder falls in the coming week, as a portal
  // that has been mailing them for months has it (one in the past would make the first pass mail them all).
  for (const open of [true, false])
    await sql`insert into document_requests (work_item_id, firm_id, client_id, service_id, message, due_date, status,
        work_status_before, reminders_sent, last_mailed_at, next_reminder_at, created_by, created_at, updated_at,
        closed_at, closed_by)
      select id, firm_id, client_id, service_id, null, due_date, ${open ? 'open' : 'complete'}, 'in_progress', 0,
        ${at}, ${open ? at : null}, null, ${at}, ${at}, ${open ? null : at}, null
      from work_items
      where ${open ? sql`status = 'awaiting_documents'` : sql`status = 'filed' and id % 3 = 0`}`.execute(db);
  for (let day = 0; day < 7; day += 1)
    await sql`update document_requests set next_reminder_at = ${new Date(Date.now() + (day + 1) * DAY_MS).toISOString()}
      where status = 'open' and id % 7 = ${day}`.execute(db);
  for (const [position, name] of ['Sales register', 'Bank statement'].entries())
    await sql`insert into document_request_items (request_id, position, name, status, reason, reviewed_by,
        reviewed_at, updated_at)
      select id, ${position}, ${name}, case when status = 'open' then 'pending' else 'accepted' end, null, null, null,
        ${at}
      from document_requests`.execute(db);
}
