import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The gzip budget of the JavaScript the sign-in page loads (issue 11), in Vite's kB of 1,000 bytes. */
export const SIGN_IN_JS_GZIP_BUDGET = 80_000;

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export type BuiltFile = { file: string; bytes: number; gzip: number };
export type Weight = { files: BuiltFile[]; bytes: number; gzip: number };
export type FirstPageSize = {
  /** The entry chunk and every chunk it imports statically: all the script the sign-in page runs on. */
  scripts: Weight;
  styles: Weight;
  /** What the entry imports dynamically (the sign-in checks, the portal), beyond the files above. */
  later: { src: string; scripts: Weight; styles: Weight }[];
  /** Every script and style sheet of the build. */
  allScripts: Weight;
  allStyles: Weight;
};

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

function measureFile(distDir: string, file: string): BuiltFile {
  const content = fs.readFileSync(path.join(distDir, file));
  return { file, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

function weigh(distDir: string, files: string[]): Weight {
  const measured = files.map((file) => measureFile(distDir, file));
  return {
    files: measured,
    bytes: measured.reduce((total, file) => total + file.bytes, 0),
    gzip: measured.reduce((total, file) => total + file.gzip, 0),
  };
}

/** A chunk and the chunks it imports statically, as manifest keys. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const filesOf = (manifest: Manifest, keys: Iterable<string>) => {
  const chunks = [...keys].map((key) => manifest[key] as ManifestChunk);
  return {
    scripts: chunks.map((chunk) => chunk.file),
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  };
};

/**
 * What the first page costs, from Vite's manifest: the HTML entry's chunk and the chunks it imports
 * statically (the browser fetches them all before the entry runs; dynamic imports come later), and their CSS.
 */
export function measureFirstPage(distDir: string): FirstPageSize {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('The manifest has no index.html entry.');
  const first = staticClosure(manifest, entryKey);
  const firstFiles = filesOf(manifest, first);
  const later = (manifest[entryKey]?.dynamicImports ?? []).map((key) => {
    const files = filesOf(
      manifest,
      [...staticClosure(manifest, key)].filter((chunk) => !first.has(chunk)),
    );
    return {
      src: manifest[key]?.src ?? key,
      scripts: weigh(distDir, files.scripts),
      styles: weigh(distDir, files.styles),
    };
  });
  const assets = fs.readdirSync(path.join(distDir, 'assets')).map((file) => `assets/${file}`);
  return {
    scripts: weigh(distDir, firstFiles.scripts),
    styles: weigh(distDir, firstFiles.styles),
    later,
    allScripts: weigh(
      distDir,
      assets.filter((file) => file.endsWith('.js')),
    ),
    allStyles: weigh(
      distDir,
      assets.filter((file) => file.endsWith('.css')),
    ),
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The lines the build prints (docs/performance.md, "The first page"). */
export function describeFirstPage(size: FirstPageSize): string {
  return [
    `Sign-in page: ${kb(size.scripts.gzip)} gzip JavaScript in ${size.scripts.files.length} files ` +
      `(budget ${kb(SIGN_IN_JS_GZIP_BUDGET)}; ${kb(size.scripts.bytes)} unpacked), ` +
      `${kb(size.styles.gzip)} gzip CSS (${kb(size.styles.bytes)} unpacked)`,
    ...size.later.map(
      (part) =>
        `  then ${part.src}: ${kb(part.scripts.gzip)} gzip JavaScript in ${part.scripts.files.length} files, ` +
        `${kb(part.styles.gzip)} gzip CSS`,
    ),
    `Whole app: ${kb(size.allScripts.bytes)} JavaScript (${kb(size.allScripts.gzip)} gzip) in ` +
      `${size.allScripts.files.length} files, ${kb(size.allStyles.bytes)} CSS (${kb(size.allStyles.gzip)} gzip)`,
  ].join('\n');
}
