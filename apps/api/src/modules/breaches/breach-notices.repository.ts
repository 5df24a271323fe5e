import { ROLE_ID } from '@portal/contract/roles';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { insertRowOnce } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import type { RegisterKey } from './breaches.repository.js';

/** Who an entry's notices go to: its register, whether it names people or everyone, and the staff too. */
export type NoticeAudience = {
  breachId: number;
  register: RegisterKey;
  everyone: boolean;
  includeStaff: boolean;
};

const STAFF = [ROLE_ID.pc, ROLE_ID.executor];

/**
 * The affected people as the users table holds them now. A firm's entry: its clients (those named, or all),
 * and its PCs and executors when the staff are included. The platform's: the firms, each by its MPC (named,
 * or all), and their PCs and executors when included; the platform holds those accounts' own data, while a
 * firm's clients are the firm's to tell (docs/decisions/0045).
 */
function isAffected(audience: NoticeAudience) {
  return (eb: ExpressionBuilder<DB, 'users'>) => {
    const named = eb(
      'users.id',
      'in',
      eb.selectFrom('breach_people').select('user_id').where('breach_id', '=', audience.breachId),
    );
    const namedFirms = eb(
      'users.firm_id',
      'in',
      eb.selectFrom('breach_people').select('user_id').where('breach_id', '=', audience.breachId),
    );
    if (audience.register !== null) {
      const clients = eb.and([eb('users.role_id', '=', ROLE_ID.client), ...(audience.everyone ? [] : [named])]);
      const staff = eb('users.role_id', 'in', STAFF);
      return eb.and([
        eb('users.firm_id', '=', audience.register),
        audience.includeStaff ? eb.or([clients, staff]) : clients,
      ]);
    }
    const firms = eb.and([eb('users.role_id', '=', ROLE_ID.mpc), ...(audience.everyone ? [] : [named])]);
    const staff = eb.and([eb('users.role_id', 'in', STAFF), ...(audience.everyone ? [] : [namedFirms])]);
    return audience.includeStaff ? eb.or([firms, staff]) : firms;
  };
}

/** The next affected people after `afterId`, by id: a batch the notices are made for in one transaction. */
export function listAffectedPeople(db: Kysely<DB>, audience: NoticeAudience, afterId: number, limit: number) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.first_name', 'users.email'])
    .where(isAffected(audience))
    .where('users.id', '>', afterId)
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

/**
 * Claims the notice of one person: the insert is the claim, on the (breach_id, user_id) unique index, so
 * of two presses (or two processes) at once exactly one makes it. Answers its id, or undefined when it was
 * made before.
 */
export function claimNotice(
  db: Kysely<DB>,
  values: { breachId: number; userId: number; status: 'queued' | 'no_email'; by: number; at: string },
): Promise<number | undefined> {
  const notice = {
    breach_id: values.breachId,
    user_id: values.userId,
    status: values.status,
    mail_id: null,
    sent_at: null,
    created_by: values.by,
    created_at: values.at,
  };
  return insertRowOnce(db, 'breach_notices', notice, ['breach_id', 'user_id']);
}

export async function setNoticeMail(db: Kysely<DB>, noticeId: number, mailId: number): Promise<void> {
  await db.updateTable('breach_notices').set({ mail_id: mailId }).where('id', '=', noticeId).execute();
}

/** A page of an entry's notices in the order they were made, with each person's name. */
export function listNotices(db: Kysely<DB>, breachId: number, page: { after?: number; limit: number }) {
  let query = db
    .selectFrom('breach_notices')
    .$call(joinPersonName('person', 'breach_notices.user_id'))
    .selectAll('breach_notices')
    .where('breach_notices.breach_id', '=', breachId);
  if (page.after !== undefined) query = query.where('breach_notices.id', '>', page.after);
  return query.orderBy('breach_notices.id').limit(page.limit).execute();
}

export type NoticeRow = Awaited<ReturnType<typeof listNotices>>[number];

/** Notices still queued whose message the queue may have finished, a batch at a time. */
export function listQueuedNotices(db: Kysely<DB>, afterId: number, limit: number) {
  return db
    .selectFrom('breach_notices')
    .select(['id', 'mail_id'])
    .where('status', '=', 'queued')
    .where('id', '>', afterId)
    .orderBy('status')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The queue's last word on a notice's message, kept once the queue forgets it. */
export async function settleNotice(
  db: Kysely<DB>,
  noticeId: number,
  values: { status: 'sent' | 'failed'; sentAt: string | null },
): Promise<void> {
  await db
    .updateTable('breach_notices')
    .set({ status: values.status, sent_at: values.sentAt })
    .where('id', '=', noticeId)
    .where('status', '=', 'queued')
    .execute();
}
