import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');
const modules = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each module's map (issue 21): its tables, routes, hooks and files, kept true to the folder. */
describe('the README of every API module', () => {
  it('exists for each module', () => {
    const missing = modules.filter((name) => !fs.existsSync(path.join(modulesDir, name, 'README.md')));
    expect(missing).toEqual([]);
    expect(modules.length).toBeGreaterThan(20);
  });

  it.each(modules)('%s names only files that exist', (name) => {
    const readmePath = path.join(modulesDir, name, 'README.md');
    if (!fs.existsSync(readmePath)) return;
    const readme = fs.readFileSync(readmePath, 'utf8');
    const named = [...readme.matchAll(/`([\w./-]+\.(?:ts|tsx|md))`/g)].map((match) => match[1] as string);
    expect(named.length).toBeGreaterThan(0);
    const exists = (file: string) =>
      [
        path.join(modulesDir, name, file),
        path.resolve(modulesDir, '../../../..', file),
        path.resolve(modulesDir, '..', file),
      ].some((candidate) => fs.existsSync(candidate));
    expect(named.filter((file) => !exists(file))).toEqual([]);
  });
});
