import { DIGEST_DAYS_AHEAD } from '@portal/contract/notifications';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { WORK_STATUS_LABELS, type WorkStatus } from '@portal/contract/work';
import { compose, type Paragraph, type Recipient } from '../mail/mail-messages.js';
import type { MailMessage } from '../mail/mail-queue.js';
import { findMailSafeName } from '../mail/mail-safe-text.js';

export type DigestLine = {
  title: string;
  due_date: string;
  status: string;
  client_first_name: string;
  client_last_name: string;
};

type DigestFacts = {
  today: string;
  counts: { overdue: number; dueSoon: number };
  /** The earliest items, overdue first (at most a page of them). */
  items: DigestLine[];
  /** Where the recipient's Work tab is. */
  workLink: string;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "GSTR-3B · Apr 2026 — Meena Traders — due 20/05/2026 — In progress": what the Work tab shows the person. */
function lineOf(item: DigestLine): string {
  const client = findMailSafeName(`${item.client_first_name} ${item.client_last_name}`) ?? 'a client';
  const status = WORK_STATUS_LABELS[item.status as WorkStatus] ?? item.status;
  return `${item.title} — ${client} — due ${formatIndianDate(item.due_date)} — ${status}`;
}

/**
 * The 08:00 IST digest: the person's overdue work and what falls due in the next seven days, as its
 * Work tab lists them (title, client, due date, status), nothing else of anyone's.
 */
export function dailyDigestMessage(to: Recipient, facts: DigestFacts): MailMessage {
  const { overdue, dueSoon } = facts.counts;
  const overdueItems = facts.items.filter((item) => item.due_date < facts.today);
  const soonItems = facts.items.filter((item) => item.due_date >= facts.today);
  const shown = facts.items.length;
  const total = overdue + dueSoon;
  const paragraphs: Paragraph[] = [`Your open work on ${formatIndianDate(facts.today)}:`];
  if (overdue > 0) paragraphs.push(`Overdue (${overdue}):`, { items: overdueItems.map(lineOf) });
  if (dueSoon > 0 && soonItems.length > 0)
    paragraphs.push(`Due in the next ${DIGEST_DAYS_AHEAD} days (${dueSoon}):`, { items: soonItems.map(lineOf) });
  else if (dueSoon > 0) paragraphs.push(`Due in the next ${DIGEST_DAYS_AHEAD} days: ${dueSoon}.`);
  if (total > shown) paragraphs.push(`…and ${plural(total - shown, 'more item', 'more items')} on your Work tab.`);
  paragraphs.push(
    { link: facts.workLink, label: 'Open your work' },
    'You can turn this daily mail off in My Profile, under Email notifications.',
  );
  const parts = [overdue > 0 && `${overdue} overdue`, dueSoon > 0 && `${dueSoon} due soon`].filter(Boolean);
  return compose(to, `your work for ${formatIndianDate(facts.today)}: ${parts.join(', ')}`, paragraphs);
}
