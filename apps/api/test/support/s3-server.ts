import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { isPortFree } from './server-process.js';

export type TestS3 = {
  endpoint: string;
  port: number;
  bucket: string;
  /** The portal's settings for this bucket, as environment variables. */
  env: Record<string, string>;
  /** Every object key in the bucket, from the server's own folder (not through the portal's code). */
  listKeys(): string[];
  /** Sets when an object was last written, as the server keeps it (the time of its file), to age it. */
  setLastModified(key: string, time: Date): void;
  close(): Promise<void>;
};

const BUCKET = 'portal-test';

/**
 * A real S3-protocol server (s3rver) on a free loopback port, its objects in a temporary folder, with
 * one empty bucket. s3rver accepts the access key S3RVER with the secret S3RVER and checks signatures.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver keeps the object `a/b/c` as the file `<bucket>/a/b/c._S3rver_object`.
  const listKeys = () => {
    const root = path.join(directory, BUCKET);
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((name) => name.endsWith('._S3rver_object'))
      .map((name) => name.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'))
      .sort();
  };
  return {
    endpoint,
    port,
    bucket: BUCKET,
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    listKeys,
    setLastModified: (key, time) =>
      fs.utimesSync(path.join(directory, BUCKET, ...`${key}._S3rver_object`.split('/')), time, time),
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
      if (!(await isPortFree(port))) throw new Error(`s3rver still listens on port ${port}`);
    },
  };
}
