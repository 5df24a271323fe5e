import { formatIndianDate } from '@portal/contract/plain-dates';
import { REQUEST_LINK_DAYS } from '@portal/contract/request-links';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import { readRequestLinksEnabled } from '../firm-settings/firm-settings.service.js';
import { compose, type Paragraph } from '../mail/mail-messages.js';
import { type MailMessage, queueMail } from '../mail/mail-queue.js';
import { findMailSafeName, withoutLinks } from '../mail/mail-safe-text.js';
import { wantsMail } from '../notifications/mail-preferences.js';
import { issueRequestLink } from './request-links.service.js';

/**
 * The two mails of a document request, one function each (`request_made`, `request_reminder`), each
 * gated by the client's choice in My Profile (`wantsMail`); the bell's notices are request-notices.ts.
 * Each runs inside
 * the caller's transaction and first claims its number in `document_request_mails` (0 the request,
 * 1.. the reminders): only the transaction that inserted the row queues the mail, and the row commits
 * with the mail or not at all, so two servers never both send it and a restart never loses or repeats
 * it. A client whose account is not active is not written to; the number is still used. With the
 * firm's request links on, each mail carries a fresh link to the request (request-links.service.ts).
 */
export type RequestMailKind = 'request_made' | 'request_reminder';
type MailContext = Pick<AppContext, 'keyring' | 'clock' | 'config'>;

async function claimRequestMail(db: Kysely<DB>, requestId: number, number: number, at: string): Promise<boolean> {
  const row = await db
    .insertInto('document_request_mails')
    .values({ request_id: requestId, number, created_at: at })
    .onConflict((conflict) => conflict.columns(['request_id', 'number']).doNothing())
    .returning('request_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** What both mails say: the client, the work, the documents (with where each stands), who asked. */
async function readMailFacts(db: Kysely<DB>, requestId: number) {
  const request = await db
    .selectFrom('document_requests as request')
    .innerJoin('users as client', 'client.id', 'request.client_id')
    .innerJoin('work_items as work', 'work.id', 'request.work_item_id')
    .innerJoin('services', 'services.id', 'request.service_id')
    .$call(joinPersonName('requester', 'request.created_by'))
    .select([
      'client.id as client_id',
      'client.email',
      'client.first_name',
      'client.status as client_status',
      'work.title',
      'services.service_name',
      'request.due_date',
      'request.message',
      'request.firm_id',
      'request.created_by',
    ])
    .where('request.id', '=', requestId)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('document_request_items')
    .select(['name', 'status', 'reason'])
    .where('request_id', '=', requestId)
    .orderBy('position')
    .execute();
  return { ...request, items };
}

type MailFacts = Awaited<ReturnType<typeof readMailFacts>>;

/** Where the mail leads: the request's own link (no sign-in) when the firm sends them, and the portal. */
const portalLinks = (context: MailContext, requestLink: string | null): Paragraph[] => [
  ...(requestLink
    ? [
        { link: requestLink, label: 'Upload them here, no sign-in needed' },
        `This link opens this request only, for ${REQUEST_LINK_DAYS} days or until the request closes. Do not forward it.`,
      ]
    : []),
  {
    link: `${context.config.appUrl}/client/dashboard`,
    label: requestLink ? 'Or sign in to the portal' : 'Upload them in the portal',
  },
];

function requestMadeMessage(facts: MailFacts, context: MailContext, requestLink: string | null): MailMessage {
  const who = findMailSafeName(`${facts.requester_first_name ?? ''} ${facts.requester_last_name ?? ''}`) ?? 'Your firm';
  const title = withoutLinks(facts.title);
  return compose(facts, `documents needed for ${title}`, [
    `${who} needs these documents for ${title} (${facts.service_name}) by ${formatIndianDate(facts.due_date)}:`,
    ...facts.items.map((item) => `• ${withoutLinks(item.name)}`),
    ...(facts.message ? [`Message: ${withoutLinks(facts.message)}`] : []),
    ...portalLinks(context, requestLink),
  ]);
}

function reminderMessage(facts: MailFacts, context: MailContext, requestLink: string | null): MailMessage {
  const outstanding = facts.items.filter((item) => item.status === 'pending' || item.status === 'rejected');
  const title = withoutLinks(facts.title);
  return compose(facts, `reminder: documents still needed for ${title}`, [
    `We are still waiting for documents for ${title} (${facts.service_name}), needed by ${formatIndianDate(facts.due_date)}:`,
    ...outstanding.map((item) =>
      item.status === 'rejected'
        ? `• ${withoutLinks(item.name)}: not accepted (${withoutLinks(item.reason ?? '')}); please upload it again`
        : `• ${withoutLinks(item.name)}`,
    ),
    ...portalLinks(context, requestLink),
  ]);
}

function linkMessage(facts: MailFacts, context: MailContext, requestLink: string): MailMessage {
  const outstanding = facts.items.filter((item) => item.status === 'pending' || item.status === 'rejected');
  const title = withoutLinks(facts.title);
  return compose(facts, `a new link for the documents needed for ${title}`, [
    `Here is a new link for the documents needed for ${title} (${facts.service_name}) by ${formatIndianDate(facts.due_date)}. Links in earlier mails about it no longer work.`,
    ...outstanding.map((item) => `• ${withoutLinks(item.name)}`),
    ...portalLinks(context, requestLink),
  ]);
}

async function sendRequestMail(
  db: Kysely<DB>,
  context: MailContext,
  requestId: number,
  number: number,
  kind: RequestMailKind,
  compose: (facts: MailFacts, context: MailContext, requestLink: string | null) => MailMessage,
): Promise<boolean> {
  if (!(await claimRequestMail(db, requestId, number, context.clock.now().toISOString()))) return false;
  const facts = await readMailFacts(db, requestId);
  // The number is used either way: a client who turned this mail off is not written to (My Profile).
  if (facts.client_status === 'active' && (await wantsMail(db, facts.client_id, kind))) {
    // Each mail carries a fresh link, which ends the one before (docs/decisions/0036).
    const requestLink = (await readRequestLinksEnabled(db, facts.firm_id))
      ? await issueRequestLink(db, context, {
          requestId,
          clientId: facts.client_id,
          createdBy: number === 0 ? facts.created_by : null,
        })
      : null;
    await queueMail(db, context, compose(facts, context, requestLink));
  }
  return true;
}

/**
 * Staff's "Send new link" (`POST /api/requests/{id}/link/resend`): a fresh link, which ends the one
 * before, mailed with what is still missing. Sent whatever the client's mail choices: staff asked for it.
 */
export async function sendRequestLinkMail(
  db: Kysely<DB>,
  context: MailContext,
  values: { requestId: number; createdBy: number },
): Promise<void> {
  const facts = await readMailFacts(db, values.requestId);
  const requestLink = await issueRequestLink(db, context, {
    requestId: values.requestId,
    clientId: facts.client_id,
    createdBy: values.createdBy,
  });
  await queueMail(db, context, linkMessage(facts, context, requestLink));
}

/** `request_made`: the checklist, the message and the date, to the client, as the request is made. */
export function sendRequestMadeMail(db: Kysely<DB>, context: MailContext, requestId: number): Promise<boolean> {
  return sendRequestMail(db, context, requestId, 0, 'request_made', requestMadeMessage);
}

/** `request_reminder` number `number` (1, 2, ...): what is still missing. False: already claimed. */
export function sendRequestReminderMail(
  db: Kysely<DB>,
  context: MailContext,
  requestId: number,
  number: number,
): Promise<boolean> {
  return sendRequestMail(db, context, requestId, number, 'request_reminder', reminderMessage);
}
