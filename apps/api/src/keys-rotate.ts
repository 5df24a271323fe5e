import fs from 'node:fs';
import path from 'node:path';
import { runCommand, runWithPortalApp } from './cli-run.js';
import { loadCommandConfig } from './config.js';
import { loadAadhaarKeyring } from './encryption/aadhaar-keyring.js';
import { activateKeyFile, createKeyFile, loadKeyring } from './encryption/keyring.js';
import { countAadhaarNotUnderActiveKey } from './modules/aadhaar-vault/aadhaar-vault.service.js';
import { countRowsNotUnderKey, sealDataAtRest } from './modules/key-rotation/encrypt-at-rest.service.js';
import {
  createSealReport,
  type SealContext,
  type SealReport,
  startSealProgress,
} from './modules/key-rotation/seal-report.js';

// A running server looks for a newly active key once a second; after this, no new upload begins under
// the old key, and a second pass takes what was written meanwhile.
const SETTLE_MS = 2500;
const PROGRESS_EVERY_MS = 2000;

/** A pass moving everything under the active keys, with a line every few seconds saying how far it got. */
async function sealWithProgress(context: SealContext): Promise<SealReport> {
  const report = createSealReport();
  const stop = startSealProgress(report, (line) => console.log(line), PROGRESS_EVERY_MS);
  try {
    return await sealDataAtRest(context, 'all', report);
  } finally {
    stop();
  }
}

/**
 * `npm run keys:rotate [-- --retire-old-keys]` (docs/security.md): a new data key becomes active and
 * every sealed value and stored file is moved under it, and a new Aadhaar key and the vault's numbers
 * under that, while the portal keeps serving. With `ENCRYPTION_KEY` (`AADHAAR_KEY`), its first key is
 * the new one (put it first and restart the portal before).
 */
async function rotate(): Promise<number> {
  process.umask(0o077);
  const config = loadCommandConfig();
  const retire = process.argv.includes('--retire-old-keys');
  const keysDir = path.join(config.dataDir, 'keys');
  const before = loadKeyring({ encryptionKey: config.encryptionKey, dataDir: config.dataDir });
  if (before.source === 'directory') {
    const created = createKeyFile(keysDir);
    activateKeyFile(keysDir, created.id);
    console.log(`New key ${created.id} is active (was ${before.active().id}).`);
  } else {
    console.log(`ENCRYPTION_KEY is set: its first key, ${before.active().id}, is the active one.`);
  }
  // The Aadhaar vault's key turns with the data key (docs/decisions/0044).
  const vaultBefore = loadAadhaarKeyring(config, before);
  if (vaultBefore.source === 'directory') {
    const created = createKeyFile(vaultBefore.keysDir);
    activateKeyFile(vaultBefore.keysDir, created.id);
    console.log(`New Aadhaar key ${created.id} is active (was ${vaultBefore.active().id}).`);
  } else {
    console.log(`AADHAAR_KEY is set: its first key, ${vaultBefore.active().id}, is the active one.`);
  }

  return runWithPortalApp(config, async (context) => {
    const active = context.keyring.active().id;
    const activeAadhaar = context.aadhaarKeyring.active().id;
    const first = await sealWithProgress(context);
    // Before old keys go, every upload that began under one must be over: none outlives the request
    // time limit, and any still running is then cut off. Otherwise only the portal's switch is awaited.
    const wait = retire ? config.requestTimeoutMs + SETTLE_MS : SETTLE_MS;
    if (retire) console.log(`Waiting ${Math.round(wait / 1000)} s for uploads begun under an old key to finish...`);
    await new Promise((resolve) => setTimeout(resolve, wait));
    const second = await sealWithProgress(context);
    const left = (await countRowsNotUnderKey(context.db, active)) + (await countAadhaarNotUnderActiveKey(context));
    const moved = (field: 'users' | 'aadhaar' | 'files' | 'documents') => first[field] + second[field];
    console.log(
      `Re-encrypted the secrets of ${moved('users')} users, ${moved('files')} client files and ${moved('documents')} user documents under ${active}.`,
    );
    console.log(`Re-encrypted ${moved('aadhaar')} Aadhaar numbers in the vault under ${activeAadhaar}.`);
    if (left > 0 || second.skipped > 0) {
      console.error(
        `${left} rows are still under another key (${second.skipped} could not be read: see the log). Run again once the cause is fixed.`,
      );
      return 1;
    }
    if (retire) {
      // Key files in DATA_DIR/keys other than the active one; with ENCRYPTION_KEY, all of them.
      const retired = fs.readdirSync(keysDir).filter((name) => name.endsWith('.key') && name !== `${active}.key`);
      for (const name of retired) fs.rmSync(path.join(keysDir, name), { force: true });
      console.log(`Removed ${retired.length} old key files. Backups made before this rotation can no longer be read.`);
      if (context.keyring.source === 'environment')
        console.log('Remove the older keys from ENCRYPTION_KEY too, keeping only the first, and restart the portal.');
      const vaultDir = context.aadhaarKeyring.keysDir;
      const retiredVault = fs
        .readdirSync(vaultDir)
        .filter((name) => name.endsWith('.key') && name !== `${activeAadhaar}.key`);
      for (const name of retiredVault) fs.rmSync(path.join(vaultDir, name), { force: true });
      console.log(`Removed ${retiredVault.length} old Aadhaar key files.`);
      if (context.aadhaarKeyring.source === 'environment')
        console.log('Remove the older keys from AADHAAR_KEY too, keeping only the first, and restart the portal.');
    } else {
      console.log('Old keys are kept so that backups made before this rotation stay readable.');
    }
    return 0;
  });
}

runCommand(rotate, 'Key rotation');
