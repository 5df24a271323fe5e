import { describe, expect, it } from 'vitest';
import { buildRestoredName } from './file-trash.js';

describe('the name a restored item takes beside a live one of its name', () => {
  it('marks the name before a file extension, and counts further attempts', () => {
    expect(buildRestoredName('Form 16.pdf', 1, 'file')).toBe('Form 16 (restored).pdf');
    expect(buildRestoredName('Form 16.pdf', 2, 'file')).toBe('Form 16 (restored 2).pdf');
    expect(buildRestoredName('README', 1, 'file')).toBe('README (restored)');
    expect(buildRestoredName('.env', 1, 'file')).toBe('.env (restored)');
  });

  it('never reads a dot in a folder name as an extension, and keeps within the name limits', () => {
    expect(buildRestoredName('FY 2024.25', 1, 'folder')).toBe('FY 2024.25 (restored)');
    const long = `${'a'.repeat(254)}.pdf`;
    const restored = buildRestoredName(long, 3, 'file');
    expect(restored).toHaveLength(255);
    expect(restored.endsWith(' (restored 3).pdf')).toBe(true);
    expect(buildRestoredName('b'.repeat(100), 1, 'folder')).toHaveLength(100);
  });
});
