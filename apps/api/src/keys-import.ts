import { importKeys, readKeyFile } from './encryption/key-transfer.js';
import { runKeyFileCommand } from './key-file-command.js';

/** `npm run keys:import -- FILE` (docs/deployment.md): puts exported keys back into DATA_DIR/keys. */
runKeyFileCommand({
  usage: 'Usage: npm run keys:import -- FILE   (a file npm run keys:export wrote)',
  fileErrors: { ENOENT: 'That key file does not exist.' },
  failure: 'Key import failed',
  run: (file, config) => {
    const report = importKeys(config.dataDir, readKeyFile(file));
    console.log(
      `Keys added to ${config.dataDir}/keys: ${report.added.join(', ') || 'none'}${report.present.length > 0 ? `; already there: ${report.present.join(', ')}` : ''}.`,
    );
    if (report.activated) console.log(`Key ${report.activated} is the active key.`);
  },
});
