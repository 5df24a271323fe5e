import type { AxiosProgressEvent } from 'axios';
import { formatBytes } from './format-bytes';

/** Bytes moved so far, and the whole when the server (or the file) says it. */
export type Transfer = { done: number; total?: number };
export type OnTransfer = (transfer: Transfer) => void;

/** Axios's progress event as a transfer; a streamed CSV has no length, so `total` stays unknown. */
export const readTransfer = (event: AxiosProgressEvent): Transfer =>
  event.total ? { done: event.loaded, total: event.total } : { done: event.loaded };

/** "240 KB of 1.0 MB", or "240 KB" when the whole is unknown. */
export function describeTransfer(transfer: Transfer): string {
  const done = formatBytes(transfer.done);
  return transfer.total ? `${done} of ${formatBytes(transfer.total)}` : done;
}

/** The share done as a whole percent, when the whole is known. */
export const percentOf = (transfer: Transfer): number | undefined =>
  transfer.total ? Math.min(100, Math.round((100 * transfer.done) / transfer.total)) : undefined;
