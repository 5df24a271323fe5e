import fs from 'node:fs/promises';
import { UPLOAD_MIME_TYPES } from '@portal/contract/files';
import type { UploadedFile } from '../../http/multipart-form.js';

const OLD_OFFICE_EXTENSIONS = new Set(['doc', 'xls', 'ppt']);
const TEXT_EXTENSIONS: Record<string, string> = { csv: 'text/csv', txt: 'text/plain' };

async function looksLikeText(path: string): Promise<boolean> {
  const handle = await fs.open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const sample = buffer.subarray(0, bytesRead);
    if (sample.includes(0)) return false;
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, Math.max(0, bytesRead - 4)));
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/**
 * The type of an upload as its bytes say (design.md section 8): binary formats by their signature,
 * CSV and text (which have none) only when named so and free of binary bytes. Null when not allowed.
 */
export async function classifyUpload(file: UploadedFile): Promise<string | null> {
  const extension = file.originalName.split('.').pop()?.toLowerCase() ?? '';
  if (file.detectedMime) {
    if (file.detectedMime === 'application/x-cfb')
      return OLD_OFFICE_EXTENSIONS.has(extension) ? file.detectedMime : null;
    return (UPLOAD_MIME_TYPES as readonly string[]).includes(file.detectedMime) ? file.detectedMime : null;
  }
  const textType = TEXT_EXTENSIONS[extension];
  return textType && (await looksLikeText(file.tempPath)) ? textType : null;
}
