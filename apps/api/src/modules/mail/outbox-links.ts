import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../app-context.js';
import { forgetOutboxFile, listSpentOutboxLinks } from './mail-outbox.repository.js';
import { resolveOutboxFolder } from './mail-transport.js';

type OutboxContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>;

/**
 * Without SMTP_URL a reset or invitation message is an `.eml` in DATA_DIR/outbox holding a working link:
 * whoever reads the folder could set the password (issue 20). Once the link stops working (used, replaced
 * by a newer one, the password changed, expired) the file has done its work and is removed: at once by
 * the request that used or replaced the link, and hourly by every process (the folder is on each
 * machine's own disk). A file already gone (deleted by hand, or on another machine's disk) is looked for
 * again at the next pass until its row goes, a day after the link ended. Never throws: a failure here
 * must neither fail the request that used the link nor stop housekeeping. Answers how many it removed.
 */
export async function removeSpentOutboxLinks(context: OutboxContext): Promise<number> {
  const { db, clock, config, log } = context;
  let spent: { id: number; outbox_file: string }[];
  try {
    spent = await listSpentOutboxLinks(db, clock.now().toISOString());
  } catch (error) {
    log.error({ err: error }, 'The outbox files of spent links could not be listed');
    return 0;
  }
  const folder = resolveOutboxFolder(config.dataDir);
  let removed = 0;
  for (const { id, outbox_file: name } of spent) {
    try {
      // The row names a file of this folder, never a path elsewhere.
      await fs.rm(path.join(folder, path.basename(name)));
      removed += 1;
      await forgetOutboxFile(db, id);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'ENOENT') log.warn({ mailId: id, code }, 'An outbox file of a spent link could not be removed');
    }
  }
  // The count only: the link is never logged (the file's name, logged as it was written, holds none).
  if (removed > 0) log.info({ count: removed }, `Removed ${removed} outbox message(s) whose link no longer works`);
  return removed;
}
