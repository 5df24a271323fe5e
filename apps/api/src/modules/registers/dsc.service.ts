import { indianDateOf } from '@portal/contract/plain-dates';
import {
  type CustodyMove,
  type DscCertificate,
  type DscSave,
  REGISTER_MESSAGES as M,
} from '@portal/contract/registers';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failConflict, failForbidden, failNotFound, failValidation } from '../../http/http-error.js';
import { firmOf, scopeFor } from '../../policy/authorize.js';
import { presentCertificate } from './dsc.presenter.js';
import {
  type CertificateRow,
  deleteCertificate,
  deleteCertificatesOfClient,
  findCertificateWithin,
  insertCertificate,
  insertCustodyEvent,
  isClientWithin,
  listCertificatesOfClient,
  listCustodyEvents,
  moveCertificateCustody,
  updateCertificate,
} from './dsc.repository.js';

const todayOf = (context: AppContext) => indianDateOf(context.clock.now());

/** The certificates' answers, with their custody moves and what the caller may do (one decision per list). */
export async function presentCertificates(
  context: AppContext,
  actor: Actor,
  rows: CertificateRow[],
): Promise<DscCertificate[]> {
  const events = await listCustodyEvents(
    context.db,
    rows.map((row) => row.id),
  );
  const manageable = new Set<number>();
  const manageScope = scopeFor(actor, 'dsc.manage');
  for (const clientId of new Set(rows.map((row) => row.client_id)))
    if (await isClientWithin(context.db, clientId, manageScope)) manageable.add(clientId);
  const today = todayOf(context);
  return rows.map((row) => presentCertificate(row, events, today, { manage: manageable.has(row.client_id) }));
}

/** 404 unless the caller sees the client's certificates; 403 when it sees them but may not manage them. */
async function assertClient(context: AppContext, actor: Actor, clientId: number, manage: boolean): Promise<void> {
  if (!(await isClientWithin(context.db, clientId, scopeFor(actor, 'dsc.view')))) failNotFound(M.clientNotFound);
  if (manage && !(await isClientWithin(context.db, clientId, scopeFor(actor, 'dsc.manage')))) failForbidden();
}

async function findCertificate(context: AppContext, actor: Actor, id: number): Promise<CertificateRow> {
  const row = await findCertificateWithin(context.db, id, scopeFor(actor, 'dsc.view'));
  if (!row) failNotFound(M.dscNotFound);
  if (!(await isClientWithin(context.db, row.client_id, scopeFor(actor, 'dsc.manage')))) failForbidden();
  return row;
}

async function readCertificate(context: AppContext, actor: Actor, id: number): Promise<DscCertificate> {
  const row = await findCertificateWithin(context.db, id, scopeFor(actor, 'dsc.view'));
  if (!row) failNotFound(M.dscNotFound);
  return (await presentCertificates(context, actor, [row]))[0] as DscCertificate;
}

/** `GET /api/clients/{id}/dsc`: the client's certificates, soonest expiry first. */
export async function listClientCertificates(
  context: AppContext,
  actor: Actor,
  clientId: number,
): Promise<DscCertificate[]> {
  await assertClient(context, actor, clientId, false);
  return presentCertificates(context, actor, await listCertificatesOfClient(context.db, clientId));
}

/** `POST /api/clients/{id}/dsc`. */
export async function createCertificate(
  context: AppContext,
  actor: Actor,
  clientId: number,
  input: DscSave,
): Promise<DscCertificate> {
  await assertClient(context, actor, clientId, true);
  const at = context.clock.now().toISOString();
  const id = await insertCertificate(context.db, {
    firm_id: firmOf(actor) as number,
    client_id: clientId,
    ...mapCertificateInput(input),
    created_by: actor.id,
    created_at: at,
    updated_at: at,
  });
  return readCertificate(context, actor, id);
}

/** The columns a certificate's form sets, the same on create and on save. */
function mapCertificateInput(input: DscSave) {
  return {
    holder_name: input.holder_name,
    class: input.class,
    issued_by: input.issued_by,
    valid_from: input.valid_from ?? null,
    valid_until: input.valid_until,
    token_serial: input.token_serial,
    custody: input.custody,
    notes: input.notes,
  };
}

/** `PUT /api/dsc/{id}`: the whole certificate again. */
export async function saveCertificate(
  context: AppContext,
  actor: Actor,
  id: number,
  input: DscSave,
): Promise<DscCertificate> {
  await findCertificate(context, actor, id);
  await updateCertificate(context.db, id, {
    ...mapCertificateInput(input),
    updated_at: context.clock.now().toISOString(),
  });
  return readCertificate(context, actor, id);
}

/** `POST /api/dsc/{id}/custody`: the token came in to the firm or went out to its holder, on a day. */
export async function moveCustody(
  context: AppContext,
  actor: Actor,
  id: number,
  input: CustodyMove,
): Promise<DscCertificate> {
  const row = await findCertificate(context, actor, id);
  if (input.on_date > todayOf(context)) failValidation('on_date', M.onDateFuture);
  const custody = input.direction === 'in' ? 'firm' : 'client';
  if (row.custody === custody) failConflict(input.direction === 'in' ? M.alreadyIn : M.alreadyOut);
  const at = context.clock.now().toISOString();
  await context.db.transaction().execute(async (trx) => {
    if (!(await moveCertificateCustody(trx, id, custody, at)))
      failConflict(input.direction === 'in' ? M.alreadyIn : M.alreadyOut);
    await insertCustodyEvent(trx, {
      certificate_id: id,
      direction: input.direction,
      on_date: input.on_date,
      person: input.person,
      note: input.note ?? null,
      recorded_by: actor.id,
      created_at: at,
    });
  });
  return readCertificate(context, actor, id);
}

/** `DELETE /api/dsc/{id}`: with its custody moves. */
export async function removeCertificate(context: AppContext, actor: Actor, id: number): Promise<void> {
  await findCertificate(context, actor, id);
  await context.db.transaction().execute((trx) => deleteCertificate(trx, id));
}

/** Erasing a client (the `retention` module): its certificates leave the register. */
export function eraseCertificatesOf(db: Kysely<DB>, clientId: number): Promise<number> {
  return deleteCertificatesOfClient(db, clientId);
}
