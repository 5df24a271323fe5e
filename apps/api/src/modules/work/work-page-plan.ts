import type { ExpressionBuilder } from 'kysely';
import { isAfterCursor } from '../../db/keyset-cursor.js';
import type { DB } from '../../db/schema.js';

/** How a page of work is read from its index: which way, from which cursor, how many to skip and take. */

type WorkEb = ExpressionBuilder<DB, 'work_items'>;

export type WorkCursor = { dueDate: string; id: number };
/**
 * A page by offset, or the rows after a cursor (the next page, the export), or before one (the previous
 * page). With `total`, a page past the middle is read from the list's end.
 */
export type WorkRead = {
  direction: 'asc' | 'desc';
  limit: number;
  offset?: number;
  after?: WorkCursor;
  before?: WorkCursor;
  total?: number;
  /** A search that matched more than `total` (its count stopped at the cap): never read from the end. */
  capped?: boolean;
};

export type Key = { id: number; due_date: string };
type Direction = 'asc' | 'desc';
const opposite = (direction: Direction): Direction => (direction === 'asc' ? 'desc' : 'asc');
export const compare = (direction: 'asc' | 'desc') => (a: Key, b: Key) => {
  const order = a.due_date === b.due_date ? a.id - b.id : a.due_date < b.due_date ? -1 : 1;
  return direction === 'asc' ? order : -order;
};

/** Which way to walk the index, from where, and how many rows to skip and take. */
export function planRead(read: WorkRead): { order: Direction; cursor?: WorkCursor; skip: number; take: number } {
  if (read.before) return { order: opposite(read.direction), cursor: read.before, skip: 0, take: read.limit };
  const offset = read.after ? 0 : (read.offset ?? 0);
  // A capped search's pages reach its first `total` matches (decision 0058): past them, nothing to read.
  if (read.capped && read.total !== undefined && !read.after && offset >= read.total)
    return { order: read.direction, skip: 0, take: 0 };
  const total = read.capped ? undefined : read.total;
  if (total !== undefined && !read.after && offset > total / 2) {
    const take = Math.max(0, Math.min(read.limit, total - offset));
    return { order: opposite(read.direction), skip: Math.max(0, total - offset - read.limit), take };
  }
  return { order: read.direction, cursor: read.after, skip: offset, take: read.limit };
}

export type ReadPlan = ReturnType<typeof planRead>;

export const afterCursor = (plan: ReadPlan) => (eb: WorkEb) =>
  plan.cursor
    ? isAfterCursor(eb, plan.order, ['work_items.due_date', plan.cursor.dueDate], ['work_items.id', plan.cursor.id])
    : eb.and([]);
