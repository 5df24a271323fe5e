import { FILE_PATHS } from '@portal/contract/files';
import { defineSignedLinks } from '../../http/signed-links.js';

// A browser follows a plain link to download (streaming straight to disk), so the link carries a
// short-lived signature naming the user it was made for; access is checked again when it is used.
export const FILE_LINK_TTL_SECONDS = 10 * 60;

const FILE_LINKS = defineSignedLinks(
  FILE_LINK_TTL_SECONDS,
  (fileId: number, userId, expires) => `file:${fileId}:${userId}:${expires}`,
);

/** A download link for one user, and the moment it stops working. */
export function signFileLink(
  appKey: string,
  fileId: number,
  userId: number,
  now: Date,
): { url: string; expiresAt: Date } {
  return FILE_LINKS.signApiLink(appKey, fileId, userId, now, FILE_PATHS.download(fileId));
}

export const checkFileLink = FILE_LINKS.check;

// An earlier version's link signs the version too: a link to one version never opens another.
const FILE_VERSION_LINKS = defineSignedLinks(
  FILE_LINK_TTL_SECONDS,
  (version: { fileId: number; versionId: number }, userId, expires) =>
    `file-version:${version.fileId}:${version.versionId}:${userId}:${expires}`,
);

/** A download link of one earlier version, for one user. */
export function signFileVersionLink(
  appKey: string,
  version: { fileId: number; versionId: number },
  userId: number,
  now: Date,
): { url: string; expiresAt: Date } {
  const path = FILE_PATHS.versionDownload(version.fileId, version.versionId);
  return FILE_VERSION_LINKS.signApiLink(appKey, version, userId, now, path);
}

export const checkFileVersionLink = FILE_VERSION_LINKS.check;

/** What a ZIP link opens: a folder of a client's service, or its top level (`folderId` null). */
export type FolderZipScope = { clientId: number; serviceId: number; folderId: number | null };

// A folder's ZIP (or a service's whole tree: folder "top") signs the client and service too, so a link
// never opens another place's archive.
const FOLDER_ZIP_LINKS = defineSignedLinks(
  FILE_LINK_TTL_SECONDS,
  (scope: FolderZipScope, userId, expires) =>
    `folder-zip:${scope.clientId}:${scope.serviceId}:${scope.folderId ?? 'top'}:${userId}:${expires}`,
);

/** A link to download a folder, or a service's top level, as one ZIP, for one user. */
export function signFolderZipLink(
  appKey: string,
  scope: FolderZipScope,
  userId: number,
  now: Date,
): { url: string; expiresAt: Date } {
  const path =
    scope.folderId === null
      ? FILE_PATHS.serviceZip(scope.clientId, scope.serviceId)
      : FILE_PATHS.folderZip(scope.clientId, scope.serviceId, scope.folderId);
  return FOLDER_ZIP_LINKS.signApiLink(appKey, scope, userId, now, path);
}

export const checkFolderZipLink = FOLDER_ZIP_LINKS.check;
