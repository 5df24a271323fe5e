import { randomBytes, randomInt } from 'node:crypto';
import { ROLE_ID } from '@portal/contract/roles';
import type { AppContext } from '../app-context.js';
import { hashPassword } from '../auth/passwords.js';
import { recordAudit } from '../modules/audit/audit.repository.js';
import { generateUsername } from '../modules/users/usernames.js';
import { hasUserOfRole, insertUser } from '../modules/users/users.repository.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@portal.local';

export type FirstAdmin = { email: string; username: string; generatedPassword: string | null };

/** Meets every password rule of spec section 5: lower, upper, digit and one of @$!%*?&. */
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
  const username = await db.transaction().execute(async (trx) => {
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
  return { email, username, generatedPassword };
}
