import { describe, expect, it } from 'vitest';
import { MultipartBodyWatch } from './multipart-body-watch.js';

const BOUNDARY = 'portal0b0undary';
const part = (name: string, body: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${body}\r\n`;
// The boundary's own text inside a value is no delimiter without CRLF "--" before it.
const FORM = Buffer.from(
  `${part('client_id', '12')}${part('notes', `see ${BOUNDARY} and --${BOUNDARY}`)}${part('file', 'x'.repeat(300))}--${BOUNDARY}--\r\n`,
  'latin1',
);

function watchChunks(chunks: Buffer[]): MultipartBodyWatch {
  const watch = new MultipartBodyWatch(BOUNDARY);
  for (const chunk of chunks) watch.observe(chunk);
  return watch;
}

describe('the multipart body watch', () => {
  it('counts every delimiter and the closing one in a body received whole', () => {
    expect(watchChunks([FORM])).toMatchObject({ delimiters: 4, closed: true, received: FORM.length });
  });

  it('finds the same wherever the body is split, a byte at a time included', () => {
    for (let at = 0; at <= FORM.length; at += 1) {
      const watch = watchChunks([FORM.subarray(0, at), FORM.subarray(at)]);
      expect([at, watch.delimiters, watch.closed]).toEqual([at, 4, true]);
    }
    const bytes = [...FORM].map((byte) => Buffer.from([byte]));
    expect(watchChunks(bytes)).toMatchObject({ delimiters: 4, closed: true });
  });

  it('sees the closing dashes arriving in a later chunk than the delimiter they close', () => {
    const end = FORM.lastIndexOf(`--\r\n`);
    const watch = watchChunks([FORM.subarray(0, end), FORM.subarray(end, end + 1), FORM.subarray(end + 1)]);
    expect(watch).toMatchObject({ delimiters: 4, closed: true });
  });

  it('tells a body cut short, or ending in a delimiter that is not the closing one, from a whole one', () => {
    const cut = FORM.subarray(0, FORM.lastIndexOf(`\r\n--${BOUNDARY}--`));
    expect(watchChunks([cut])).toMatchObject({ delimiters: 3, closed: false });
    const open = FORM.subarray(0, FORM.lastIndexOf('--\r\n'));
    expect(watchChunks([open])).toMatchObject({ delimiters: 4, closed: false });
  });

  it('stops counting after the closing delimiter (an epilogue is not part of the form)', () => {
    const epilogue = Buffer.concat([FORM, Buffer.from(`\r\n--${BOUNDARY}\r\n`)]);
    expect(watchChunks([epilogue])).toMatchObject({ delimiters: 4, closed: true });
  });
});
