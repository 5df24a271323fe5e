import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { formatContentDisposition } from './content-disposition.js';
import { CSV_BYTE_ORDER_MARK, formatCsvRow } from './csv-writer.js';

export type CsvDownload = {
  fileName: string;
  header: readonly string[];
  rows: AsyncIterable<readonly (string | number | null | undefined)[]>;
};

/**
 * A CSV answer produced line by line as `rows` yields (memory stays flat however long it is), saved by
 * the browser under `fileName`: a UTF-8 byte order mark, the header, formula-safe cells.
 */
export function sendCsv(reply: FastifyReply, csv: CsvDownload) {
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BYTE_ORDER_MARK + formatCsvRow(csv.header);
    for await (const cells of csv.rows) yield formatCsvRow(cells);
  }
  reply.header('content-disposition', formatContentDisposition('attachment', csv.fileName));
  reply.type('text/csv; charset=utf-8');
  return reply.send(Readable.from(lines()));
}
