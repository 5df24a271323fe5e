import path from 'node:path';
import type { AppContext, MailDelivery } from '../../app-context.js';
import { EncryptionKeyError } from '../../encryption/keyring.js';
import { describeMailError } from './mail-failure-reasons.js';
import {
  type ClaimedMail,
  claimMail,
  listDueMailIds,
  markMailFailed,
  markMailSent,
  scheduleMailRetry,
} from './mail-outbox.repository.js';
import { openMailBody } from './mail-queue.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';

/**
 * Delivers queued mail off the request path (docs/decisions/0018): woken after a message is queued,
 * and by the scheduler's `deliver-mail` task (mail-tasks.ts) for retries and for messages another
 * process queued. Several processes may run it against one database: each message is claimed by one
 * conditional update first.
 */
type DeliveryContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'log' | 'keyring'>;

// After the first failure: 1 minute, then 5, 15, 60 and 240; then it is given up (about 5 h 20 min in all).
export const MAIL_RETRY_DELAYS_MS = [1, 5, 15, 60, 240].map((minutes) => minutes * 60_000);
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;
// Longer than any send may take (the transport's timeouts): a process that died holding a message frees it then.
const LEASE_MS = 2 * 60_000;
const BATCH = 20;

export function createMailDelivery(
  context: DeliveryContext,
  transport: MailTransport = createMailTransport(context.config),
): MailDelivery {
  const { db, clock, config, log } = context;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function deliverOne(mail: ClaimedMail): Promise<boolean> {
    try {
      if (!mail.body) throw new Error('the message has no body');
      const body = openMailBody(context, mail.body);
      const where = await transport.send(mail.id, {
        from: config.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        ...body,
      });
      // A file holding a link is named on the row, so that it goes when the link stops working (outbox-links.ts).
      const linkFile = transport.kind === 'outbox' && mail.link_expires_at !== null ? path.basename(where) : null;
      await markMailSent(db, mail.id, clock.now().toISOString(), linkFile);
      // The file's path is where the operator finds it; the link inside is never logged.
      if (transport.kind === 'outbox') log.info({ mailId: mail.id, file: where }, 'Mail written to the outbox');
      else log.debug({ mailId: mail.id }, 'Mail delivered');
      return true;
    } catch (error) {
      const reason = describeMailError(error);
      if (mail.attempts >= MAIL_MAX_ATTEMPTS || error instanceof EncryptionKeyError || !mail.body) {
        await markMailFailed(db, mail.id, reason);
        log.error({ mailId: mail.id, attempts: mail.attempts, reason }, 'Mail could not be delivered: given up');
      } else {
        const delay = MAIL_RETRY_DELAYS_MS[mail.attempts - 1] ?? (MAIL_RETRY_DELAYS_MS.at(-1) as number);
        const retryAt = new Date(clock.now().getTime() + delay).toISOString();
        await scheduleMailRetry(db, mail.id, { nextAttemptAt: retryAt, error: reason });
        log.warn({ mailId: mail.id, attempt: mail.attempts, retryAt, reason }, 'Mail delivery failed: will retry');
      }
      return false;
    }
  }

  async function pass(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const now = clock.now();
      const ids = await listDueMailIds(db, now.toISOString(), BATCH);
      for (const id of ids) {
        if (stopped) return delivered;
        const claimed = await claimMail(db, id, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString());
        if (claimed && (await deliverOne(claimed))) delivered += 1;
      }
      if (ids.length < BATCH) break;
    }
    return delivered;
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error) => {
        log.error({ reason: describeMailError(error) }, 'The mail queue could not be read');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  }

  return {
    wake() {
      if (!stopped) void run();
    },
    async deliverDue() {
      if (running) await running.catch(() => 0);
      return run();
    },
    async stop() {
      stopped = true;
      await running?.catch(() => 0);
      transport.close();
    },
  };
}
