import { workCursorOf } from '@portal/contract/work';
import { useAddressState } from '../../lib/use-address-state';
import type { WorkQuery } from './work-api';

/** What the Work tab shows, as it stands in the address bar: Back, reload and a shared link keep it. */
export type WorkListState = {
  view: 'list' | 'board';
  /** `open` (the default: work still to do), a status, or `all`. */
  status: string;
  serviceId: string;
  clientId: string;
  assigneeId: string;
  dueFrom: string;
  dueTo: string;
  overdue: boolean;
  q: string;
  order: 'asc' | 'desc';
  page: number;
};

const ID = /^[1-9][0-9]*$/;
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const pick = (value: string | null, valid: RegExp) => (value && valid.test(value) ? value : '');

/** A hand-edited or stale address never breaks the list: anything unreadable falls back to the default. */
export function readWorkListState(params: URLSearchParams): WorkListState {
  const page = Number(params.get('page'));
  return {
    view: params.get('view') === 'board' ? 'board' : 'list',
    status: params.get('status') ?? 'open',
    serviceId: pick(params.get('service_id'), ID),
    clientId: pick(params.get('client_id'), ID),
    assigneeId: params.get('assignee_id') === 'none' ? 'none' : pick(params.get('assignee_id'), ID),
    dueFrom: pick(params.get('due_from'), ISO),
    dueTo: pick(params.get('due_to'), ISO),
    overdue: params.get('overdue') === '1',
    q: params.get('q')?.trim() ?? '',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function writeWorkListState(state: WorkListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view === 'board') params.set('view', 'board');
  if (state.status !== 'open') params.set('status', state.status);
  if (state.serviceId) params.set('service_id', state.serviceId);
  if (state.clientId) params.set('client_id', state.clientId);
  if (state.assigneeId) params.set('assignee_id', state.assigneeId);
  if (state.dueFrom) params.set('due_from', state.dueFrom);
  if (state.dueTo) params.set('due_to', state.dueTo);
  if (state.overdue) params.set('overdue', '1');
  if (state.q) params.set('q', state.q);
  if (state.order === 'desc') params.set('order', 'desc');
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The Work tab's state, read from and written to the address. */
export function useWorkListState() {
  return useAddressState(readWorkListState, writeWorkListState);
}

/** The API's query for a state: the board reads up to 100 items at once, the list a page of 20. */
export function toWorkQuery(state: WorkListState): WorkQuery {
  return {
    ...(state.status !== 'all' ? { status: state.status } : {}),
    ...(state.serviceId ? { service_id: state.serviceId } : {}),
    ...(state.clientId ? { client_id: state.clientId } : {}),
    ...(state.assigneeId ? { assignee_id: state.assigneeId } : {}),
    ...(state.dueFrom ? { due_from: state.dueFrom } : {}),
    ...(state.dueTo ? { due_to: state.dueTo } : {}),
    ...(state.overdue ? { overdue: '1' } : {}),
    ...(state.q ? { q: state.q } : {}),
    ...(state.order === 'desc' ? { order: 'desc' } : {}),
    page: state.view === 'board' ? 1 : state.page,
    limit: state.view === 'board' ? 100 : 20,
  };
}

/**
 * The step to a neighbouring page, as the API reads it fastest: the next page is the rows after the last
 * one shown, the previous the rows before the first, however deep (a jump goes by its number alone).
 */
export function stepCursorOf(
  fromPage: number,
  toPage: number,
  rows: readonly { due_date: string; id: number }[] | undefined,
): { after: string } | { before: string } | Record<string, never> {
  const first = rows?.[0];
  const last = rows?.at(-1);
  if (toPage === fromPage + 1 && last) return { after: workCursorOf(last) };
  if (toPage === fromPage - 1 && toPage > 1 && first) return { before: workCursorOf(first) };
  return {};
}
