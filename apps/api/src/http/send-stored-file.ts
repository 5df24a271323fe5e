import { isPreviewable } from '@portal/contract/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EncryptedFile } from '../encryption/file-cipher.js';
import { formatContentDisposition } from './content-disposition.js';

// Whatever a stored file holds, a browser that opens it runs nothing, loads nothing and frames it
// nowhere: an image or PDF that is also a page (a polyglot) stays inert (docs/security.md).
const STORED_FILE_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/**
 * Range support (resume, seeking in a PDF): one `bytes=start-end` range. Anything else (several ranges,
 * another unit, a malformed header) is ignored and the whole file sent, as RFC 9110 allows; only a
 * single range outside the file answers 416.
 */
function readRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/** A ranged read past the first byte: a later part of a download already begun (logged once, by its first). */
export function isContinuedRead(request: FastifyRequest): boolean {
  return /^bytes=(?!0-)/.test(request.headers.range ?? '');
}

/**
 * The headers of every download, stored or made on the fly (an invoice's PDF): its type only when shown
 * inline (else an opaque attachment under its safe name), never sniffed, cached or run, framed nowhere.
 */
export function setDownloadHeaders(
  reply: FastifyReply,
  file: { fileName: string; mimeType: string },
  inline: boolean,
): FastifyReply {
  const preview = inline && isPreviewable(file.mimeType);
  return reply
    .header('content-type', preview ? file.mimeType : 'application/octet-stream')
    .header('content-disposition', formatContentDisposition(preview ? 'inline' : 'attachment', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', STORED_FILE_CSP)
    .header('x-frame-options', 'DENY');
}

/**
 * Sends a stored (encrypted) file decrypted as it streams: an attachment under its safe name, or
 * inline when asked for and the type is one a browser previews (PDF, images but TIFF).
 */
export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { fileName: string; mimeType: string; content: EncryptedFile },
  inline: boolean,
) {
  const { content } = file;
  setDownloadHeaders(reply, file, inline).header('accept-ranges', 'bytes');
  const range = readRange(request.headers.range, content.size);
  if (range === 'invalid') {
    void content.close();
    return reply.code(416).header('content-range', `bytes */${content.size}`).send();
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${content.size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(content.createReadStream(range));
  }
  return reply.header('content-length', String(content.size)).send(content.createReadStream());
}
