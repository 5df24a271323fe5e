import type { TrashEntry } from '@portal/contract/file-trash';
import { nameOf } from './file.presenter.js';
import type { TrashListRow } from './file-trash.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an entry deleted at `deletedAt` is deleted for good, with the firm's period of `days`. */
export function purgeTimeOf(deletedAt: string, days: number): Date {
  return new Date(new Date(deletedAt).getTime() + days * DAY_MS);
}

/** One entry of a trash as answered, with what the caller may do with it. */
export function presentTrashEntry(
  row: TrashListRow,
  options: { days: number; now: Date; permissions: TrashEntry['permissions'] },
): TrashEntry {
  const purgeAt = purgeTimeOf(row.deleted_at, options.days);
  return {
    trash_id: row.id,
    kind: row.item_type,
    name: row.item_name,
    from_path: row.from_path === '' ? [] : row.from_path.split('/'),
    deleted_by: nameOf(row.deleter_first_name, row.deleter_last_name),
    deleted_at: new Date(row.deleted_at).toISOString(),
    purge_at: purgeAt.toISOString(),
    days_left: Math.max(0, Math.ceil((purgeAt.getTime() - options.now.getTime()) / DAY_MS)),
    files: row.file_count,
    size: row.size_bytes,
    visibility: row.firm_only === 1 ? 'firm' : 'shared',
    permissions: options.permissions,
  };
}
