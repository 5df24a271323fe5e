import { exportKeys, readAadhaarKeysOf } from './encryption/key-transfer.js';
import { runKeyFileCommand } from './key-file-command.js';

/**
 * `npm run keys:export -- FILE` (docs/deployment.md): writes the data keys, and the Aadhaar vault's
 * keys, to a new file of mode 600, to be kept apart from the backups, which never hold them.
 */
runKeyFileCommand({
  usage: 'Usage: npm run keys:export -- FILE   (a new file; it will hold the keys in the clear)',
  fileErrors: { EEXIST: 'That file exists already: give a new file name (a key file is never overwritten).' },
  failure: 'Key export failed',
  run: (file, config) => {
    const ids = exportKeys(config, file);
    const vaultIds = readAadhaarKeysOf(file).map((key) => key.id);
    const vault = vaultIds.length > 0 ? ` and ${vaultIds.length} Aadhaar key(s) (${vaultIds.join(', ')})` : '';
    console.log(
      `Wrote ${ids.length} key(s) (${ids.join(', ')}, the active one first)${vault} to ${file}. Keep it apart from the backups: with both, anyone can read the data. Export again after each keys:rotate.`,
    );
  },
});
