import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { GENERIC_MESSAGES, HttpError } from './http-error.js';

export type UploadedFile = {
  field: string;
  tempPath: string;
  originalName: string;
  /** Read from the file's bytes, not from what the browser claimed. */
  detectedMime: string | null;
  detectedExtension: string | null;
  size: number;
  /** SHA-256 of the bytes, computed while they streamed to disk. */
  sha256: string;
};

export type MultipartForm = {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
  /** Removes every temporary file still in place; safe to call more than once. */
  discard(): Promise<void>;
};

export type MultipartLimits = { tempDir: string; maxFileBytes: number; maxFiles: number };

function addField(fields: MultipartForm['fields'], rawName: string, value: string): void {
  // `nature_of_service[]` and repeated `nature_of_service` both mean a list.
  const name = rawName.endsWith('[]') ? rawName.slice(0, -2) : rawName;
  const existing = fields[name];
  if (existing === undefined) fields[name] = rawName.endsWith('[]') ? [value] : value;
  else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

/** Streams every file of a multipart request to a temporary file and collects the text fields. */
export async function readMultipartForm(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send this form as multipart/form-data.');
  const files: UploadedFile[] = [];
  const fields: MultipartForm['fields'] = {};
  const discard = async () => {
    await Promise.all(files.map((file) => rm(file.tempPath, { force: true })));
  };
  try {
    const parts = request.parts({
      limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fieldSize: 256 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        addField(fields, part.fieldname, String(part.value ?? ''));
        continue;
      }
      const tempPath = path.join(limits.tempDir, `${randomBytes(16).toString('hex')}.part`);
      const file: UploadedFile = {
        field: part.fieldname,
        tempPath,
        originalName: path.basename(part.filename || 'file').slice(0, 255),
        detectedMime: null,
        detectedExtension: null,
        size: 0,
        sha256: '',
      };
      files.push(file);
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          file.size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, hashing, fs.createWriteStream(tempPath));
      file.sha256 = hash.digest('hex');
    }
    for (const file of files) {
      const type = file.size > 0 ? await fileTypeFromFile(file.tempPath) : undefined;
      file.detectedMime = type?.mime ?? null;
      file.detectedExtension = type?.ext ?? null;
    }
  } catch (error) {
    await discard();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, GENERIC_MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, GENERIC_MESSAGES.tooLarge);
    }
    throw error;
  }
  // An empty file input is no file at all.
  const empty = files.filter((file) => file.size === 0);
  await Promise.all(empty.map((file) => rm(file.tempPath, { force: true })));
  return { fields, files: files.filter((file) => file.size > 0), discard };
}
