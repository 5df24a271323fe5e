/**
 * CSV as spreadsheets save it (RFC 4180): cells separated by commas, records by CRLF or LF, a cell in
 * double quotes may hold commas, line breaks and doubled quotes. The counterpart of csv-writer.ts,
 * including its formula guard: a cell it wrote as `'=...` reads back as `=...`.
 */

/** Where a text stopped being CSV, by record (the first record is 1, as a spreadsheet numbers rows). */
export type CsvSyntaxProblem = { kind: 'unclosed-quote' | 'text-after-quote'; record: number };

export type CsvParse = { ok: true; records: string[][] } | { ok: false; problem: CsvSyntaxProblem };

/** Reads every record of `text` (a leading byte order mark is dropped; a final line break ends no record). */
export function parseCsv(text: string): CsvParse {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  // Whether the cell in hand was quoted (so `""` is an empty cell that was there, and nothing may follow it).
  let quoted = false;
  const endCell = () => {
    record.push(cell);
    cell = '';
    quoted = false;
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  let index = 0;
  while (index < source.length) {
    const char = source[index] as string;
    if (quoted && char !== ',' && char !== '\r' && char !== '\n')
      return { ok: false, problem: { kind: 'text-after-quote', record: records.length + 1 } };
    if (char === '"' && cell === '' && !quoted) {
      // A quoted cell: to its closing quote, "" standing for one quote.
      let from = index + 1;
      for (;;) {
        const quote = source.indexOf('"', from);
        if (quote === -1) return { ok: false, problem: { kind: 'unclosed-quote', record: records.length + 1 } };
        cell += source.slice(from, quote);
        if (source[quote + 1] !== '"') {
          index = quote + 1;
          break;
        }
        cell += '"';
        from = quote + 2;
      }
      quoted = true;
      continue;
    }
    if (char === ',') endCell();
    // CRLF, LF, or a lone CR (old Macs) ends a record.
    else if (char === '\n' || char === '\r') {
      endRecord();
      if (char === '\r' && source[index + 1] === '\n') index += 1;
    } else cell += char;
    index += 1;
  }
  if (cell !== '' || quoted || record.length > 0) endRecord();
  return { ok: true, records };
}

/** A cell as it was typed: csv-writer.ts's apostrophe before a formula character removed. */
export function readCsvCell(cell: string): string {
  return /^'[=+\-@\t\r\n]/.test(cell) ? cell.slice(1) : cell;
}

export type CsvBytesVerdict = { ok: true; text: string } | { ok: false; problem: 'binary' | 'encoding' };

// Files people pick by mistake: a workbook (zip or the old compound format), a PDF.
const BINARY_SIGNATURES = [Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.from('d0cf11e0a1b11ae1', 'hex')];

/**
 * Whether uploaded bytes are CSV text at all: a workbook, a PDF or anything with a NUL byte is binary;
 * text must be UTF-8 (what "CSV UTF-8" saves; plain ASCII is UTF-8 too).
 */
export function decodeCsvBytes(bytes: Buffer): CsvBytesVerdict {
  if (BINARY_SIGNATURES.some((signature) => bytes.subarray(0, signature.length).equals(signature)))
    return { ok: false, problem: 'binary' };
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-' || bytes.includes(0)) return { ok: false, problem: 'binary' };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, problem: 'encoding' };
  }
}
