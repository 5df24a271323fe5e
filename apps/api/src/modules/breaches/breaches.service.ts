import type { BreachEntry, BreachPage, BreachSave, BreachSummary } from '@portal/contract/breaches';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { presentBreachEntry, presentBreachSummary } from './breach.presenter.js';
import { assertOwnRegister, findVisibleBreach, mayInRegister } from './breach-access.js';
import {
  assertFoundInPast,
  checkedPeople,
  columnsOf,
  describeEntry,
  namesOf,
  storedInput,
} from './breach-entry-fields.js';
import {
  type BreachRow,
  findBreach,
  insertBreach,
  insertBreachChanges,
  listBreachChanges,
  listBreaches,
  listBreachPeople,
  replaceBreachPeople,
  updateBreach,
} from './breaches.repository.js';

/** The entry as the caller reads it: its people, its history, the 72 hours, and what the caller may do. */
export async function readBreach(context: AppContext, actor: Actor, id: number): Promise<BreachEntry> {
  const row = await findVisibleBreach(context, actor, id);
  return presentEntry(context, actor, row);
}

async function presentEntry(context: AppContext, actor: Actor, row: BreachRow): Promise<BreachEntry> {
  const [people, changes] = await Promise.all([
    listBreachPeople(context.db, row.id),
    listBreachChanges(context.db, row.id),
  ]);
  return presentBreachEntry(row, context.clock.now(), {
    people,
    changes,
    permissions: {
      record: mayInRegister(actor, 'breach.record', row.firm_id),
      notify: mayInRegister(actor, 'breach.notify', row.firm_id),
    },
  });
}

/** `GET /api/breaches`: the caller's register, newest entry first, a page at a time. */
export async function listBreachRegister(
  context: AppContext,
  actor: Actor,
  query: { before?: number | undefined; limit: number },
): Promise<BreachPage<BreachSummary>> {
  const register = assertOwnRegister(actor, 'breach.view');
  const rows = await listBreaches(context.db, register, {
    ...(query.before !== undefined ? { before: query.before } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const now = context.clock.now();
  const data = page.map((row) => presentBreachSummary(row, now));
  const last = page[page.length - 1];
  return { data, per_page: query.limit, next: rows.length > query.limit && last ? last.id : null };
}

/** `POST /api/breaches`: an entry in the caller's register, with its people and its event, in one transaction. */
export async function recordBreach(
  context: AppContext,
  actor: Actor,
  input: BreachSave,
  ip: string,
): Promise<BreachEntry> {
  const register = assertOwnRegister(actor, 'breach.record');
  const foundAt = assertFoundInPast(context, input);
  const people = await checkedPeople(context.db, register, input);
  const at = context.clock.now();
  const id = await context.db.transaction().execute(async (trx) => {
    const created = await insertBreach(trx, {
      firm_id: register,
      ...columnsOf(input, foundAt),
      board_reported_on: null,
      board_reported_by: null,
      created_by: actor.id,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    });
    await replaceBreachPeople(trx, created, people);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'breach.record',
      entityType: 'breach',
      entityId: created,
      details: { affected: input.affected, people: people.length, data_kinds: input.data_kinds },
      ip,
      at,
    });
    return created;
  });
  return readBreach(context, actor, id);
}

/**
 * `PUT /api/breaches/{id}`: the whole entry again. Nothing of it is lost: each field that changed keeps
 * its text before and after in the entry's history (docs/decisions/0045).
 */
export async function saveBreach(
  context: AppContext,
  actor: Actor,
  id: number,
  input: BreachSave,
  ip: string,
): Promise<BreachEntry> {
  const row = await findVisibleBreach(context, actor, id, 'breach.record');
  const foundAt = assertFoundInPast(context, input);
  const people = await checkedPeople(context.db, row.firm_id, input);
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    const current = (await findBreach(trx, id)) as BreachRow;
    const before = describeEntry(columnsOf(storedInput(current), new Date(current.found_at)), await namesOf(trx, id));
    const columns = columnsOf(input, foundAt);
    await updateBreach(trx, id, { ...columns, updated_at: at.toISOString() });
    await replaceBreachPeople(trx, id, people);
    const after = describeEntry(columns, await namesOf(trx, id));
    const changed = Object.keys(after).filter((field) => before[field] !== after[field]);
    if (changed.length === 0) return;
    await insertBreachChanges(
      trx,
      changed.map((field) => ({
        breach_id: id,
        field,
        from_value: before[field] ?? null,
        to_value: after[field] ?? null,
        changed_by: actor.id,
        changed_at: at.toISOString(),
      })),
    );
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'breach.update',
      entityType: 'breach',
      entityId: id,
      details: { fields: changed },
      ip,
      at,
    });
  });
  return readBreach(context, actor, id);
}
