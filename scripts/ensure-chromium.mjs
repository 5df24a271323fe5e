// Browser tests drive Debian's Chromium; install it when missing and allowed, else say what to do.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install Debian's package first (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  console.log('Installing Chromium with apt-get (browser tests need it)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureChromium();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
