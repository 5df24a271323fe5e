import {
  type LegalHoldEntry,
  type LegalHoldPlaceInput,
  type LegalHoldState,
  RETENTION_MESSAGES as M,
} from '@portal/contract/retention';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { failConflict } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { requireUserToActOn } from '../users/users.service.js';
import {
  insertHold,
  isClientHeld,
  type LegalHoldRow,
  listClientsWithRetentionHolds,
  listHeldClientIds,
  listHoldsOfClient,
  releaseHoldOf,
} from './retention.repository.js';

const nameOf = (first: string | null, last: string | null) =>
  first === null ? null : [first, last].filter(Boolean).join(' ');

const presentHold = (row: LegalHoldRow): LegalHoldEntry => ({
  id: row.id,
  reason: row.reason,
  placed_by: nameOf(row.placer_first_name, row.placer_last_name),
  placed_at: row.placed_at,
  released_by: nameOf(row.releaser_first_name, row.releaser_last_name),
  released_at: row.released_at,
  release_note: row.release_note,
});

async function readHoldState(db: Kysely<DB>, clientId: number): Promise<LegalHoldState> {
  const history = (await listHoldsOfClient(db, clientId)).map(presentHold);
  return { current: history.find((hold) => hold.released_at === null) ?? null, history };
}

/** `GET /api/clients/:id/legal-hold`: the hold in force and the earlier ones (its firm's MPC). */
export async function readLegalHold(context: AppContext, actor: Actor, clientId: number): Promise<LegalHoldState> {
  await requireUserToActOn(context, actor, clientId, 'client.hold');
  return readHoldState(context.db, clientId);
}

/**
 * `POST /api/clients/:id/legal-hold`: nothing of the client is erased, and none of its records or trash is
 * purged, until the hold is released (a proceeding, a notice, an investigation: CGST Act s.36's proviso).
 * The reason stays with the hold; the activity log names the hold, not the reason.
 */
export async function placeLegalHold(
  context: AppContext,
  actor: Actor,
  clientId: number,
  input: LegalHoldPlaceInput,
  ip: string,
): Promise<LegalHoldState> {
  const client = await requireUserToActOn(context, actor, clientId, 'client.hold');
  const at = context.clock.now();
  await context.db
    .transaction()
    .execute(async (trx) => {
      if (await isClientHeld(trx, clientId)) failConflict(M.holdAlready);
      const holdId = await insertHold(trx, {
        firm_id: client.firm_id as number,
        client_id: clientId,
        reason: input.reason,
        placed_by: actor.id,
        placed_at: at.toISOString(),
      });
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'client.hold',
        entityType: 'legal_hold',
        entityId: holdId,
        subjectId: clientId,
        ip,
        at,
      });
    })
    .catch((error: unknown) => {
      // Two holds placed at once: the unique index keeps one.
      if (isUniqueViolation(error)) failConflict(M.holdAlready);
      throw error;
    });
  return readHoldState(context.db, clientId);
}

/** `POST /api/clients/:id/legal-hold/release`: the hold ends; erasure and purges apply again. */
export async function releaseLegalHold(
  context: AppContext,
  actor: Actor,
  clientId: number,
  input: { note: string },
  ip: string,
): Promise<LegalHoldState> {
  await requireUserToActOn(context, actor, clientId, 'client.hold');
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    if (!(await releaseHoldOf(trx, clientId, { by: actor.id, at: at.toISOString(), note: input.note || null })))
      failConflict(M.holdNone);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'client.hold_release',
      entityType: 'user',
      entityId: clientId,
      subjectId: clientId,
      ip,
      at,
    });
  });
  return readHoldState(context.db, clientId);
}

/** Whether a client is on legal hold now (erasure refuses; the purges skip it). */
export function isOnLegalHold(db: Kysely<DB>, clientId: number): Promise<boolean> {
  return isClientHeld(db, clientId);
}

/**
 * Every client whose records nothing may delete now: on legal hold, or erased with records the law keeps
 * (those go by the retention purge on their day, never by the trash's). The files module's trash purge and
 * "delete for good" leave theirs alone (app.ts provides it).
 */
export async function listClientsOnLegalHold(db: Kysely<DB>): Promise<number[]> {
  return [...new Set([...(await listHeldClientIds(db)), ...(await listClientsWithRetentionHolds(db))])];
}
