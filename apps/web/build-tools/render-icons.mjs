// Renders the app's PNG icons (public/icons/) from its SVG logo with the machine's Chromium:
// `node apps/web/build-tools/render-icons.mjs`. The PNGs are committed; run this again when the logo changes.
// Chromium's installability check wants PNGs of 192 and 512 px, and a maskable one; iOS its 180 px touch icon.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const webDir = path.resolve(import.meta.dirname, '..');
const outDir = path.join(webDir, 'public', 'icons');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const plain = path.join(webDir, 'public', 'logo.svg');
// The logo on a full square, smaller, so the launcher's mask (circle, squircle) never cuts it.
const maskable = path.join(webDir, 'build-tools', 'logo-maskable.svg');

const ICONS = [
  { file: 'icon-192.png', svg: plain, size: 192 },
  { file: 'icon-512.png', svg: plain, size: 512 },
  { file: 'icon-maskable-512.png', svg: maskable, size: 512 },
  // iOS rounds the corners itself and shows transparency as black: the full square.
  { file: 'apple-touch-icon.png', svg: maskable, size: 180 },
];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-icons-'));
fs.mkdirSync(outDir, { recursive: true });
try {
  for (const icon of ICONS) {
    const page = path.join(work, `${icon.file}.html`);
    fs.writeFileSync(
      page,
      '<!doctype html><style>html,body{margin:0;background:transparent}img{display:block;width:100vw;height:100vh}</style>' +
        `<img src="file://${icon.svg}">`,
    );
    execFileSync(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--hide-scrollbars',
        '--default-background-color=00000000',
        `--window-size=${icon.size},${icon.size}`,
        `--screenshot=${path.join(outDir, icon.file)}`,
        `file://${page}`,
      ],
      { stdio: 'ignore' },
    );
    console.log(`${icon.file}: ${fs.statSync(path.join(outDir, icon.file)).size} bytes`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
