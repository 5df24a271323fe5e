import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FirstPageSize, measureFirstPage, SIGN_IN_JS_GZIP_BUDGET } from '../build-tools/first-page-size.ts';

// Reads the build in apps/web/dist: `npm test` runs this after `npm run build` (scripts/run-tests.mjs);
// without a build the file fails, it does not skip.
const dist = path.resolve(import.meta.dirname, '../dist');

const read = (file: string) => fs.readFileSync(path.join(dist, file));

const SIBLINGS: [string, (data: Buffer) => Buffer, (data: Buffer) => Buffer][] = [
  [
    '.br',
    brotliDecompressSync,
    (data) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  ],
  ['.gz', gunzipSync, (data) => gzipSync(data, { level: constants.Z_BEST_COMPRESSION })],
];

describe('the built web app (apps/web/dist)', () => {
  let size: FirstPageSize;
  let indexHtml: string;
  beforeAll(() => {
    size = measureFirstPage(dist);
    indexHtml = read('index.html').toString();
  });

  it('the sign-in page needs at most 80 kB of gzip JavaScript', () => {
    expect(size.scripts.files.length).toBeGreaterThan(0);
    expect(size.scripts.gzip).toBeLessThanOrEqual(SIGN_IN_JS_GZIP_BUDGET);
  });

  it("index.html loads exactly the scripts measured as the sign-in page's, and its CSS", () => {
    const scripts = [...indexHtml.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)].map((match) => match[1]);
    const preloaded = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map(
      (match) => match[1],
    );
    const styles = [...indexHtml.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toHaveLength(1);
    expect([...scripts, ...preloaded].sort()).toEqual(size.scripts.files.map((file) => file.file).sort());
    expect(styles.sort()).toEqual(size.styles.files.map((file) => file.file).sort());
  });

  it("the sign-in page's CSS leaves out the Bootstrap parts only the portal's screens use", () => {
    const css = size.styles.files.map((file) => read(file.file).toString()).join('\n');
    expect(css).toContain('.form-control');
    expect(css).toContain('.card');
    for (const selector of ['.modal{', '.navbar{', '.dropdown-menu{', '.table{', '.pagination{']) {
      expect(css).not.toContain(selector);
    }
    const portalCss = size.later.flatMap((part) => part.styles.files).map((file) => read(file.file).toString());
    expect(portalCss.join('\n')).toContain('.modal{');
  });

  it('every script, style sheet and page of the build has brotli and gzip siblings that unpack to it', () => {
    const files = fs
      .readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(?:js|css|html)$/.test(file) && !file.startsWith('.vite'));
    expect(files.length).toBeGreaterThan(2);
    let compressed = 0;
    for (const file of files) {
      const content = read(file);
      for (const [extension, unpack, pack] of SIBLINGS) {
        const sibling = `${file}${extension}`;
        if (fs.existsSync(path.join(dist, sibling))) {
          expect(unpack(read(sibling)).equals(content), sibling).toBe(true);
          compressed += 1;
        } else {
          // The build leaves a file without a sibling only when compressing would not shrink it.
          expect(pack(content).length, `${sibling} is missing`).toBeGreaterThanOrEqual(content.length);
        }
      }
    }
    expect(compressed).toBeGreaterThan(files.length);
  });
});
