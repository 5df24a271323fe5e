import { describe, expect, it } from 'vitest';
import { folderCreateSchema, FILE_MESSAGES as M } from './files.js';

const folder = (folder_name: unknown) => ({ folder_name, client_id: 5, service_id: 2, folder_id: '' });

function folderNameErrors(name: unknown): string[] {
  const result = folderCreateSchema.safeParse(folder(name));
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path.join('.') === 'folder_name')
    .map((issue) => issue.message);
}

describe('folder names', () => {
  it.each([
    ['an empty name', '', M.folderNameRequired],
    ['a blank name', '   ', M.folderNameRequired],
    ['no name at all', undefined, M.folderNameRequired],
    ['a path', '../x', M.folderNameInvalid],
    ['a slash', 'a/b', M.folderNameInvalid],
    ['a backslash', 'a\\b', M.folderNameInvalid],
    ['a dot', '.', M.folderNameInvalid],
    ['a dot-dot', '..', M.folderNameInvalid],
    ['a control character', 'Returns\u0007', M.folderNameInvalid],
    ['a right-to-left override', 'Returns\u202Efdp', M.folderNameInvalid],
    ['101 characters', 'x'.repeat(101), M.folderNameTooLong],
  ])('refuses %s', (_case, name, message) => {
    expect(folderNameErrors(name)).toEqual([message]);
  });

  it.each([
    ['one character', 'A', 'A'],
    ['100 characters', 'x'.repeat(100), 'x'.repeat(100)],
    ['spaces around it', '  GST Returns 2024-25 ', 'GST Returns 2024-25'],
    ['dots inside', 'FY.2024.25', 'FY.2024.25'],
  ])('accepts %s, trimmed', (_case, name, stored) => {
    expect(folderCreateSchema.parse(folder(name)).folder_name).toBe(stored);
  });
});
