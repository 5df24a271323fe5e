import { randomBytes, randomInt } from 'node:crypto';
import { ROLE_ID } from '@portal/contract/roles';
import type { AppContext } from '../app-context.js';
import { hashPassword } from '../auth/passwords.js';
import { recordAudit } from '../modules/audit/audit.service.js';
import { generateUsername } from '../modules/users/usernames.js';
import { hasUserOfRole, insertUser } from '../modules/users/users.service.js';

const DEFAULT_ADMIN_EMAIL = 'admin@portal.local';

type FirstAdmin = { email: string; username: string; generatedPassword: string | null };

/** Meets every password rule (`checkPassword`): lower, upper, digit and one of @$!%*?&. */
function generateAdminPassword(): string {
  const specials = '@$!%*?&';
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${body}Aa7${specials[randomInt(specials.length)]}`;
}

/** Creates the admin only when none exists; returns what to tell the operator, or null. */
export async function ensureFirstAdmin(context: AppContext): Promise<FirstAdmin | null> {
  const { db, config, clock } = context;
  if (await hasUserOfRole(db, ROLE_ID.admin)) return null;
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = config.adminPassword ? null : generateAdminPassword();
  const passwordHash = await hashPassword(config.adminPassword ?? (generatedPassword as string));
  const now = clock.now();
  const username = await insertFirstAdmin(
    context,
    { email, passwordHash, mustChange: generatedPassword !== null },
    now,
  ).catch(async (error) => {
    // Several processes starting at once on one database: another one created it first.
    if (await hasUserOfRole(db, ROLE_ID.admin)) return null;
    throw error;
  });
  return username === null ? null : { email, username, generatedPassword };
}

async function insertFirstAdmin(
  { db }: AppContext,
  admin: { email: string; passwordHash: string; mustChange: boolean },
  now: Date,
): Promise<string> {
  const { email, passwordHash } = admin;
  return db.transaction().execute(async (trx) => {
    const chosen = await generateUsername(trx, 'Platform', 'Admin');
    const id = await insertUser(trx, {
      role_id: ROLE_ID.admin,
      firm_id: null,
      created_by: null,
      first_name: 'Platform',
      last_name: 'Admin',
      email,
      username: chosen,
      password_hash: passwordHash,
      // A printed password has been seen on a console and in its scrollback: it opens the account only
      // to be changed. One the operator chose (ADMIN_PASSWORD) is the operator's own (docs/decisions/0017).
      password_state: admin.mustChange ? 'must_change' : 'own',
      status: 'active',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    await recordAudit(trx, {
      actorId: id,
      action: 'user.create_first_admin',
      entityType: 'user',
      entityId: id,
      at: now,
    });
    return chosen;
  });
}
