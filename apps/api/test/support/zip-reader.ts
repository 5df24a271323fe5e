import { createHash } from 'node:crypto';
import yauzl from 'yauzl';

export type ZipEntryRead = { name: string; directory: boolean; size: number; sha256: string; utf8: boolean };

/** Reads every entry of a ZIP with an independent reader (yauzl): names, sizes and each entry's SHA-256. */
export function readZipEntries(archive: Buffer): Promise<ZipEntryRead[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: ZipEntryRead[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        const directory = entry.fileName.endsWith('/');
        const utf8 = (entry.generalPurposeBitFlag & 0x800) !== 0;
        if (directory) {
          entries.push({ name: entry.fileName, directory, size: 0, sha256: '', utf8 });
          return zip.readEntry();
        }
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          const hash = createHash('sha256');
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            hash.update(chunk);
            size += chunk.length;
          });
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, directory, size, sha256: hash.digest('hex'), utf8 });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The text of one entry of a ZIP (the first of that name), read with the same independent reader. */
export function readZipEntryText(archive: Buffer, name: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('error', reject);
      zip.on('end', () => resolve(null));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
        });
      });
      zip.readEntry();
    });
  });
}
