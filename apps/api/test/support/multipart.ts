import { randomBytes } from 'node:crypto';

export type MultipartFile = { field: string; name: string; content: Buffer; type?: string };

/** A multipart/form-data body as a browser would send it; repeated values become repeated fields. */
export function buildMultipart(
  fields: Record<string, string | number | (string | number)[] | undefined>,
  files: MultipartFile[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`));
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Bytes that file-type recognises, and impostors that only claim a type. */
export const SAMPLE_FILES = {
  pdf: Buffer.concat([
    Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'),
  ]),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  ),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
  html: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
};
