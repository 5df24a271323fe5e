import { findRoleName } from '@portal/contract/roles';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import { compose } from '../mail/mail-messages.js';
import { queueMail } from '../mail/mail-queue.js';
import { findMailSafeName, withoutLinks } from '../mail/mail-safe-text.js';
import { wantsMail } from '../notifications/mail-preferences.js';

type MailContext = Pick<AppContext, 'keyring' | 'clock' | 'config'>;

/**
 * `review_requested`: the reviewer named on an item hears of it by mail too, unless it turned that mail
 * off in My Profile (maker-checker, docs/decisions/0031). Sent in the change's transaction. What people
 * typed (names, the title, the note) is text: `compose` escapes it in the HTML, and links are cut out.
 */
export async function sendReviewRequestMail(
  db: Kysely<DB>,
  context: MailContext,
  mail: { workItemId: number; reviewerId: number; actorId: number | null; note: string | null },
): Promise<void> {
  const facts = await db
    .selectFrom('work_items as work')
    .innerJoin('users as reviewer', 'reviewer.id', 'work.reviewer_id')
    .$call(joinPersonName('client', 'work.client_id', 'inner'))
    .leftJoin('users as maker', (join) => join.on('maker.id', '=', mail.actorId ?? -1))
    .select([
      'work.title',
      'reviewer.email',
      'reviewer.first_name',
      'reviewer.status',
      'reviewer.role_id',
      'maker.first_name as maker_first_name',
      'maker.last_name as maker_last_name',
    ])
    .where('work.id', '=', mail.workItemId)
    .where('work.reviewer_id', '=', mail.reviewerId)
    .executeTakeFirst();
  if (mail.reviewerId === mail.actorId) return;
  if (facts?.status !== 'active' || !(await wantsMail(db, mail.reviewerId, 'review_requested'))) return;
  const who = findMailSafeName(`${facts.maker_first_name ?? ''} ${facts.maker_last_name ?? ''}`) ?? 'Your firm';
  const client = findMailSafeName(`${facts.client_first_name} ${facts.client_last_name}`) ?? 'a client';
  const title = withoutLinks(facts.title);
  await queueMail(
    db,
    context,
    compose(facts, `please review ${title}`, [
      `${who} asked you to review ${title} for ${client} before it is filed.`,
      ...(mail.note ? [`Note: ${withoutLinks(mail.note)}`] : []),
      {
        link: `${context.config.appUrl}/${findRoleName(facts.role_id)}/work/${mail.workItemId}`,
        label: 'Open it in the portal',
      },
    ]),
  );
}
