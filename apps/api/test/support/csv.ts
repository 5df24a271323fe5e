import type { ApiCaller } from './test-app.js';

/**
 * CSV as a spreadsheet reads and writes it, written here apart from the server's reader and writer so
 * the tests do not check the server's CSV by itself.
 */
export function parseCsvText(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

/** A CSV answer's header and rows, each row read by column name. */
export function readCsvAnswer(body: string): { header: string[]; rows: Record<string, string>[] } {
  const [header = [], ...rows] = parseCsvText(body.replace(/^\uFEFF/, ''));
  return {
    header,
    rows: rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? '']))),
  };
}

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** A file with `header` and one line per row (cells by column name, missing ones blank), CRLF line ends. */
export function writeCsvFile(header: string[], rows: Record<string, string>[]): string {
  const lines = [header, ...rows.map((row) => header.map((column) => row[column] ?? ''))];
  return `${lines.map((cells) => cells.map(quote).join(',')).join('\r\n')}\r\n`;
}

/** Sends a file as the import endpoints take it: the bytes themselves, as text/csv. */
export function postCsv(t: ApiCaller, token: string, url: string, body: string | Buffer, contentType = 'text/csv') {
  return t.request({ method: 'POST', url, token, payload: body, headers: { 'content-type': contentType } });
}
