import {
  EXTENSIONS_BY_TYPE,
  extensionOf,
  FILE_NAME_MESSAGES,
  isSafeName,
  UNSAFE_EXTENSIONS,
  ZIP_BASED_EXTENSIONS,
} from '@portal/contract/file-names';
import type { UploadedFile } from './multipart-form.js';

type UploadVerdict =
  | { ok: true; mimeType: string; fileName: string }
  | { ok: false; status: 415 | 422; message: string };

const KNOWN_EXTENSIONS = new Set(Object.values(EXTENSIONS_BY_TYPE).flat());
const TEXT_TYPE_BY_EXTENSION: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

/** The type the bytes say; text (which has no signature) is plain or CSV as its name says. */
function typeOfContent(file: UploadedFile, extension: string | null): string | null {
  if (file.detectedMime) return file.detectedMime;
  if (file.text !== 'text') return null;
  return (extension && TEXT_TYPE_BY_EXTENSION[extension]) || 'text/plain';
}

/**
 * Decides whether an upload may be stored under `requestedName` (docs/security.md, uploads): the name
 * is safe to show, its extension is not one that runs or renders, the content is an allowed type by
 * its bytes (text checked whole, markup refused), and the extension agrees with that content. A name
 * without a known extension gets the content's one added, so a download opens as what it is.
 */
export function judgeUpload(
  file: UploadedFile,
  requestedName: string,
  allowedTypes: readonly string[],
  badTypeMessage: string,
): UploadVerdict {
  const name = requestedName.trim();
  if (!name || !isSafeName(name)) return { ok: false, status: 422, message: FILE_NAME_MESSAGES.invisible };
  const suffix = extensionOf(name);
  if (suffix && UNSAFE_EXTENSIONS.has(suffix))
    return { ok: false, status: 415, message: FILE_NAME_MESSAGES.unsafe(suffix) };
  if (!file.detectedMime && file.text === 'markup')
    return { ok: false, status: 415, message: FILE_NAME_MESSAGES.markup };
  const extension = suffix && KNOWN_EXTENSIONS.has(suffix) ? suffix : null;
  const mimeType = typeOfContent(file, extension);
  if (!mimeType || !allowedTypes.includes(mimeType)) return { ok: false, status: 415, message: badTypeMessage };

  const fitting = EXTENSIONS_BY_TYPE[mimeType] ?? [];
  if (!extension) return { ok: true, mimeType, fileName: `${name.slice(0, 250)}.${fitting[0]}` };
  const zipBased = mimeType === 'application/zip' && (ZIP_BASED_EXTENSIONS as readonly string[]).includes(extension);
  if (fitting.includes(extension) || zipBased) return { ok: true, mimeType, fileName: name };
  return { ok: false, status: 415, message: FILE_NAME_MESSAGES.mismatch(fitting) };
}
