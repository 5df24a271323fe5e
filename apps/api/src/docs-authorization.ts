// `npm run docs:authorization`: writes docs/authorization.md from the access table.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderAuthorizationDoc } from './policy/access-table-doc.js';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/authorization.md');
fs.writeFileSync(target, renderAuthorizationDoc());
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
