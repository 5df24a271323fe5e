import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { FILE_MESSAGES } from '@portal/contract/files';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { createEncryptingStream } from '../encryption/file-cipher.js';
import type { Keyring } from '../encryption/keyring.js';
import { PRIVATE_FILE_MODE } from '../storage/private-paths.js';
import { GENERIC_MESSAGES, HttpError } from './http-error.js';
import { MultipartBodyWatch } from './multipart-body-watch.js';
import { UploadInspector } from './upload-inspection.js';

export type UploadedFile = {
  field: string;
  /** The upload, already encrypted (docs/security.md), waiting in DATA_DIR/tmp to be moved into place. */
  tempPath: string;
  /** The part's own file name, without any folder the browser sent. */
  originalName: string;
  /** Read from the file's bytes, not from what the browser claimed. */
  detectedMime: string | null;
  detectedExtension: string | null;
  /** Whether the whole file is plain text, text with markup in it, or binary (upload-inspection.ts). */
  text: 'text' | 'markup' | 'binary';
  size: number;
  /** SHA-256 of the plaintext, computed while it streamed to disk. */
  sha256: string;
  /** The key the temporary file is encrypted under. */
  keyId: string;
};

export type MultipartForm = {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
  /** Removes every temporary file still in place; safe to call more than once. */
  discard(): Promise<void>;
};

export type MultipartLimits = {
  tempDir: string;
  keyring: Keyring;
  maxFileBytes: number;
  maxFiles: number;
  /** Text fields in one form (a list counts each value). */
  maxFields?: number;
  maxFieldBytes?: number;
  /** All text fields together. */
  maxTotalFieldBytes?: number;
  /** The fields a file may come in; a file in any other is refused at its first byte, not after storing it. */
  fileFields?: readonly string[];
  /**
   * Runs once with the text fields read so far, before the first file part is stored: an upload the
   * caller may not make is refused then, and nothing of its file is written (forms send their fields first).
   */
  beforeFirstFile?: (fields: MultipartForm['fields']) => Promise<void>;
};

const DEFAULT_MAX_FIELDS = 100;
const DEFAULT_MAX_FIELD_BYTES = 256 * 1024;
const DEFAULT_MAX_TOTAL_FIELD_BYTES = 1024 * 1024;
// Part headers and boundaries: generous, but bounded.
const OVERHEAD_PER_PART = 4096;
// Each stage of a file's way to disk (parser, inspector, sealing, file) buffers up to 1 MiB: with the
// streams' 16-64 KiB defaults, receiving stopped while each sealed 256 KiB chunk was written, and the
// upload ran slower (512 MB: 354 -> 398 MiB/s; 256 KiB stages gave 350-370). These fill only while the
// disk is slower than the network: at most about 6 MiB per upload in flight (the inspector, a Transform,
// holds 1 MiB on each side).
const UPLOAD_BUFFER_BYTES = 1 << 20;

const MULTIPART_MESSAGES = {
  malformed: 'The form data is malformed or incomplete. Please send it again.',
  noBoundary: 'The form data has no boundary. Send it as multipart/form-data with a boundary.',
  fieldTooLong: 'A field of this form is too long.',
  notMultipart: 'Send this form as multipart/form-data.',
} as const;

function addField(fields: MultipartForm['fields'], rawName: string, value: string): void {
  // PostgreSQL cannot store NUL, and no form field has a reason to carry one.
  if (value.includes('\u0000')) throw new HttpError(400, GENERIC_MESSAGES.nulCharacter);
  // `nature_of_service[]` and repeated `nature_of_service` both mean a list.
  const name = rawName.endsWith('[]') ? rawName.slice(0, -2) : rawName;
  const existing = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (existing === undefined) fields[name] = rawName.endsWith('[]') ? [value] : value;
  else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

function readBoundary(contentType: string | undefined): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType ?? '');
  return match ? ((match[1] ?? match[2]) as string) : null;
}

/** A file over the per-file limit, named in the message the way the upload dialog names it. */
function fileTooLarge(limits: MultipartLimits): HttpError {
  const message = FILE_MESSAGES.fileTooLarge(Math.floor(limits.maxFileBytes / (1024 * 1024)));
  return new HttpError(413, message, { file: [message] });
}

/** Errors of the client's body (busboy's plain Errors, the plugin's limits) versus our own failures. */
function toClientError(error: unknown, limits: MultipartLimits): HttpError | null {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(limits);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(413, GENERIC_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT')
    return limits.maxFiles === 0
      ? new HttpError(400, GENERIC_MESSAGES.unknownFields)
      : new HttpError(413, GENERIC_MESSAGES.tooLarge);
  if (typeof code === 'string' && code.startsWith('FST_')) return new HttpError(400, MULTIPART_MESSAGES.malformed);
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET')
    return new HttpError(400, MULTIPART_MESSAGES.malformed);
  // busboy reports a broken body with a plain Error ("Unexpected end of form", "Malformed part header").
  if (error instanceof Error && error.constructor === Error && code === undefined)
    return new HttpError(400, MULTIPART_MESSAGES.malformed);
  return null;
}

/**
 * Streams every file of a multipart request, encrypted, to a temporary file and collects the text
 * fields, within limits on fields, parts and sizes. A body that is malformed or ends before its closing
 * boundary answers 400 and leaves nothing behind.
 */
export async function readMultipartForm(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, MULTIPART_MESSAGES.notMultipart);
  const boundary = readBoundary(request.headers['content-type']);
  if (!boundary) throw new HttpError(400, MULTIPART_MESSAGES.noBoundary);
  const maxFields = limits.maxFields ?? DEFAULT_MAX_FIELDS;
  const maxFieldBytes = limits.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES;
  const maxTotalFieldBytes = limits.maxTotalFieldBytes ?? DEFAULT_MAX_TOTAL_FIELD_BYTES;
  const maxBodyBytes =
    limits.maxFiles * limits.maxFileBytes + maxTotalFieldBytes + (maxFields + limits.maxFiles + 1) * OVERHEAD_PER_PART;
  const declared = Number(request.headers['content-length']);
  // Text fields are small beside a file, so a body declared over the total is a file over its limit.
  if (Number.isFinite(declared) && declared > maxBodyBytes)
    throw limits.maxFiles > 0 ? fileTooLarge(limits) : new HttpError(413, GENERIC_MESSAGES.tooLarge);

  const files: UploadedFile[] = [];
  // Names come from the body: `__proto__` or `toString` must stay plain keys.
  const fields: MultipartForm['fields'] = Object.create(null);
  const discard = async () => {
    await Promise.all(files.map((file) => rm(file.tempPath, { force: true })));
  };
  const watch = new MultipartBodyWatch(boundary);
  let current: Readable | null = null;
  let oversized = false;
  let incomplete = false;
  // The body is all here but never closed: the parser would wait inside the last file part forever
  // (and on a declared length the request does not even end while it waits), so that part is stopped.
  const stopIncomplete = () => {
    if (watch.closed || incomplete) return;
    incomplete = true;
    current?.destroy(new HttpError(400, MULTIPART_MESSAGES.malformed));
  };
  const watchBody = (chunk: Buffer) => {
    watch.observe(chunk);
    // An undeclared (chunked) body is held to the same total: the part in progress stops and the answer
    // goes out; the connection stays, so the client reads it (the rest drains within the time limit).
    if (watch.received > maxBodyBytes && !oversized) {
      oversized = true;
      current?.destroy(new HttpError(413, GENERIC_MESSAGES.tooLarge));
    }
    if (Number.isFinite(declared) && watch.received >= declared) stopIncomplete();
  };
  request.raw.on('data', watchBody);
  request.raw.once('end', stopIncomplete);

  let fieldBytes = 0;
  let parts = 0;
  try {
    const iterator = request.parts({
      fileHwm: UPLOAD_BUFFER_BYTES,
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: maxFields,
        fieldSize: maxFieldBytes,
        parts: maxFields + limits.maxFiles,
        headerPairs: 20,
      },
    });
    for await (const part of iterator) {
      if (oversized) throw new HttpError(413, GENERIC_MESSAGES.tooLarge);
      parts += 1;
      // A part without a name (`form-data` alone) belongs to no field: the form is not well formed.
      if (!part.fieldname) throw new HttpError(400, MULTIPART_MESSAGES.malformed);
      if (part.type === 'field') {
        const field = part as MultipartValue<unknown> & { valueTruncated?: boolean };
        if (field.valueTruncated) throw new HttpError(413, MULTIPART_MESSAGES.fieldTooLong);
        const value = typeof field.value === 'string' ? field.value : JSON.stringify(field.value ?? '');
        fieldBytes += value.length;
        if (fieldBytes > maxTotalFieldBytes) throw new HttpError(413, GENERIC_MESSAGES.tooLarge);
        addField(fields, field.fieldname, value);
        continue;
      }
      if (limits.fileFields && !limits.fileFields.includes(part.fieldname))
        throw new HttpError(400, GENERIC_MESSAGES.unknownFields, { [part.fieldname]: ['This field is not allowed.'] });
      // A part the parser already gave up on (the body ended in it) has nothing left to read.
      if (incomplete || part.file.destroyed) throw new HttpError(400, MULTIPART_MESSAGES.malformed);
      if (files.length === 0) await limits.beforeFirstFile?.(fields);
      current = part.file;
      files.push(await storeFilePart(part, limits));
      current = null;
    }
    if (oversized) throw new HttpError(413, GENERIC_MESSAGES.tooLarge);
    // Cut short, or a part the parser skipped (no Content-Disposition): the form is not what was sent.
    if (!watch.closed || watch.delimiters !== parts + 1) throw new HttpError(400, MULTIPART_MESSAGES.malformed);
  } catch (error) {
    // The parser may be waiting on a part nobody will read, and stop pulling the body: let the rest of
    // it flow away instead, so the connection sees the client finish or leave.
    request.raw.unpipe();
    request.raw.resume();
    await discard();
    // Refused before the body is all here, the answer goes out at once and Node reads the rest away
    // (within the request time limit): closing instead would reset a client still sending, which then
    // never sees the answer.
    throw toClientError(error, limits) ?? error;
  } finally {
    request.raw.off('data', watchBody);
    request.raw.off('end', stopIncomplete);
  }
  // An empty file input is no file at all.
  const empty = files.filter((file) => file.size === 0);
  await Promise.all(empty.map((file) => rm(file.tempPath, { force: true })));
  return { fields, files: files.filter((file) => file.size > 0), discard };
}

async function storeFilePart(part: MultipartFile, limits: MultipartLimits): Promise<UploadedFile> {
  // Over the size limit the parser only skips the rest of the part: refuse now, not at its end.
  part.file.once('limit', () => part.file.destroy(fileTooLarge(limits)));
  const file = await stageUpload(part.file, { field: part.fieldname, fileName: part.filename }, limits);
  if (part.file.truncated) {
    await rm(file.tempPath, { force: true });
    throw fileTooLarge(limits);
  }
  return file;
}

/**
 * Streams one file into `DATA_DIR/tmp`, encrypted, while hashing and classifying its plaintext; the
 * multipart reader uses it for every part, and so does anything else that stores a file (demo data).
 */
export async function stageUpload(
  source: Readable,
  name: { field: string; fileName: string | undefined },
  target: Pick<MultipartLimits, 'tempDir' | 'keyring'>,
): Promise<UploadedFile> {
  const tempPath = path.join(target.tempDir, `${randomBytes(16).toString('hex')}.part`);
  const dataKey = target.keyring.active();
  const inspector = new UploadInspector({ highWaterMark: UPLOAD_BUFFER_BYTES });
  try {
    await pipeline(
      source,
      inspector,
      createEncryptingStream(dataKey),
      fs.createWriteStream(tempPath, { mode: PRIVATE_FILE_MODE, flags: 'wx', highWaterMark: UPLOAD_BUFFER_BYTES }),
    );
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  const inspection = inspector.result();
  const type = inspection.size > 0 ? await fileTypeFromBuffer(inspection.head) : undefined;
  return {
    field: name.field,
    tempPath,
    originalName: path.basename((name.fileName || 'file').replace(/\\/g, '/')).slice(0, 255),
    detectedMime: type?.mime ?? null,
    detectedExtension: type?.ext ?? null,
    text: inspection.text,
    size: inspection.size,
    sha256: inspection.sha256,
    keyId: dataKey.id,
  };
}
