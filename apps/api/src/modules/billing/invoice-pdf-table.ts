import type { InvoicePdfFacts } from './invoice-pdf.facts.js';
import { CONTENT_WIDTH, ensureRoom, formatAmount, formatRate, PAGE, type Pdf } from './invoice-pdf-drawing.js';

type Column = { title: string; width: number; align: 'left' | 'right'; cell: (line: Line, index: number) => string };
type Line = InvoicePdfFacts['lines'][number];

/** The tax heads the invoice shows: CGST and SGST/UTGST within a state, IGST across, none without tax. */
function taxColumns(facts: InvoicePdfFacts): Column[] {
  const money = (title: string, pick: (line: Line) => number): Column => ({
    title,
    width: 56,
    align: 'right',
    cell: (line) => formatAmount(pick(line)),
  });
  const rate: Column = { title: 'GST', width: 30, align: 'right', cell: (line) => formatRate(line.gstRateBp) };
  if (facts.supplyKind === 'intra_state')
    return [rate, money('CGST', (line) => line.cgstPaise), money(facts.localHead, (line) => line.localPaise)];
  if (facts.supplyKind === 'inter_state') return [rate, money('IGST', (line) => line.igstPaise)];
  // Under reverse charge the rate is shown (the recipient pays at it); a bill of supply shows none.
  return facts.supplyKind === 'reverse_charge' ? [rate] : [];
}

/** The lines' columns, the description taking what the others leave of the page's width. */
function columnsOf(facts: InvoicePdfFacts): Column[] {
  const fixed: Column[] = [
    { title: 'SAC', width: 40, align: 'left', cell: (line) => line.sac },
    { title: 'Qty', width: 26, align: 'right', cell: (line) => String(line.quantity) },
    { title: 'Rate', width: 58, align: 'right', cell: (line) => formatAmount(line.ratePaise) },
    { title: 'Discount', width: 46, align: 'right', cell: (line) => formatAmount(line.discountPaise) },
    { title: 'Taxable value', width: 62, align: 'right', cell: (line) => formatAmount(line.taxablePaise) },
    ...taxColumns(facts),
  ];
  const number: Column = { title: '#', width: 20, align: 'left', cell: (_line, index) => String(index + 1) };
  const used = fixed.reduce((total, column) => total + column.width, number.width);
  const description: Column = {
    title: 'Description',
    width: CONTENT_WIDTH - used,
    align: 'left',
    cell: (line) => line.description,
  };
  return [number, description, ...fixed];
}

const PADDING = 3;

const fontOf = (doc: Pdf, header: boolean) => doc.font(header ? 'bold' : 'regular').fontSize(header ? 7.5 : 8);

function measureRow(doc: Pdf, columns: Column[], texts: string[], header: boolean): number {
  fontOf(doc, header);
  const heights = columns.map((column, index) =>
    doc.heightOfString(texts[index] ?? '', { width: column.width - 2 * PADDING }),
  );
  return Math.max(...heights) + 2 * PADDING;
}

/** One row at `top` (which has room for it); the y below it. */
function drawRow(doc: Pdf, columns: Column[], texts: string[], top: number, header: boolean): number {
  const height = measureRow(doc, columns, texts, header);
  if (header) doc.rect(PAGE.margin, top, CONTENT_WIDTH, height).fill('#e8ecf2').fillColor('#111');
  fontOf(doc, header);
  let x = PAGE.margin;
  columns.forEach((column, index) => {
    doc.text(texts[index] ?? '', x + PADDING, top + PADDING, {
      width: column.width - 2 * PADDING,
      align: column.align,
    });
    x += column.width;
  });
  doc
    .moveTo(PAGE.margin, top + height)
    .lineTo(PAGE.margin + CONTENT_WIDTH, top + height)
    .lineWidth(0.5)
    .stroke('#b8c0cc');
  return top + height;
}

/**
 * The lines as a table (rule 46(g)-(j): description, SAC, quantity, value, rate, tax per head); the y
 * below it. A line that does not fit starts a new page, which repeats the column titles.
 */
export function drawLineTable(doc: Pdf, facts: InvoicePdfFacts, y: number): number {
  const columns = columnsOf(facts);
  const titles = columns.map((column) => column.title);
  const titleHeight = measureRow(doc, columns, titles, true);
  let bottom = drawRow(doc, columns, titles, ensureRoom(doc, y, titleHeight * 2), true);
  facts.lines.forEach((line, index) => {
    const texts = columns.map((column) => column.cell(line, index));
    const top = ensureRoom(doc, bottom, measureRow(doc, columns, texts, false));
    bottom = drawRow(doc, columns, texts, top === bottom ? top : drawRow(doc, columns, titles, top, true), false);
  });
  return bottom;
}
