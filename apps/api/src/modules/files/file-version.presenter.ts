import type { FileVersionEntry, FileVersions } from '@portal/contract/files';
import type { Actor } from '../../auth/actor.js';
import { nameOf } from './file.presenter.js';
import { signFileLink, signFileVersionLink } from './file-links.js';
import type { FileVersionRow } from './file-versions.repository.js';
import type { FileRow } from './files.repository.js';

/** A file's versions as answered: the current one first (its usual download link), then the earlier ones. */
export function presentFileVersions(
  file: FileRow,
  versions: FileVersionRow[],
  actor: Actor,
  options: { restore: boolean; links: { appKey: string; now: Date } },
): FileVersions {
  const { appKey, now } = options.links;
  const currentLink = signFileLink(appKey, file.id, actor.id, now);
  const current: FileVersionEntry = {
    version_id: null,
    current: true,
    file_name: file.file_name,
    size: file.size_bytes,
    mime_type: file.mime_type,
    user: nameOf(file.uploader_first_name, file.uploader_last_name),
    created_at: file.created_at,
    download_url: currentLink.url,
    download_url_expires_at: currentLink.expiresAt.toISOString(),
  };
  const earlier = versions.map((version): FileVersionEntry => {
    const link = signFileVersionLink(appKey, { fileId: file.id, versionId: version.id }, actor.id, now);
    return {
      version_id: version.id,
      current: false,
      file_name: version.file_name,
      size: version.size_bytes,
      mime_type: version.mime_type,
      user: nameOf(version.uploader_first_name, version.uploader_last_name),
      created_at: version.created_at,
      download_url: link.url,
      download_url_expires_at: link.expiresAt.toISOString(),
    };
  });
  return {
    file_id: file.id,
    file_name: file.file_name,
    versions: [current, ...earlier],
    permissions: { restore: options.restore },
  };
}
