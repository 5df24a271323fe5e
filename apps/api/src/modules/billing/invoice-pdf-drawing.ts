import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatRupees } from '@portal/contract/billing-money';
import { create as createFont } from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * What every part of the invoice PDF draws with: A4 and its margins, the embedded font (DejaVu Sans, from
 * the `dejavu-fonts-ttf` package, which has the rupee sign U+20B9; never a system font), and small helpers.
 */
export const PAGE = { width: 595.28, height: 841.89, margin: 36 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const BOTTOM = PAGE.height - PAGE.margin;

const fontFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
type Face = ReturnType<typeof createFont>;
let faces: { regular: Face; bold: Face } | undefined;

/**
 * The two faces, read and parsed once per process: each document embeds a subset of the glyphs it uses,
 * and the parsed font (with the glyphs and layouts it has already worked out) serves every document.
 */
function loadFaces() {
  faces ??= {
    regular: createFont(readFileSync(path.join(fontFolder, 'DejaVuSans.ttf'))),
    bold: createFont(readFileSync(path.join(fontFolder, 'DejaVuSans-Bold.ttf'))),
  };
  return faces;
}

export type Pdf = PDFKit.PDFDocument;

/** An A4 document with the two faces registered as `regular` and `bold`; pages kept for the last marks. */
export function startPdf(title: string): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: title, Creator: 'Practice portal' },
  });
  const { regular, bold } = loadFaces();
  // pdfkit takes a parsed fontkit font as well as the file's bytes (its typings list only the latter).
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);
  return doc.font('regular').fontSize(9).fillColor('#111');
}

/** Rupees without the sign, for table cells: "12,34,567.00". */
export const formatAmount = (paise: number) => formatRupees(paise).replace('₹', '');

export const formatRate = (basisPoints: number) => `${basisPoints / 100}%`;

/** A label and its value on one line at `y`, the label bold; answers the y below it. */
export function drawPair(doc: Pdf, label: string, value: string, x: number, y: number, width: number): number {
  doc.font('bold').text(`${label}: `, x, y, { width, continued: true }).font('regular').text(value);
  return doc.y;
}

/** Starts a new page when `height` more does not fit above the bottom margin; answers where to draw. */
export function ensureRoom(doc: Pdf, y: number, height: number): number {
  if (y + height <= BOTTOM) return y;
  doc.addPage();
  return PAGE.margin;
}

/** The QR code's modules as black squares, `size` points wide, with the quiet zone QR readers need. */
export function drawQr(doc: Pdf, modules: boolean[][], x: number, y: number, size: number): void {
  const cell = size / (modules.length + 8);
  doc.save().rect(x, y, size, size).fill('#fff');
  modules.forEach((row, rowIndex) => {
    row.forEach((dark, column) => {
      if (dark) doc.rect(x + (column + 4) * cell, y + (rowIndex + 4) * cell, cell, cell);
    });
  });
  doc.fill('#000').restore();
}

/** A large rotated word across every page ("CANCELLED", "DRAFT"), drawn last over the content. */
export function markEveryPage(doc: Pdf, word: string, color: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    doc
      .save()
      .rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] })
      .font('bold')
      .fontSize(80)
      .fillColor(color)
      .fillOpacity(0.25)
      .text(word, 0, PAGE.height / 2 - 40, { width: PAGE.width, align: 'center', lineBreak: false })
      .restore();
  }
}

/**
 * Whether pdfkit draws this image: it is embedded into a throwaway document, so that a PNG or JPEG it
 * cannot read is refused at upload rather than failing every PDF of the firm afterwards.
 */
export async function canDrawImage(image: Buffer): Promise<boolean> {
  const doc = new PDFDocument({ size: 'A4' });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve).on('error', reject);
  });
  doc.on('data', () => {});
  try {
    doc.image(image, 0, 0, { fit: [120, 56] });
    doc.end();
    await ended;
    return true;
  } catch {
    return false;
  }
}
