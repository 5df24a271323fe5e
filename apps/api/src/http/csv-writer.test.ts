import { describe, expect, it } from 'vitest';
import { escapeCsvCell, formatCsvRow } from './csv-writer.js';

describe('the CSV writer', () => {
  it('prefixes a cell a spreadsheet would run as a formula with an apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect([start, escapeCsvCell(`${start}SUM(A1)`).replace(/^"|"$/g, '')]).toEqual([start, `'${start}SUM(A1)`]);
    expect(escapeCsvCell('=1+2')).toBe("'=1+2");
    expect(escapeCsvCell('a=1')).toBe('a=1');
    expect(escapeCsvCell('Meera Iyer')).toBe('Meera Iyer');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(escapeCsvCell('Iyer, Meera')).toBe('"Iyer, Meera"');
    expect(escapeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvCell('two\nlines')).toBe('"two\nlines"');
    expect(escapeCsvCell('-1, "x"')).toBe(`"'-1, ""x"""`);
  });

  it('writes empty cells for missing values and ends each row with CRLF', () => {
    expect(formatCsvRow(['a', null, undefined, 7, ''])).toBe('a,,,7,\r\n');
  });
});
