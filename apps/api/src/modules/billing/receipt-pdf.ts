import { formatRupees, rupeesInWords } from '@portal/contract/billing-money';
import { formatIndianDate } from '@portal/contract/plain-dates';
import { RECEIPT_MODE_LABELS, type Receipt } from '@portal/contract/receipts';
import { CONTENT_WIDTH, drawPair, markEveryPage, PAGE, type Pdf, startPdf } from './invoice-pdf-drawing.js';

/** What a receipt's PDF prints: the firm as its profile names it, the receipt as answered. */
export type ReceiptPdfFacts = {
  receipt: Receipt;
  firm: { legalName: string; address: string; gstin: string | null; pan: string; signatory: string };
};

/** The firm's name, address and registration at the top, then the title and the receipt's number and date. */
function drawHeading(doc: Pdf, { receipt, firm }: ReceiptPdfFacts): number {
  const x = PAGE.margin;
  doc.font('bold').fontSize(14).text(firm.legalName, x, PAGE.margin, { width: CONTENT_WIDTH });
  doc.font('regular').fontSize(9).text(firm.address, { width: CONTENT_WIDTH });
  doc.text(`${firm.gstin ? `GSTIN: ${firm.gstin}` : 'Not registered for GST'}   PAN: ${firm.pan}`);
  doc.moveDown(1).font('bold').fontSize(13).text('Receipt', { width: CONTENT_WIDTH, align: 'center' });
  doc.fontSize(9);
  let y = doc.y + 8;
  y = drawPair(doc, 'Receipt No.', receipt.number, x, y, CONTENT_WIDTH);
  y = drawPair(doc, 'Date', formatIndianDate(receipt.receipt_date), x, y, CONTENT_WIDTH);
  return drawPair(doc, 'Received from', receipt.client_name, x, y, CONTENT_WIDTH) + 6;
}

/** The sum received in figures and words, how, and the TDS the client deducted under its section. */
function drawSums(doc: Pdf, { receipt }: ReceiptPdfFacts, top: number): number {
  const x = PAGE.margin;
  let y = drawPair(doc, 'Amount received', formatRupees(receipt.amount_paise), x, top, CONTENT_WIDTH);
  doc.text(rupeesInWords(receipt.amount_paise), x, y, { width: CONTENT_WIDTH });
  y = doc.y + 2;
  const how = [RECEIPT_MODE_LABELS[receipt.mode], receipt.reference].filter(Boolean).join(', ');
  y = drawPair(doc, 'Paid by', how, x, y, CONTENT_WIDTH);
  if (receipt.tds_paise > 0)
    y = drawPair(
      doc,
      'TDS deducted by the client',
      `${formatRupees(receipt.tds_paise)} (${receipt.tds_section})`,
      x,
      y,
      CONTENT_WIDTH,
    );
  return y + 6;
}

/** The invoices it settled (the TDS share included), and what is left as the client's advance. */
function drawSettled(doc: Pdf, { receipt }: ReceiptPdfFacts, top: number): number {
  const x = PAGE.margin;
  doc.font('bold').text('Against', x, top, { width: CONTENT_WIDTH }).font('regular');
  if (receipt.allocations.length === 0) doc.text('An advance: no invoice yet.', { width: CONTENT_WIDTH });
  for (const entry of receipt.allocations)
    doc.text(`Invoice ${entry.invoice_number ?? `#${entry.invoice_id}`}: ${formatRupees(entry.amount_paise)}`, {
      width: CONTENT_WIDTH,
    });
  let y = doc.y + 2;
  if (receipt.advance_paise > 0)
    y = drawPair(doc, 'Advance held for later invoices', formatRupees(receipt.advance_paise), x, y, CONTENT_WIDTH);
  if (receipt.notes) {
    doc.text(receipt.notes, x, y, { width: CONTENT_WIDTH });
    y = doc.y;
  }
  return y + 12;
}

/**
 * A receipt's PDF (issue 23: "a receipt PDF"): A4 in the invoice's font (the rupee sign), the firm, the
 * receipt's number and date, who paid, how much in figures and words, the mode and reference, the TDS and
 * its section, the invoices it settled and the advance left, and the signatory; a cancelled one is marked.
 */
export function renderReceiptPdf(facts: ReceiptPdfFacts): Pdf {
  const doc = startPdf(`Receipt ${facts.receipt.number}`);
  let y = drawHeading(doc, facts);
  y = drawSums(doc, facts, y);
  y = drawSettled(doc, facts, y);
  doc.font('bold').text(`For ${facts.firm.legalName}`, PAGE.margin, y, { width: CONTENT_WIDTH, align: 'right' });
  doc.moveDown(2).font('regular').text(facts.firm.signatory, { width: CONTENT_WIDTH, align: 'right' });
  doc.text('Authorised signatory', { width: CONTENT_WIDTH, align: 'right' });
  if (facts.receipt.status === 'cancelled') {
    doc
      .moveDown(1)
      .text(`Cancelled: ${facts.receipt.cancel_reason ?? ''}`, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    markEveryPage(doc, 'CANCELLED', '#b00020');
  }
  doc.end();
  return doc;
}
