import { AUTH_AUDIT_ACTIONS } from '@portal/contract/audit-actions-auth';
import { ROLE_ID } from '@portal/contract/roles';
import { runCommand, runWithPortalApp } from './cli-run.js';
import { systemClock } from './clock.js';
import { loadCommandConfig } from './config.js';
import { type AuditEntry, recordAudit } from './modules/audit/audit.service.js';
import { resetLinkMessage } from './modules/mail/mail-messages.js';
import { queueMail } from './modules/mail/mail-queue.js';
import { removeSpentOutboxLinks } from './modules/mail/outbox-links.js';
import { issuePasswordLink } from './modules/passwords/password-links.js';
import { removeRecoveryCodesOf } from './modules/two-factor/two-factor.service.js';
import { findUserBySignInName, updateUser } from './modules/users/users.service.js';

const USAGE = 'Usage: npm run admin:reset -- EMAIL [--two-factor]';

/**
 * `npm run admin:reset -- EMAIL [--two-factor]`, run on the server by whoever runs the portal: a reset
 * link for an admin who lost the password, mailed when SMTP_URL is set and printed otherwise (the link
 * works once, for 30 minutes). `--two-factor` also removes the admin's second factor (a lost phone):
 * nobody else is in charge of an admin, so nobody is locked out for good.
 */
async function resetAdmin(): Promise<number> {
  process.umask(0o077);
  const args = process.argv.slice(2);
  const email = args.find((arg) => !arg.startsWith('--'));
  if (!email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadCommandConfig();
  return runWithPortalApp(config, async (context) => {
    const admin = await findUserBySignInName(context.db, email);
    if (!admin || admin.role_id !== ROLE_ID.admin) {
      console.error(`No admin signs in as ${email}.`);
      return 1;
    }
    const now = systemClock.now();
    // Nobody signed in acts: the log names this command instead of an actor.
    const describeCommandEvent = (action: AuditEntry['action']): AuditEntry => ({
      actorId: null,
      action,
      entityType: 'user',
      entityId: admin.id,
      details: { via: 'admin_reset_command' },
      at: now,
    });
    const resetTwoFactor = args.includes('--two-factor');
    const link = await context.db.transaction().execute(async (trx) => {
      const issued = await issuePasswordLink(trx, context, admin.id, 'reset');
      if (config.smtpUrl) await queueMail(trx, context, resetLinkMessage(admin, issued.url), issued);
      await recordAudit(trx, describeCommandEvent(AUTH_AUDIT_ACTIONS.passwordResetRequested));
      if (resetTwoFactor && admin.totp_enabled_at !== null) {
        await updateUser(trx, admin.id, {
          totp_secret: null,
          totp_pending_secret: null,
          totp_enabled_at: null,
          totp_last_step: null,
        });
        await removeRecoveryCodesOf(trx, admin.id);
        await recordAudit(trx, describeCommandEvent(AUTH_AUDIT_ACTIONS.twoFactorReset));
      }
      return issued.url;
    });
    // An earlier link of the admin, replaced now, may sit in the outbox folder.
    await removeSpentOutboxLinks(context);
    if (resetTwoFactor) console.log(`Two-factor sign-in of ${admin.email} removed.`);
    if (config.smtpUrl) {
      await context.mail.deliverDue();
      console.log(`A reset link was mailed to ${admin.email}. It works once, within 30 minutes.`);
    } else {
      // The operator's own terminal, not a log: SMTP_URL is not set, so this is how the link gets out.
      console.log(`Open this link within 30 minutes to set a new password for ${admin.email} (it works once):`);
      console.log(link);
    }
    return 0;
  });
}

runCommand(resetAdmin, 'Reset');
