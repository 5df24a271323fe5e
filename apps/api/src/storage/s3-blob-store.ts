import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertBlobFolder,
  assertBlobKey,
  type BlobEntry,
  type BlobReader,
  type BlobStore,
  blobNotFound,
  isBlobKey,
  LIST_PAGE_SIZE,
} from './blob-store.js';

export type S3Settings = {
  /** Unset: AWS itself, found from the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, the machine's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path rather than the host name, as MinIO-like servers need. */
  forcePathStyle: boolean;
  /** How long the start waits for the bucket's first answer, retries included (S3_START_TIMEOUT_SECONDS). */
  startTimeoutMs: number;
};

// A part is held in memory while it is sent (so the SDK can retry it): PART_BYTES x PARTS_AT_ONCE, 20 MiB,
// is an upload's memory whatever the file's size. 5 MiB is S3's smallest part; 10,000 parts of it allow
// 50 GB per object, above MAX_UPLOAD_MB's largest.
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 4;

/** What went wrong, in a word an operator can search: ECONNREFUSED, NotFound (no such bucket), Forbidden... */
function describeFailure(error: unknown): string {
  const failure = error as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  if (failure.code) return failure.code;
  if (failure.name && failure.name !== 'Error') return failure.name;
  const status = failure.$metadata?.httpStatusCode;
  return status ? `HTTP ${status}` : (failure.message ?? String(error));
}

const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

/**
 * Blobs as objects in one bucket, under the same keys as on disk (docs/deployment.md). Objects are
 * written whole (one PUT, or a multipart upload completed at the end), so a reader never sees half of
 * one; reads are ranged GETs streamed through. Checksums are sent only where S3 requires them: other
 * S3-compatible servers refuse the newer ones, and every chunk carries its own GCM tag anyway.
 */
export async function createS3BlobStore(settings: S3Settings): Promise<BlobStore> {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A download holds its connection for as long as the browser takes: the SDK's 50 would make the 51st
    // concurrent download wait for one of them to end.
    requestHandler: {
      connectionTimeout: 10_000,
      httpAgent: { keepAlive: true, maxSockets: 512 },
      httpsAgent: { keepAlive: true, maxSockets: 512 },
    },
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  const Bucket = settings.bucket;
  const answered = AbortSignal.timeout(settings.startTimeoutMs);
  try {
    await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: answered });
  } catch (error) {
    client.destroy();
    const reason = answered.aborted
      ? `no answer within ${settings.startTimeoutMs / 1000} s (S3_START_TIMEOUT_SECONDS): is S3_ENDPOINT an S3 server, and is it up?`
      : describeFailure(error);
    throw new Error(`the bucket "${Bucket}" (S3_BUCKET) cannot be reached: ${reason}`);
  }

  const upload = async (key: string, Body: Readable) => {
    assertBlobKey(key);
    const transfer = new Upload({
      client,
      params: { Bucket, Key: key, Body, ContentType: 'application/octet-stream' },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    });
    await transfer.done();
  };
  const readRange = (key: string, start: number, end: number): Readable => {
    if (end <= start) return Readable.from([]);
    const output = new PassThrough();
    // A download the browser gave up on stops fetching the object too.
    const abort = new AbortController();
    output.once('close', () => {
      if (!output.writableFinished) abort.abort();
    });
    client
      .send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${start}-${end - 1}` }), {
        abortSignal: abort.signal,
      })
      .then((response) => pipeline(response.Body as Readable, output))
      .catch((error) => output.destroy(isMissing(error) ? blobNotFound() : error));
    return output;
  };

  return {
    kind: 's3',
    async open(key, headBytes) {
      assertBlobKey(key);
      let size: number;
      let head: Buffer;
      try {
        // One request answers both the first bytes and, in Content-Range, the object's size.
        const response = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${Math.max(headBytes, 1) - 1}` }),
        );
        head = Buffer.from((await response.Body?.transformToByteArray()) ?? []).subarray(0, headBytes);
        size = Number(/\/(\d+)$/.exec(response.ContentRange ?? '')?.[1] ?? response.ContentLength ?? head.length);
      } catch (error) {
        if (isMissing(error)) throw blobNotFound();
        // An empty object has no first byte to range over.
        if ((error as { name?: string }).name !== 'InvalidRange') throw error;
        size = Number((await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0);
        head = Buffer.alloc(0);
      }
      const reader: BlobReader = {
        size,
        head,
        read: (start, end) => readRange(key, start, end),
        close: async () => {},
      };
      return reader;
    },
    async putFile(key, stagedPath) {
      await upload(key, fs.createReadStream(stagedPath));
      await fsp.rm(stagedPath, { force: true });
    },
    putStream: (key, content) => upload(key, content),
    async remove(key) {
      assertBlobKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      assertBlobKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async *list(folder, pageSize = LIST_PAGE_SIZE) {
      assertBlobFolder(folder);
      // ListObjects (version 1) pages by the last key seen, which every S3-compatible server takes;
      // version 2's continuation tokens are each server's own (s3rver cannot make them on Node 20).
      let Marker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListObjectsCommand({ Bucket, Prefix: `${folder}/`, MaxKeys: pageSize, Marker }),
        );
        const entries: BlobEntry[] = [];
        for (const object of page.Contents ?? []) {
          // Anything else in the bucket (a folder marker, an object put there by hand) is not the portal's.
          if (object.Key && object.LastModified && isBlobKey(object.Key))
            entries.push({ key: object.Key, lastModified: object.LastModified });
        }
        if (entries.length > 0) yield entries;
        Marker = page.NextMarker ?? page.Contents?.at(-1)?.Key;
        if (!page.IsTruncated || !Marker) return;
      }
    },
    close: async () => client.destroy(),
  };
}
