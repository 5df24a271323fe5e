import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BlobStore } from '../../src/storage/blob-store.js';
import { createLocalBlobStore } from '../../src/storage/local-blob-store.js';
import { createS3BlobStore } from '../../src/storage/s3-blob-store.js';
import { startTestS3, type TestS3 } from './s3-server.js';

/** A store under test, with the keys it holds read from where it keeps them (not through the store). */
export type Subject = { store: BlobStore; tempDir: string; storedKeys(): string[]; close(): Promise<void> };

export async function openLocal(): Promise<Subject> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-blobs-'));
  const tempDir = path.join(root, 'tmp');
  fs.mkdirSync(tempDir);
  const store = createLocalBlobStore(root, tempDir);
  const storedKeys = () =>
    ['files', 'documents']
      .filter((top) => fs.existsSync(path.join(root, top)))
      .flatMap((top) =>
        (fs.readdirSync(path.join(root, top), { recursive: true }) as string[])
          .filter((name) => fs.statSync(path.join(root, top, name)).isFile())
          .map((name) => `${top}/${name.split(path.sep).join('/')}`),
      )
      .sort();
  return { store, tempDir, storedKeys, close: async () => fs.rmSync(root, { recursive: true, force: true }) };
}

export async function openS3(): Promise<Subject> {
  const s3: TestS3 = await startTestS3();
  const store = await createS3BlobStore({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    startTimeoutMs: 15_000,
  });
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-blobs-tmp-'));
  return {
    store,
    tempDir,
    storedKeys: s3.listKeys,
    close: async () => {
      await store.close();
      await s3.close();
      fs.rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
