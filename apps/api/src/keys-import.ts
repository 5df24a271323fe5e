import { importAadhaarKeys, importKeys, readAadhaarKeysOf, readKeyFile } from './encryption/key-transfer.js';
import { runKeyFileCommand } from './key-file-command.js';

/** `npm run keys:import -- FILE` (docs/deployment.md): puts exported keys back into DATA_DIR/keys (the vault's into keys/aadhaar). */
runKeyFileCommand({
  usage: 'Usage: npm run keys:import -- FILE   (a file npm run keys:export wrote)',
  fileErrors: { ENOENT: 'That key file does not exist.' },
  failure: 'Key import failed',
  run: (file, config) => {
    const dataKeys = readKeyFile(file);
    const vaultKeys = readAadhaarKeysOf(file);
    const report = importKeys(config.dataDir, dataKeys);
    console.log(
      `Keys added to ${config.dataDir}/keys: ${report.added.join(', ') || 'none'}${report.present.length > 0 ? `; already there: ${report.present.join(', ')}` : ''}.`,
    );
    if (report.activated) console.log(`Key ${report.activated} is the active key.`);
    if (vaultKeys.length === 0) return;
    const vault = importAadhaarKeys(config.dataDir, vaultKeys);
    console.log(
      `Aadhaar keys added to ${config.dataDir}/keys/aadhaar: ${vault.added.join(', ') || 'none'}${vault.present.length > 0 ? `; already there: ${vault.present.join(', ')}` : ''}.`,
    );
    if (vault.activated) console.log(`Aadhaar key ${vault.activated} is the active Aadhaar key.`);
  },
});
