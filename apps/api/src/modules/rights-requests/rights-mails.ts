import { formatIndianDate, indianDateOf } from '@portal/contract/plain-dates';
import { RIGHTS_KIND_LABELS, type RightsContact, type RightsKind } from '@portal/contract/rights-requests';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { compose, formatMailTime, type Paragraph } from '../mail/mail-messages.js';
import { queueMail } from '../mail/mail-queue.js';
import { withoutLinks } from '../mail/mail-safe-text.js';
import { findClientAccount, type RightsRequestRow } from './rights-requests.repository.js';
import { readContactSlot } from './rights-requests-hooks.js';

type MailContext = Pick<AppContext, 'keyring' | 'clock' | 'config'>;

/**
 * What the client is told when its request is answered, refused or its download is ready. Always sent,
 * whatever the client's mail choices: it is the firm's answer to a request the law gives it. Every one
 * carries the firm's data protection contact (DPDP Rules 2025, rule 9), and the answer or refusal says
 * where to complain next (the Act, section 13(3): the Data Protection Board, once the firm has answered).
 */
export type RightsMail =
  | { kind: 'answered'; text: string }
  | { kind: 'closed'; text: string }
  | { kind: 'download_ready'; expiresAt: Date };

/** The contact's lines, typed by the firm: mailed as text, links left out (the portal's own link leads). */
function contactLines(contact: RightsContact): Paragraph {
  if (!contact) return 'Questions about your personal data: write to your firm through the portal.';
  return {
    items: [
      `Data protection contact: ${withoutLinks(contact.name)}`,
      `Email: ${contact.email}`,
      `Phone: ${contact.phone}`,
    ],
  };
}

const BOARD =
  'If you are not satisfied with this answer, you may complain to the Data Protection Board of India (Digital Personal Data Protection Act, 2023, section 13).';

function paragraphsOf(mail: RightsMail, request: RightsRequestRow, kindWords: string): Paragraph[] {
  const received = formatIndianDate(indianDateOf(new Date(request.received_at)));
  switch (mail.kind) {
    case 'answered':
      return [`Your firm answered your request (${kindWords}, made on ${received}):`, withoutLinks(mail.text), BOARD];
    case 'closed':
      return [
        `Your firm refused or closed your request (${kindWords}, made on ${received}). The reason given:`,
        withoutLinks(mail.text),
        BOARD,
      ];
    case 'download_ready':
      return [
        `Your firm prepared the download of your personal data you asked for on ${received}: a ZIP of what the portal holds about you and your own documents.`,
        `Sign in and open My Profile, "Your data", to download it. It works once, until ${formatMailTime(mail.expiresAt)}.`,
      ];
  }
}

/** Queues the mail in the caller's transaction; a client whose account is not active is not written to. */
export async function mailClientAboutRequest(
  db: Kysely<DB>,
  context: MailContext,
  request: RightsRequestRow,
  mail: RightsMail,
): Promise<void> {
  const client = await findClientAccount(db, request.client_id);
  if (client?.status !== 'active') return;
  const kindWords = RIGHTS_KIND_LABELS[request.kind as RightsKind] ?? request.kind;
  const subject = {
    answered: 'your data request was answered',
    closed: 'your data request was refused or closed',
    download_ready: 'your data is ready to download',
  }[mail.kind];
  const contact = await readContactSlot.call(db, request.firm_id);
  await queueMail(
    db,
    context,
    compose(client, subject, [
      ...paragraphsOf(mail, request, kindWords),
      { link: `${context.config.appUrl}/client/profile`, label: 'Open your requests in the portal' },
      contactLines(contact),
    ]),
  );
}
