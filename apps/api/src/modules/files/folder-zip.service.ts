import type { Writable } from 'node:stream';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { createZipWriter, type ZipWriter } from '../../http/zip-writer.js';
import { listServicesOfUsers } from '../client-services/client-services.service.js';
import { assertServiceAccess, findFolderOf, seenBy } from './file-access.js';
import { recordFileEvent } from './file-events.js';
import type { Seen } from './files.repository.js';
import {
  findZipOwnerNames,
  listZipFilePage,
  listZipFolders,
  summarizeZip,
  type ZipFolderRow,
  type ZipScope,
} from './folder-zip.repository.js';
import { createDirectoryNames, makeSafeEntryName } from './zip-entry-names.js';

// Files are read a page at a time: a folder of 100k files never sits in memory at once.
const FILE_PAGE = 500;

/** A folder with all below it, or a service's whole tree (`folderId` null). */
export type FolderZipScope = ZipScope;

/** A folder's ZIP, access checked and audited: its name, and how to stream it onto a response body. */
export type FolderZip = { fileName: string; write(out: Writable): Promise<void> };

type Walk = { context: AppContext; scope: ZipScope; seen: Seen; zip: ZipWriter; below: Map<number, ZipFolderRow[]> };

/**
 * A folder (or a service's top level) with everything the caller sees below it, as one ZIP: out of reach
 * or unseen answers 404 before anything is sent. Written to the activity log once, with the count of
 * files and their bytes, when the archive starts.
 */
export async function openFolderZip(
  context: AppContext,
  actor: Actor,
  scope: ZipScope,
  ip: string,
): Promise<FolderZip> {
  const service = await assertServiceAccess(context, actor, scope.clientId, scope.serviceId);
  const seen = seenBy(actor, service);
  const folder =
    scope.folderId === null ? null : await findFolderOf(context, seen, { ...scope, folderId: scope.folderId });
  const [names, summary] = await Promise.all([
    findZipOwnerNames(context.db, scope.clientId, scope.serviceId),
    summarizeZip(context.db, scope, seen),
  ]);
  await recordFileEvent(
    context.db,
    'folder.download_zip',
    { kind: folder ? 'folder' : 'service', id: folder ? folder.id : scope.serviceId, clientId: scope.clientId },
    { actor, ip, at: context.clock.now() },
    { files: summary.files, bytes: summary.bytes },
  );
  const title = [names.client, names.service, folder?.folder_name].filter(Boolean).join(' - ');
  const top = {
    name: folder?.folder_name ?? names.service,
    modified: folder ? new Date(folder.created_at) : context.clock.now(),
  };
  return {
    fileName: `${makeSafeEntryName(title, 'Files')}.zip`,
    write: (out) => writeFolderZip(context, { scope, seen, top }, out),
  };
}

async function writeFolderZip(
  context: AppContext,
  plan: { scope: ZipScope; seen: Seen; top: { name: string; modified: Date } },
  out: Writable,
): Promise<void> {
  const zip = createZipWriter(out);
  // Everything sits under one directory named like what was downloaded, as the browser's folder shows it.
  const root = `${makeSafeEntryName(plan.top.name, 'Files')}/`;
  await zip.addDirectory(root, plan.top.modified);
  await writeTree(context, zip, { scope: plan.scope, seen: plan.seen, root });
  await zip.finish();
}

/** What the scope holds as the reader sees it, written below `root` (a directory already in the archive). */
async function writeTree(
  context: AppContext,
  zip: ZipWriter,
  plan: { scope: ZipScope; seen: Seen; root: string },
): Promise<void> {
  const below = new Map<number, ZipFolderRow[]>();
  const topFolders: ZipFolderRow[] = [];
  for (const folder of await listZipFolders(context.db, plan.scope, plan.seen)) {
    if (folder.id === plan.scope.folderId) continue;
    if (folder.parent_id === null) topFolders.push(folder);
    else {
      const siblings = below.get(folder.parent_id);
      if (siblings) siblings.push(folder);
      else below.set(folder.parent_id, [folder]);
    }
  }
  const walk: Walk = { context, scope: plan.scope, seen: plan.seen, zip, below };
  const { clientId, serviceId, folderId } = plan.scope;
  if (folderId === null) await writeDirectory(walk, plan.root, { clientId, serviceId }, topFolders);
  else await writeDirectory(walk, plan.root, { folderId }, below.get(folderId) ?? []);
}

/**
 * Every file a client sees in its own folders, into an archive being built (issue 25: the download of its
 * personal data): one directory per service under `root`, each as the client's Files show it, so nothing
 * firm-only goes in. Access is the client's own (`file.read`, `seenBy`); files are read a page at a time.
 */
export async function writeClientFilesToZip(
  context: AppContext,
  client: Actor,
  zip: ZipWriter,
  root: string,
): Promise<void> {
  const names = createDirectoryNames();
  const modified = context.clock.now();
  for (const { service_id: serviceId, service_name: serviceName } of await listServicesOfUsers(context.db, [
    client.id,
  ])) {
    const service = await assertServiceAccess(context, client, client.id, serviceId);
    const path = `${root}${names.claim(makeSafeEntryName(serviceName, 'Service'))}/`;
    await zip.addDirectory(path, modified);
    const scope = { clientId: client.id, serviceId, folderId: null };
    await writeTree(context, zip, { scope, seen: seenBy(client, service), root: path });
  }
}

const byName = (a: ZipFolderRow, b: ZipFolderRow) =>
  a.folder_name.toLowerCase().localeCompare(b.folder_name.toLowerCase()) || a.id - b.id;

/** One directory: its files page by page (one blob open at a time), then each subfolder in turn. */
async function writeDirectory(
  walk: Walk,
  path: string,
  place: { folderId: number } | { clientId: number; serviceId: number },
  subfolders: ZipFolderRow[],
): Promise<void> {
  const names = createDirectoryNames();
  // Subfolders claim their names first: a file never takes a folder's name beside it.
  const children = [...subfolders]
    .sort(byName)
    .map((folder) => ({ folder, path: `${path}${names.claim(makeSafeEntryName(folder.folder_name, 'Folder'))}/` }));
  for (let after = 0; ; ) {
    const page = await listZipFilePage(walk.context.db, place, { after, limit: FILE_PAGE, ...walk.seen });
    for (const file of page) {
      const entryPath = `${path}${names.claim(makeSafeEntryName(file.file_name, 'File'))}`;
      const content = await walk.context.files.open(walk.scope.clientId, file.store_name);
      const stream = content.createReadStream();
      try {
        await walk.zip.addFile(entryPath, new Date(file.created_at), { size: content.size, stream });
      } finally {
        stream.destroy();
      }
    }
    if (page.length < FILE_PAGE) break;
    after = page.at(-1)?.id ?? after;
  }
  for (const child of children) {
    await walk.zip.addDirectory(child.path, new Date(child.folder.created_at));
    await writeDirectory(walk, child.path, { folderId: child.folder.id }, walk.below.get(child.folder.id) ?? []);
  }
}
