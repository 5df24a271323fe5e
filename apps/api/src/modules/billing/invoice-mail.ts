import { formatRupees } from '@portal/contract/billing-money';
import { formatIndianDate } from '@portal/contract/plain-dates';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { compose } from '../mail/mail-messages.js';
import { queueMail } from '../mail/mail-queue.js';
import { findMailSafeName } from '../mail/mail-safe-text.js';
import { wantsMail } from '../notifications/mail-preferences.js';
import { findRecipientOf } from './invoice-documents.repository.js';

type MailContext = Pick<AppContext, 'keyring' | 'clock' | 'config'>;

/**
 * `invoices`: the client hears of an invoice issued to it, unless it turned that mail off in My Profile,
 * queued in the issuing transaction (an issue that fails sends nothing). The mail queue carries no
 * attachments, so the mail links to the client's invoice page in the portal, where its PDF is; the firm's
 * name, typed by its MPC, is mailed only when it reads as a name.
 */
export async function sendInvoiceIssuedMail(
  db: Kysely<DB>,
  context: MailContext,
  invoice: { id: number; clientId: number; number: string; date: string; dueDate: string; totalPaise: number },
  firmName: string,
): Promise<boolean> {
  const client = await findRecipientOf(db, invoice.clientId);
  if (client?.status !== 'active' || !(await wantsMail(db, client.id, 'invoices'))) return false;
  const firm = findMailSafeName(firmName) ?? 'Your firm';
  await queueMail(
    db,
    context,
    compose(client, `invoice ${invoice.number}`, [
      `${firm} issued you invoice ${invoice.number} dated ${formatIndianDate(invoice.date)} for ${formatRupees(invoice.totalPaise)}, due on ${formatIndianDate(invoice.dueDate)}.`,
      'You can read it, download its PDF and pay it by UPI in the portal.',
      { link: `${context.config.appUrl}/client/invoices/${invoice.id}`, label: 'Open the invoice' },
    ]),
  );
  return true;
}
