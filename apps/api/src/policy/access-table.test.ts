import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACCESS_TABLE } from './access-table.js';
import { renderAuthorizationDoc } from './access-table-doc.js';
import { scopeFor } from './authorize.js';

const docPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/authorization.md');

describe('the access table', () => {
  it('is what docs/authorization.md says (regenerate with npm run docs:authorization)', () => {
    expect(fs.readFileSync(docPath, 'utf8')).toBe(renderAuthorizationDoc());
  });

  it('gives each role at most one of platform, firm or created per user action, so a list scope is one condition', () => {
    for (const rule of ACCESS_TABLE.filter((entry) => entry.action.startsWith('user.'))) {
      const bases = ACCESS_TABLE.filter(
        (other) =>
          other.action === rule.action &&
          other.role === rule.role &&
          ['platform', 'firm', 'created'].includes(other.relation),
      );
      expect(bases.length, `${rule.role} ${rule.action}`).toBeLessThanOrEqual(1);
      expect(() => scopeFor({ id: 7, role: rule.role, firmId: 3, status: 'active' }, rule.action)).not.toThrow();
    }
  });
});
