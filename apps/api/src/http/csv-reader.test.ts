import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, parseCsv, readCsvCell } from './csv-reader.js';
import { CSV_BYTE_ORDER_MARK, formatCsvRow } from './csv-writer.js';

const records = (text: string) => {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(`not parsed: ${JSON.stringify(parsed.problem)}`);
  return parsed.records;
};

describe('the CSV reader', () => {
  it('reads cells and records, with CRLF, LF or CR line ends and no record for a final line break', () => {
    expect(records('a,b\r\nc,d\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(records('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(records('a\rb\r')).toEqual([['a'], ['b']]);
    expect(records('a,,\n,,')).toEqual([
      ['a', '', ''],
      ['', '', ''],
    ]);
    expect(records('')).toEqual([]);
  });

  it('reads quoted cells with commas, doubled quotes and line breaks, and empty quoted cells', () => {
    expect(records('"Iyer, Meera","say ""hi""","two\r\nlines",""\r\nx')).toEqual([
      ['Iyer, Meera', 'say "hi"', 'two\r\nlines', ''],
      ['x'],
    ]);
    // A quote inside an unquoted cell is kept as it is.
    expect(records('5" screen,b')).toEqual([['5" screen', 'b']]);
  });

  it('reads back what the writer wrote, byte order mark and formula guard included', () => {
    const cells = ['=HYPERLINK("x")', '+91 98765', 'Iyer, Meera', 'plain', '', '-', '@home'];
    const [row] = records(CSV_BYTE_ORDER_MARK + formatCsvRow(cells));
    expect(row?.map(readCsvCell)).toEqual(cells);
    expect(readCsvCell("'plain")).toBe("'plain");
  });

  it('names the record where the text stops being CSV', () => {
    expect(parseCsv('a,b\n"open,c\nd')).toEqual({ ok: false, problem: { kind: 'unclosed-quote', record: 2 } });
    expect(parseCsv('a\nb\n"x"y,z')).toEqual({ ok: false, problem: { kind: 'text-after-quote', record: 3 } });
  });

  it('takes UTF-8 text and refuses workbooks, PDFs, NUL bytes and other encodings', () => {
    expect(decodeCsvBytes(Buffer.from('name,city\nभारत,Pune', 'utf8'))).toEqual({
      ok: true,
      text: 'name,city\nभारत,Pune',
    });
    expect(decodeCsvBytes(Buffer.from('PK\u0003\u0004rest', 'latin1'))).toEqual({ ok: false, problem: 'binary' });
    expect(decodeCsvBytes(Buffer.from('d0cf11e0a1b11ae10000', 'hex'))).toEqual({ ok: false, problem: 'binary' });
    expect(decodeCsvBytes(Buffer.from('%PDF-1.7\n', 'latin1'))).toEqual({ ok: false, problem: 'binary' });
    expect(decodeCsvBytes(Buffer.from('a,b\u0000', 'latin1'))).toEqual({ ok: false, problem: 'binary' });
    // "Café" saved in Windows-1252.
    expect(decodeCsvBytes(Buffer.from([0x43, 0x61, 0x66, 0xe9]))).toEqual({ ok: false, problem: 'encoding' });
  });
});
