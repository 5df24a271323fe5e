import { describe, expect, it } from 'vitest';
import { createDirectoryNames, makeSafeEntryName } from '../src/modules/files/zip-entry-names.js';

describe('names inside a folder ZIP', () => {
  it('never leaves a path trick, a control character or a character Windows refuses', () => {
    expect(makeSafeEntryName('../../etc/passwd', 'File')).toBe('.._.._etc_passwd');
    expect(makeSafeEntryName('/root.pdf', 'File')).toBe('_root.pdf');
    expect(makeSafeEntryName('a\\b.pdf', 'File')).toBe('a_b.pdf');
    expect(makeSafeEntryName('tab\there\u0000.pdf', 'File')).toBe('tab_here_.pdf');
    expect(makeSafeEntryName('Q1: "GST"? <draft>|*.pdf', 'File')).toBe('Q1_ _GST__ _draft___.pdf');
    expect(makeSafeEntryName('..', 'Folder')).toBe('Folder');
    expect(makeSafeEntryName('  ', 'File')).toBe('File');
    expect(makeSafeEntryName('notes. . ', 'File')).toBe('notes');
    expect(makeSafeEntryName('CON', 'Folder')).toBe('_CON');
    expect(makeSafeEntryName('lpt1.txt', 'File')).toBe('_lpt1.txt');
    expect(makeSafeEntryName('console.pdf', 'File')).toBe('console.pdf');
  });

  it('keeps the names people gave, in any script, capped in length with the extension kept', () => {
    expect(makeSafeEntryName('आयकर रिटर्न 2024.pdf', 'File')).toBe('आयकर रिटर्न 2024.pdf');
    const long = makeSafeEntryName(`${'x'.repeat(300)}.pdf`, 'File');
    expect(long.length).toBe(120);
    expect(long.endsWith('x.pdf')).toBe(true);
    // Whole characters only: an emoji is never cut in half.
    expect(makeSafeEntryName(`${'😀'.repeat(200)}.pdf`, 'File')).toBe(`${'😀'.repeat(116)}.pdf`);
  });

  it('makes names unique within a directory, case-insensitively', () => {
    const names = createDirectoryNames();
    expect(names.claim('Report.pdf')).toBe('Report.pdf');
    expect(names.claim('report.PDF')).toBe('report (2).PDF');
    expect(names.claim('Report (2).pdf')).toBe('Report (2) (2).pdf');
    expect(names.claim('Report.pdf')).toBe('Report (3).pdf');
    expect(names.claim('.env')).toBe('.env');
    expect(names.claim('.env')).toBe('.env (2)');
    const other = createDirectoryNames();
    expect(other.claim('Report.pdf')).toBe('Report.pdf');
  });
});
