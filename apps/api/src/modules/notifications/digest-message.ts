import { DIGEST_DAYS_AHEAD } from '@portal/contract/notifications';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { DSC_EXPIRY_WINDOW_DAYS } from '@portal/contract/registers';
import { UDIN_DEADLINE_DAYS } from '@portal/contract/udin';
import { WORK_STATUS_LABELS, type WorkStatus } from '@portal/contract/work';
import { compose, type Paragraph, type Recipient } from '../mail/mail-messages.js';
import type { MailMessage } from '../mail/mail-queue.js';
import { findMailSafeName } from '../mail/mail-safe-text.js';
import type { DigestRegisters } from './notification-hooks.js';

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
  /** Certificates expiring and UDINs missing in the recipient's reach (the registers, issue 22). */
  registers: DigestRegisters;
  registersLink: string;
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
  // An MPC with nothing due may still get the registers' lines (issue 22).
  const opening = total > 0 ? 'Your open work on' : 'Your registers on';
  const paragraphs: Paragraph[] = [`${opening} ${formatIndianDate(facts.today)}:`];
  if (overdue > 0) paragraphs.push(`Overdue (${overdue}):`, { items: overdueItems.map(lineOf) });
  if (dueSoon > 0 && soonItems.length > 0)
    paragraphs.push(`Due in the next ${DIGEST_DAYS_AHEAD} days (${dueSoon}):`, { items: soonItems.map(lineOf) });
  else if (dueSoon > 0) paragraphs.push(`Due in the next ${DIGEST_DAYS_AHEAD} days: ${dueSoon}.`);
  if (total > shown) paragraphs.push(`…and ${plural(total - shown, 'more item', 'more items')} on your Work tab.`);
  if (total > 0) paragraphs.push({ link: facts.workLink, label: 'Open your work' });
  paragraphs.push(...registerParagraphs(facts.registers, facts.registersLink));
  paragraphs.push('You can turn this daily mail off in My Profile, under Email notifications.');
  const { dscExpiring, udinMissing } = facts.registers;
  const parts = [
    overdue > 0 && `${overdue} overdue`,
    dueSoon > 0 && `${dueSoon} due soon`,
    dscExpiring > 0 && plural(dscExpiring, 'DSC expiring', 'DSCs expiring'),
    udinMissing > 0 && plural(udinMissing, 'UDIN missing', 'UDINs missing'),
  ].filter(Boolean);
  return compose(to, `your work for ${formatIndianDate(facts.today)}: ${parts.join(', ')}`, paragraphs);
}

/** "DSCs expiring in 30 days (2):" with holder, client and date; "UDINs missing: 3 (1 past ICAI's 60 days)". */
function registerParagraphs(registers: DigestRegisters, link: string): Paragraph[] {
  const { dscExpiring, dscLines, udinMissing, udinOverdue } = registers;
  if (dscExpiring + udinMissing === 0) return [];
  const paragraphs: Paragraph[] = [];
  if (dscExpiring > 0) {
    const lines = dscLines.map((line) => {
      const client = findMailSafeName(line.client) ?? 'a client';
      const holder = findMailSafeName(line.holder) ?? 'its holder';
      return `${holder} — ${client} — valid until ${formatIndianDate(line.validUntil)}`;
    });
    paragraphs.push(`DSCs expiring in ${DSC_EXPIRY_WINDOW_DAYS} days (${dscExpiring}):`, { items: lines });
  }
  if (udinMissing > 0)
    paragraphs.push(
      `UDINs missing on signed work: ${udinMissing}${udinOverdue > 0 ? ` (${udinOverdue} past ICAI's ${UDIN_DEADLINE_DAYS} days)` : ''}.`,
    );
  paragraphs.push({ link, label: 'Open the registers' });
  return paragraphs;
}
