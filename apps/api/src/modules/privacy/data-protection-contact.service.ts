import type {
  DataProtectionContact,
  DataProtectionContactInput,
  DataProtectionContacts,
} from '@portal/contract/privacy';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failForbidden } from '../../http/http-error.js';
import { firmOf } from '../../policy/authorize.js';
import { recordAudit } from '../audit/audit.service.js';
import { findContactRow, saveContactRow } from './data-protection-contacts.repository.js';

const presentContact = (row: { name: string; email: string; phone: string } | undefined) =>
  row ? { name: row.name, email: row.email, phone: row.phone } : null;

/**
 * The firm's data protection contact (DPDP Act s.8(9), Rules rule 9), or null when its MPC has named
 * none: what the footer, the notice and every reply to a rights request show.
 */
export async function readDataProtectionContact(db: Kysely<DB>, firmId: number): Promise<DataProtectionContact | null> {
  return presentContact(await findContactRow(db, firmId));
}

/** The platform's own contact (the admin's), for the staff of firms; null when none is named. */
export async function readPlatformContact(db: Kysely<DB>): Promise<DataProtectionContact | null> {
  return presentContact(await findContactRow(db, null));
}

/**
 * `GET /api/privacy/contact`: the contacts the caller's footer shows. A firm's users get the firm's; its
 * staff and MPC (whose own data the platform holds as well) and the admin get the platform's too.
 */
export async function readContactsFor(context: AppContext, actor: Actor): Promise<DataProtectionContacts> {
  const firmId = firmOf(actor);
  const [firm, platform] = await Promise.all([
    firmId === null ? null : readDataProtectionContact(context.db, firmId),
    actor.role === 'client' ? null : readPlatformContact(context.db),
  ]);
  return { firm, platform };
}

async function saveContact(
  context: AppContext,
  actor: Actor,
  firmId: number | null,
  input: DataProtectionContactInput,
  ip: string,
): Promise<DataProtectionContact> {
  const now = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    await saveContactRow(trx, { firmId, ...input, by: actor.id, at: now.toISOString() });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'privacy.contact_updated',
      ip,
      at: now,
      details: { scope: firmId === null ? 'platform' : 'firm' },
    });
  });
  return { name: input.name, email: input.email, phone: input.phone };
}

/** `PUT /api/privacy/contact`: the MPC names its firm's contact. */
export async function saveFirmContact(
  context: AppContext,
  actor: Actor,
  input: DataProtectionContactInput,
  ip: string,
): Promise<DataProtectionContact> {
  const firmId = firmOf(actor);
  if (firmId === null) failForbidden();
  return saveContact(context, actor, firmId, input, ip);
}

/** `GET /api/privacy/platform-contact` (the admin). */
export async function readPlatformContactFor(context: AppContext): Promise<DataProtectionContact | null> {
  return readPlatformContact(context.db);
}

/** `PUT /api/privacy/platform-contact`: the admin names the platform's contact. */
export async function savePlatformContact(
  context: AppContext,
  actor: Actor,
  input: DataProtectionContactInput,
  ip: string,
): Promise<DataProtectionContact> {
  return saveContact(context, actor, null, input, ip);
}
