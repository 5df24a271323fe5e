import type { OwnerNoticeKind } from '@portal/contract/owner-notices';
import { indianDateOf } from '@portal/contract/plain-dates';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { compose } from '../mail/mail-messages.js';
import { queueMail } from '../mail/mail-queue.js';
import { findMailSafeName, withoutLinks } from '../mail/mail-safe-text.js';
import { wantsMail } from './mail-preferences.js';
import { notifyUsers } from './notify-users.js';
import { findMailPerson, findServiceName, hasNoticeOptOut, insertFirmFeed } from './owner-notices.repository.js';

/** Something of a firm's work its MPC hears about (docs/notifications.md, "The owner's notices"). */
export type OwnerEvent = {
  kind: OwnerNoticeKind;
  /** The firm that owns the client service (its MPC's id): never a firm it is delegated to. */
  firmId: number;
  actorId: number;
  clientId: number;
  serviceId: number | null;
  workItemId?: number | null;
  requestId?: number | null;
  folderId?: number | null;
  /** The work item's title; none (an upload outside any work): the service's name. */
  subject?: string;
  /** The document's or file's name; a filing's status and ARN. */
  detail: string;
  ackNumber?: string | null;
  /** A filing's own date (yyyy-mm-dd) when given; else the India date of `at`. */
  happenedOn?: string | null;
  /** The MPC already heard of it in the bell another way (a request's upload it asked for): no second notice. */
  toldInBell?: boolean;
  at: Date;
};

type MailContext = Pick<AppContext, 'keyring' | 'clock' | 'config'>;

const MAIL_SUBJECTS: Record<OwnerNoticeKind, string> = {
  owner_work_filed: 'work filed',
  owner_document_accepted: 'document accepted',
  owner_client_upload: 'a client uploaded a file',
};

/** What the mail says; typed names and titles go through the mail's own guards (issue 20). */
function ownerMailLines(event: OwnerEvent & { subject: string }, client: string): string[] {
  const subject = withoutLinks(event.subject);
  const detail = withoutLinks(event.detail);
  if (event.kind === 'owner_work_filed') return [`${subject} of ${client}: ${detail}.`];
  if (event.kind === 'owner_document_accepted') return [`${detail} of ${client} was accepted for ${subject}.`];
  return [`${client} uploaded ${detail} to ${subject}.`];
}

function ownerLink(event: OwnerEvent, context: MailContext): string {
  const base = `${context.config.appUrl}/mpc`;
  if (event.workItemId) return `${base}/work/${event.workItemId}`;
  const folder = event.folderId ? `/${event.folderId}` : '';
  return `${base}/client/file/${event.clientId}/${event.serviceId ?? ''}${folder}`;
}

/**
 * Records the event on the firm's dashboard (`firm_feed`, whatever its MPC chose) and tells the MPC, in
 * the bell and by mail as it chose in My Profile, unless the MPC is the one acting. Runs inside the
 * change's transaction, so the notice exists exactly when the change does.
 */
export async function noticeOwner(db: Kysely<DB>, context: MailContext, given: OwnerEvent): Promise<void> {
  const subject =
    given.subject ?? (given.serviceId !== null ? await findServiceName(db, given.serviceId) : null) ?? 'their files';
  const event = { ...given, subject };
  await insertFirmFeed(db, {
    firm_id: event.firmId,
    kind: event.kind === 'owner_work_filed' ? 'filed' : 'received',
    client_id: event.clientId,
    service_id: event.serviceId,
    work_item_id: event.workItemId ?? null,
    request_id: event.requestId ?? null,
    folder_id: event.folderId ?? null,
    subject: (event.kind === 'owner_work_filed' ? event.subject : event.detail).slice(0, 255),
    ack_number: event.ackNumber ?? null,
    happened_on: event.happenedOn ?? indianDateOf(event.at),
    actor_id: event.actorId,
    created_at: event.at.toISOString(),
  });
  if (event.actorId === event.firmId) return;
  const owner = await findMailPerson(db, event.firmId);
  if (!owner) return;
  if (!event.toldInBell && !(await hasNoticeOptOut(db, owner.id, event.kind)))
    await notifyUsers(db, {
      recipients: [owner.id],
      kind: event.kind,
      actorId: event.actorId,
      workItemId: event.workItemId ?? null,
      clientId: event.clientId,
      serviceId: event.serviceId,
      requestId: event.requestId ?? null,
      subject: event.subject,
      detail: event.detail,
      at: event.at,
    });
  if (owner.status === 'active' && (await wantsMail(db, owner.id, event.kind))) {
    const named = await findMailPerson(db, event.clientId);
    const client = findMailSafeName(`${named?.first_name ?? ''} ${named?.last_name ?? ''}`) ?? 'A client';
    await queueMail(
      db,
      context,
      compose(owner, MAIL_SUBJECTS[event.kind], [
        ...ownerMailLines(event, client),
        { link: ownerLink(event, context), label: 'Open it in the portal' },
      ]),
    );
  }
}
