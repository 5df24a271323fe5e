import type { HeldGroup, RecordClass, RetentionClass } from '@portal/contract/retention';
import type { FileDateRow } from '../files/file-erasure.service.js';
import type { WorkDateRow } from '../work/work-erasure.service.js';
import { fyLabel, fyStartOfDate, fyStartOfInstant, fyStartOfWork, heldUntil } from './retention-periods.js';

/** An erased client's records as its erasure finds them. */
export type ClientRecords = {
  work: WorkDateRow[];
  files: FileDateRow[];
  invoices: { id: number; invoice_date: string }[];
  receipts: { id: number; receipt_date: string }[];
};

/** The records one class keeps of one financial year, and until when. */
export type RecordGroup = {
  recordClass: RecordClass;
  fyStart: number;
  heldUntil: string;
  workIds: number[];
  fileIds: number[];
  invoiceIds: number[];
  receiptIds: number[];
};

export type ErasureSplit = {
  /** Work with nothing to keep: open, cancelled, never filed. */
  removeWorkIds: number[];
  /** Groups whose period ended already: removed with the rest. */
  ended: RecordGroup[];
  /** Groups kept until their day. */
  held: RecordGroup[];
};

/** Work a law keeps: what was filed or completed. Open and cancelled work holds nothing of record. */
const isRecordOfWork = (item: WorkDateRow) =>
  item.is_open === 0 && (item.status === 'filed' || item.status === 'completed');

const FALLBACK_CLASS: RecordClass = 'books_of_account';

/**
 * Sorts a client's records into groups of (class, financial year), each held until its class's period
 * ends (docs/decisions/0046): work and files by their service's class, invoices, credit notes and receipts
 * as GST records. A group's day is the latest of its records' (audit papers run from each report's date).
 */
export function splitRecords(
  records: ClientRecords,
  values: {
    serviceClasses: ReadonlyMap<number, string>;
    schedule: ReadonlyMap<string, RetentionClass>;
    erasedOn: string;
  },
): ErasureSplit {
  const groups = new Map<string, RecordGroup>();
  const place = (
    recordClass: RecordClass,
    fyStart: number,
    reportedOn: string | null,
    add: (group: RecordGroup) => void,
  ) => {
    const schedule = values.schedule.get(recordClass) ?? values.schedule.get(FALLBACK_CLASS);
    if (!schedule) throw new Error(`The retention schedule has no class ${recordClass}`);
    const until = heldUntil(schedule, { fyStart, reportedOn, erasedOn: values.erasedOn });
    const key = `${recordClass}:${fyStart}`;
    const group = groups.get(key) ?? {
      recordClass,
      fyStart,
      heldUntil: until,
      workIds: [],
      fileIds: [],
      invoiceIds: [],
      receiptIds: [],
    };
    if (until > group.heldUntil) group.heldUntil = until;
    groups.set(key, group);
    add(group);
  };
  const classOfService = (serviceId: number) =>
    (values.serviceClasses.get(serviceId) as RecordClass | undefined) ?? FALLBACK_CLASS;

  const removeWorkIds: number[] = [];
  for (const item of records.work) {
    if (!isRecordOfWork(item)) {
      removeWorkIds.push(item.id);
      continue;
    }
    place(classOfService(item.service_id), fyStartOfWork(item), item.signed_on ?? item.filed_on, (group) =>
      group.workIds.push(item.id),
    );
  }
  for (const file of records.files)
    place(classOfService(file.service_id), fyStartOfInstant(file.created_at), null, (group) =>
      group.fileIds.push(file.id),
    );
  for (const invoice of records.invoices)
    place('gst_records', fyStartOfDate(invoice.invoice_date), null, (group) => group.invoiceIds.push(invoice.id));
  for (const receipt of records.receipts)
    place('gst_records', fyStartOfDate(receipt.receipt_date), null, (group) => group.receiptIds.push(receipt.id));

  const sorted = [...groups.values()].sort(
    (a, b) =>
      a.heldUntil.localeCompare(b.heldUntil) || a.recordClass.localeCompare(b.recordClass) || a.fyStart - b.fyStart,
  );
  return {
    removeWorkIds,
    // Kept through its day, purged the day after: a day already past is removed now.
    ended: sorted.filter((group) => group.heldUntil < values.erasedOn),
    held: sorted.filter((group) => group.heldUntil >= values.erasedOn),
  };
}

/** A group as the answer shows it. */
export function presentGroup(group: RecordGroup, schedule: ReadonlyMap<string, RetentionClass>): HeldGroup {
  return {
    record_class: group.recordClass,
    label: schedule.get(group.recordClass)?.label ?? group.recordClass,
    financial_year: group.fyStart < 0 ? null : fyLabel(group.fyStart),
    held_until: group.heldUntil,
    work_items: group.workIds.length,
    invoices: group.invoiceIds.length,
    receipts: group.receiptIds.length,
    files: group.fileIds.length,
  };
}
