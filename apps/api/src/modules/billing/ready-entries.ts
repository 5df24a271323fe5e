import type { FeeBasis } from '@portal/contract/billing';
import { ONE_OFF_PERIOD, type ReadyEntry } from '@portal/contract/billing-ready';
import {
  type Frequency,
  labelPeriod,
  nextPeriod,
  parsePeriod,
  periodOfMonth,
} from '@portal/contract/compliance-periods';
import { indianDateOf } from '@portal/contract/plain-dates';
import { fullName } from '../../db/person-name.js';
import type { PeriodFeeRow, ReadyWorkRow } from './ready.repository.js';

const nameOf = (row: { first_name: string; last_name: string | null }) => fullName(row.first_name, row.last_name);
const monthOf = (isoDate: string) => ({ year: Number(isoDate.slice(0, 4)), month: Number(isoDate.slice(5, 7)) });
const FREQUENCY_OF: Partial<Record<FeeBasis, Frequency>> = {
  monthly: 'monthly',
  quarterly: 'quarterly',
  yearly: 'yearly',
};

/**
 * The periods a fee charges for up to today (India): a retainer's from the period holding the day the fee
 * was set (not the client service's start: a fee set today does not bill the months before it) to the
 * one holding today, each a key like `2026-04`, `FY2026-27-Q1` or `FY2026-27`; a one-off fee's `ONCE`.
 */
export function listChargedPeriods(fee: { basis: string; created_at: string }, today: string): string[] {
  const frequency = FREQUENCY_OF[fee.basis as FeeBasis];
  if (!frequency) return fee.basis === 'one_off' ? [ONE_OFF_PERIOD] : [];
  const last = periodOfMonth(frequency, monthOf(today)).key;
  const keys: string[] = [];
  for (let period = periodOfMonth(frequency, monthOf(indianDateOf(new Date(fee.created_at)))); ; ) {
    keys.push(period.key);
    if (period.key === last || keys.length > 240) return keys;
    period = nextPeriod(period);
  }
}

/** How a line and the list name a fee's period: "Apr 2026", "Q1 FY 2026-27", "One-off". */
export const labelFeePeriod = (key: string) => (key === ONE_OFF_PERIOD ? 'One-off' : labelPeriod(key));

export function presentReadyWork(row: ReadyWorkRow): ReadyEntry {
  return {
    work_item_id: row.id,
    period_key: null,
    client_id: row.client_id,
    client_name: nameOf(row),
    service_id: row.service_id,
    service_name: row.service_name,
    sac: row.sac_code,
    title: row.title,
    period: row.period,
    status: row.status,
    // Filed work has its filing date; completed work without one, the day it last changed.
    closed_on: row.filed_on ?? indianDateOf(new Date(row.updated_at)),
    basis: 'per_item',
    amount_paise: row.amount_paise,
    gst_rate_bp: row.gst_rate_bp,
  };
}

export function presentReadyPeriod(row: PeriodFeeRow, periodKey: string): ReadyEntry {
  return {
    work_item_id: null,
    period_key: periodKey,
    client_id: row.client_id,
    client_name: nameOf(row),
    service_id: row.service_id,
    service_name: row.service_name,
    sac: row.sac_code,
    title: labelFeePeriod(periodKey),
    period: periodKey === ONE_OFF_PERIOD ? null : periodKey,
    status: null,
    closed_on: null,
    basis: row.basis as FeeBasis,
    amount_paise: row.amount_paise,
    gst_rate_bp: row.gst_rate_bp,
  };
}

const monthIndex = (at: { year: number; month: number }) => at.year * 12 + at.month;

/** The months a period key covers, as indexes; null for a one-off fee's `ONCE`. */
function monthsOf(key: string): [number, number] | null {
  const period = key === ONE_OFF_PERIOD ? null : parsePeriod(key);
  return period ? [monthIndex(period.first), monthIndex(period.last)] : null;
}

/**
 * Each fee's periods that no live invoice bills, in the fees' order. A period is billed when a live line
 * holds it, or holds a period of the same client service that overlaps it in time (the fee's basis
 * changed: a quarter whose April was billed monthly is not offered again, nor the months of a billed year).
 */
export function listUnbilledPeriods(
  fees: PeriodFeeRow[],
  held: { client_id: number; service_id: number; period_key: string }[],
  today: string,
): ReadyEntry[] {
  const heldBy = new Map<string, string[]>();
  for (const row of held) {
    const of = `${row.client_id}:${row.service_id}`;
    heldBy.set(of, [...(heldBy.get(of) ?? []), row.period_key]);
  }
  const isHeld = (of: string, key: string) => {
    const keys = heldBy.get(of) ?? [];
    const months = monthsOf(key);
    return keys.some((heldKey) => {
      if (heldKey === key) return true;
      const heldMonths = monthsOf(heldKey);
      return months !== null && heldMonths !== null && months[0] <= heldMonths[1] && heldMonths[0] <= months[1];
    });
  };
  return fees.flatMap((fee) =>
    listChargedPeriods(fee, today)
      .filter((key) => !isHeld(`${fee.client_id}:${fee.service_id}`, key))
      .map((key) => presentReadyPeriod(fee, key)),
  );
}
