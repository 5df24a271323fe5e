import {
  MAIL_PREFERENCE_MESSAGES as M,
  MAIL_KIND_TEXTS,
  MAIL_KINDS,
  type MailKind,
  type MailPreference,
  mailKindsOf,
  type mailPreferencesSchema,
} from '@portal/contract/notifications';
import type { OwnerNoticeKind } from '@portal/contract/owner-notices';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { GENERIC_MESSAGES, HttpError } from '../../http/http-error.js';
import { hasMailOptOut, listOptOutsOf, saveOptOuts } from './mail-preferences.repository.js';

/**
 * Whether a user wants mail of `kind` (docs/notifications.md): every sender of such mail asks this, or
 * filters its recipients with `wantsMailSql` (mail-preferences.repository.ts). Security notices (password, second factor, sessions,
 * reset and invitation links) are no kind here: they are always sent.
 */
export async function wantsMail(db: Kysely<DB>, userId: number, kind: MailKind | OwnerNoticeKind): Promise<boolean> {
  return !(await hasMailOptOut(db, userId, kind));
}

/** `GET /api/me/mail-preferences`: the kinds the caller's role receives, each on or off. */
export async function readMailPreferences(context: AppContext, actor: Actor): Promise<MailPreference[]> {
  const off = new Set(await listOptOutsOf(context.db, actor.id));
  return mailKindsOf(actor.role).map((kind) => ({
    kind,
    label: MAIL_KIND_TEXTS[kind].label,
    description: MAIL_KIND_TEXTS[kind].description,
    enabled: !off.has(kind),
  }));
}

/** `PUT /api/me/mail-preferences`: some kinds on or off; one the caller's role never receives is refused. */
export async function saveMailPreferences(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof mailPreferencesSchema>,
): Promise<MailPreference[]> {
  const mine = mailKindsOf(actor.role);
  const asked = MAIL_KINDS.filter((kind) => input[kind] !== undefined);
  const foreign = asked.filter((kind) => !mine.includes(kind));
  if (foreign.length > 0)
    throw new HttpError(422, GENERIC_MESSAGES.invalid, Object.fromEntries(foreign.map((kind) => [kind, [M.notYours]])));
  const changes = {
    on: asked.filter((kind) => input[kind] === true),
    off: asked.filter((kind) => input[kind] === false),
  };
  const at = context.clock.now().toISOString();
  await context.db.transaction().execute((trx) => saveOptOuts(trx, actor.id, changes, at));
  return readMailPreferences(context, actor);
}
