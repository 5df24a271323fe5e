import { inflateSync } from 'node:zlib';
import jsQRModule from 'jsqr';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';

// jsqr is CommonJS whose typings declare an ES default: under NodeNext the default import is the function itself.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

/** A PDF's text as a reader's PDF.js extracts it, pages joined. */
export async function extractPdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

/** The PDF's drawing operators: every stream inflated (pdfkit compresses them with Flate). */
function readContentStreams(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      parts.push(inflateSync(Buffer.from(raw.slice(start, end), 'latin1')).toString('latin1'));
    } catch {
      // Not a Flate stream (an embedded image or font kept as is).
    }
  }
  return parts.join('\n');
}

/**
 * The QR code the PDF draws, read back as a phone would: its dark squares (the most frequent square
 * size among the `re` operators) are painted into an image and decoded with jsQR. Null when none reads.
 */
export function readPdfQr(pdf: Buffer): string | null {
  const squares = [...readContentStreams(pdf).matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)]
    .map((match) => match.slice(1, 5).map(Number) as [number, number, number, number])
    .filter(([, , width, height]) => width === height && width < 10);
  const counts = new Map<number, number>();
  for (const [, , size] of squares) counts.set(size, (counts.get(size) ?? 0) + 1);
  const cell = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (cell === undefined) return null;
  const modules = squares.filter(([, , size]) => size === cell);
  const left = Math.min(...modules.map(([x]) => x));
  const top = Math.min(...modules.map(([, y]) => y));
  const cells = modules.map(([x, y]) => [Math.round((x - left) / cell), Math.round((y - top) / cell)] as const);
  const count = Math.max(...cells.flat()) + 1;
  const scale = 4;
  const side = (count + 8) * scale;
  const image = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [column, row] of cells)
    for (let dy = 0; dy < scale; dy += 1)
      for (let dx = 0; dx < scale; dx += 1) {
        const offset = (((row + 4) * scale + dy) * side + (column + 4) * scale + dx) * 4;
        image.fill(0, offset, offset + 3);
      }
  return jsQR(image, side, side)?.data ?? null;
}

/** Every fragment is in the text (each failure names the fragment missing). */
export function expectAllIn(text: string, fragments: string[]): void {
  for (const fragment of fragments) expect(text).toContain(fragment);
}
