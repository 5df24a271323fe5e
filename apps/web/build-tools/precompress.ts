import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `x.br` and `x.gz` beside every text file of the build, at the highest levels: the server sends
 * them as they are (apps/api/src/web/serve-spa.ts), so compressing costs nothing per request. A file
 * that would not shrink gets no sibling and is sent as it is. Files are compressed side by side on
 * Node's thread pool.
 */
export async function precompressDir(dir: string): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    // The manifest under .vite is read by the size test, never served.
    .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
  await Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      const [brotli, gzipped] = await Promise.all([
        brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (brotli.length < content.length) await fs.writeFile(`${file}.br`, brotli);
      if (gzipped.length < content.length) await fs.writeFile(`${file}.gz`, gzipped);
    }),
  );
}
