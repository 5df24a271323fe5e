import type { UserLink } from '@portal/contract/user-links';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { recordAudit } from '../audit/audit.service.js';
import { presentUserLink } from './user-link.presenter.js';
import { deleteLinksOf, deleteOwnLink, insertLink, listLinksOf } from './user-links.repository.js';

/** `GET /api/userLink/list`: the caller's own links (nobody else's are reachable). */
export async function listOwnLinks(context: AppContext, actor: Actor): Promise<UserLink[]> {
  return (await listLinksOf(context.db, actor.id)).map(presentUserLink);
}

/** Adds a link of `ownerId` without an audit event: demo data, seeded by no one. */
export function insertLinkOf(db: Kysely<DB>, values: { ownerId: number; label: string; value: string; now: string }) {
  return insertLink(db, values);
}

/** The links a user owns, as stored (demo data checks what it already made). */
export function listLinksOfOwner(db: Kysely<DB>, ownerId: number) {
  return listLinksOf(db, ownerId);
}

export async function createOwnLink(
  context: AppContext,
  actor: Actor,
  input: { label: string; value: string },
  ip: string,
): Promise<UserLink> {
  const now = context.clock.now();
  const row = await insertLink(context.db, { ownerId: actor.id, ...input, now: now.toISOString() });
  await recordAudit(context.db, {
    actorId: actor.id,
    action: 'link.create',
    entityType: 'user_link',
    entityId: row.id,
    ip,
    at: now,
  });
  return presentUserLink(row);
}

/** Removes one of the caller's links; false when it has none of that id. */
export function removeOwnLink(context: AppContext, actor: Actor, linkId: number, ip: string): Promise<boolean> {
  return context.db.transaction().execute(async (trx) => {
    if (!(await deleteOwnLink(trx, actor.id, linkId))) return false;
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'link.remove',
      entityType: 'user_link',
      entityId: linkId,
      ip,
      at: context.clock.now(),
    });
    return true;
  });
}

/** Erasing a client (the `retention` module): the links it kept go. */
export function eraseLinksOf(db: Kysely<DB>, ownerId: number): Promise<number> {
  return deleteLinksOf(db, ownerId);
}
