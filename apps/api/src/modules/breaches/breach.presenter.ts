import {
  BOARD_REPORT_HOURS,
  type BoardDeadline,
  BREACH_DATA_KINDS,
  type BreachAffected,
  type BreachChange,
  type BreachDataKind,
  type BreachEntry,
  type BreachNotice,
  type BreachNoticeStatus,
  type BreachSummary,
} from '@portal/contract/breaches';
import { fullName, personRefOf } from '../../db/person-name.js';
import type { MailState } from '../mail/mail-queue.js';
import type { NoticeRow } from './breach-notices.repository.js';
import type { BreachChangeRow, BreachRow } from './breaches.repository.js';

const HOUR_MS = 60 * 60 * 1000;

const isoOf = (value: string) => new Date(value).toISOString();

/** The words of each field an entry's history names. */
export const BREACH_FIELD_LABELS: Record<string, string> = {
  found_at: 'When it was found',
  description: 'What happened',
  data_kinds: 'The data affected',
  data_other: 'Other data affected',
  affected: 'The people affected',
  include_staff: 'Staff included',
  consequences: 'Likely consequences',
  measures: 'Measures taken',
  advice: 'What people can do',
  board_reported_on: 'Reported to the Board on',
};

/** The kinds stored comma-joined, in the contract's order. */
export const readDataKinds = (stored: string): BreachDataKind[] =>
  BREACH_DATA_KINDS.filter((kind) => stored.split(',').includes(kind));

/** Rule 7(2)(b): the detailed report is due 72 hours after the breach was found; where that stands `now`. */
export function presentDeadline(row: BreachRow, now: Date): BoardDeadline {
  const dueAt = Date.parse(row.found_at) + BOARD_REPORT_HOURS * HOUR_MS;
  const minutesLeft = Math.floor((dueAt - now.getTime()) / 60_000);
  return {
    due_at: new Date(dueAt).toISOString(),
    minutes_left: minutesLeft,
    overdue: row.board_reported_on === null && minutesLeft < 0,
    reported_on: row.board_reported_on,
    reported_by: personRefOf(row.board_reported_by, row.reporter_first_name, row.reporter_last_name),
  };
}

export function presentBreachSummary(row: BreachRow, now: Date): BreachSummary {
  return {
    id: row.id,
    register: row.firm_id === null ? 'platform' : 'firm',
    found_at: isoOf(row.found_at),
    description: row.description,
    data_kinds: readDataKinds(row.data_kinds),
    affected: row.affected as BreachAffected,
    include_staff: row.include_staff === 1,
    board: presentDeadline(row, now),
    notices_made: row.notices_made,
    recorded_by: personRefOf(row.created_by, row.recorder_first_name, row.recorder_last_name),
    created_at: isoOf(row.created_at),
  };
}

function presentChange(row: BreachChangeRow): BreachChange {
  return {
    field: row.field,
    label: BREACH_FIELD_LABELS[row.field] ?? row.field,
    from: row.from_value,
    to: row.to_value,
    changed_by: personRefOf(row.changed_by, row.changer_first_name, row.changer_last_name),
    changed_at: isoOf(row.changed_at),
  };
}

export function presentBreachEntry(
  row: BreachRow,
  now: Date,
  parts: {
    people: { user_id: number; person_first_name: string; person_last_name: string | null }[];
    changes: BreachChangeRow[];
    permissions: BreachEntry['permissions'];
  },
): BreachEntry {
  return {
    ...presentBreachSummary(row, now),
    data_other: row.data_other,
    consequences: row.consequences,
    measures: row.measures,
    advice: row.advice,
    affected_people: parts.people.map((person) => ({
      id: person.user_id,
      name: fullName(person.person_first_name, person.person_last_name),
    })),
    changes: parts.changes.map(presentChange),
    permissions: parts.permissions,
  };
}

/** A notice, its status as the mail queue says it now when the notice still waits on it. */
export function presentNotice(row: NoticeRow, mail: MailState | undefined): BreachNotice {
  const live = row.status === 'queued' && mail !== undefined && mail.status !== 'queued';
  return {
    id: row.id,
    person: personRefOf(row.user_id, row.person_first_name, row.person_last_name),
    status: (live ? mail.status : row.status) as BreachNoticeStatus,
    sent_at: live ? mail.sentAt : row.sent_at === null ? null : isoOf(row.sent_at),
    created_at: isoOf(row.created_at),
  };
}
