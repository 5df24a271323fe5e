import { formatRupees, rupeesInWords } from '@portal/contract/billing-money';
import { formatIndianDate } from '@portal/contract/plain-dates';
import type { InvoicePdfFacts } from './invoice-pdf.facts.js';
import {
  CONTENT_WIDTH,
  drawPair,
  drawQr,
  ensureRoom,
  markEveryPage,
  PAGE,
  type Pdf,
  startPdf,
} from './invoice-pdf-drawing.js';
import { drawLineTable } from './invoice-pdf-table.js';
import { buildQrModules } from './upi-qr.js';

const HALF = CONTENT_WIDTH / 2 - 8;
const RIGHT = PAGE.margin + CONTENT_WIDTH / 2 + 8;

/** The document's title by what it is (rule 46 tax invoice, rule 49 bill of supply, a plain invoice). */
export function titleOf(facts: Pick<InvoicePdfFacts, 'supplyKind'>): string {
  if (facts.supplyKind === 'bill_of_supply') return 'Bill of Supply';
  if (facts.supplyKind === 'no_gst') return 'Invoice';
  return 'Tax Invoice';
}

const withCode = (state: string, code: string | null) => (code ? `${state} (state code ${code})` : state);

function drawHeader(doc: Pdf, facts: InvoicePdfFacts): number {
  const top = PAGE.margin;
  if (facts.logo) doc.image(facts.logo, PAGE.margin, top, { fit: [120, 56] });
  doc.font('bold').fontSize(16).text(titleOf(facts), RIGHT, top, { width: HALF, align: 'right' });
  doc.font('regular').fontSize(8);
  if (facts.status === 'draft')
    doc.fillColor('#b00020').text('DRAFT — not a tax invoice', { width: HALF, align: 'right' });
  if (facts.supplyKind === 'bill_of_supply')
    doc.fillColor('#111').text('Composition taxable person, not eligible to collect tax on supplies', {
      width: HALF,
      align: 'right',
    });
  doc.fillColor('#111');
  return Math.max(doc.y, facts.logo ? top + 62 : top + 24);
}

/** The supplier (rule 46(a)) on the left, the invoice's own facts (46(b), (c), (n), (o)) on the right. */
function drawParties(doc: Pdf, facts: InvoicePdfFacts, y: number): number {
  const { supplier } = facts;
  doc.font('bold').fontSize(10).text(supplier.legalName, PAGE.margin, y, { width: HALF });
  doc.font('regular').fontSize(8.5).text(supplier.address, { width: HALF });
  let left = drawPair(doc, 'State', withCode(supplier.state, supplier.stateCode), PAGE.margin, doc.y, HALF);
  left = drawPair(doc, 'GSTIN', supplier.gstin ?? 'Not registered', PAGE.margin, left, HALF);
  left = drawPair(doc, 'PAN', supplier.pan, PAGE.margin, left, HALF);

  let right = y;
  doc.fontSize(8.5);
  if (facts.number) right = drawPair(doc, 'Invoice No.', facts.number, RIGHT, right, HALF);
  right = drawPair(doc, 'Invoice date', formatIndianDate(facts.invoiceDate), RIGHT, right, HALF);
  right = drawPair(doc, 'Due date', formatIndianDate(facts.dueDate), RIGHT, right, HALF);
  const place = facts.placeOfSupply ? withCode(facts.placeOfSupply.state, facts.placeOfSupply.code) : 'Not known';
  right = drawPair(doc, 'Place of supply', place, RIGHT, right, HALF);
  right = drawPair(doc, 'Reverse charge', facts.supplyKind === 'reverse_charge' ? 'Yes' : 'No', RIGHT, right, HALF);
  if (!facts.irn && facts.irnRequired) right = drawPair(doc, 'IRN', 'IRN required', RIGHT, right, HALF);
  return drawIrn(doc, facts, Math.max(left, right) + 4) + 6;
}

/** The e-invoice's IRN (64 characters) on a line of the page's width, its acknowledgement below. */
function drawIrn(doc: Pdf, facts: InvoicePdfFacts, y: number): number {
  if (!facts.irn) return y;
  const line = drawPair(doc, 'IRN', facts.irn.irn, PAGE.margin, y, CONTENT_WIDTH);
  const { ackNumber, ackDate } = facts.irn;
  const left = ackNumber ? drawPair(doc, 'Ack. No.', ackNumber, PAGE.margin, line, HALF) : line;
  const right = ackDate ? drawPair(doc, 'Ack. date', formatIndianDate(ackDate), RIGHT, line, HALF) : line;
  return Math.max(left, right);
}

/** The recipient (rule 46(d), (e)): name, address, GSTIN, and its state with the state's code. */
function drawRecipient(doc: Pdf, facts: InvoicePdfFacts, y: number): number {
  const { recipient } = facts;
  doc.font('bold').fontSize(8).fillColor('#555').text('BILL TO', PAGE.margin, y).fillColor('#111');
  doc.font('bold').fontSize(10).text(recipient.name, { width: CONTENT_WIDTH });
  doc.font('regular').fontSize(8.5);
  if (recipient.address) doc.text(recipient.address, { width: CONTENT_WIDTH });
  let bottom = doc.y;
  if (recipient.gstin) bottom = drawPair(doc, 'GSTIN', recipient.gstin, PAGE.margin, bottom, CONTENT_WIDTH);
  if (recipient.state)
    bottom = drawPair(doc, 'State', withCode(recipient.state, recipient.stateCode), PAGE.margin, bottom, CONTENT_WIDTH);
  return bottom + 10;
}

/** The totals (46(k)-(m)), the round-off, the total in words and, under reverse charge, the statement. */
function drawTotals(doc: Pdf, facts: InvoicePdfFacts, y: number): number {
  const { totals } = facts;
  const rows: [string, number][] = [['Taxable value', totals.taxablePaise]];
  if (facts.supplyKind === 'intra_state') rows.push(['CGST', totals.cgstPaise], [facts.localHead, totals.localPaise]);
  if (facts.supplyKind === 'inter_state') rows.push(['IGST', totals.igstPaise]);
  rows.push(['Round-off', totals.roundOffPaise]);
  let top = ensureRoom(doc, y + 6, rows.length * 12 + 70);
  doc.fontSize(8.5);
  for (const [label, paise] of rows) {
    doc.font('regular').text(label, RIGHT, top, { width: HALF / 2 });
    doc.text(formatRupees(paise), RIGHT + HALF / 2, top, { width: HALF / 2, align: 'right' });
    top += 12;
  }
  doc
    .font('bold')
    .fontSize(10)
    .text('Total', RIGHT, top, { width: HALF / 2 });
  doc.text(formatRupees(totals.totalPaise), RIGHT + HALF / 2, top, { width: HALF / 2, align: 'right' });
  top += 16;
  doc.font('regular').fontSize(8.5).text(rupeesInWords(totals.totalPaise), PAGE.margin, top, { width: CONTENT_WIDTH });
  if (facts.supplyKind === 'reverse_charge')
    doc.text(
      `Tax of ${formatRupees(totals.reverseChargePaise)} on this supply is payable by the recipient under reverse charge (section 9(3) of the CGST Act, notification 13/2017-Central Tax (Rate)).`,
      { width: CONTENT_WIDTH },
    );
  return doc.y + 10;
}

/** How to pay: the bank account in full with its IFSC, and the UPI QR for the balance due. */
function drawPayment(doc: Pdf, facts: InvoicePdfFacts, y: number): number {
  const qrSize = facts.upiLink ? 96 : 0;
  let top = ensureRoom(doc, y, Math.max(qrSize + 24, 60));
  const start = top;
  doc.font('bold').fontSize(9).text('Payment', PAGE.margin, top);
  top = doc.y;
  doc.fontSize(8.5);
  if (facts.bank.name) top = drawPair(doc, 'Bank', facts.bank.name, PAGE.margin, top, HALF);
  if (facts.bank.account) top = drawPair(doc, 'Account No.', facts.bank.account, PAGE.margin, top, HALF);
  if (facts.bank.ifsc) top = drawPair(doc, 'IFSC', facts.bank.ifsc, PAGE.margin, top, HALF);
  if (facts.balanceDuePaise !== facts.totals.totalPaise && facts.status !== 'draft')
    top = drawPair(doc, 'Balance due', formatRupees(facts.balanceDuePaise), PAGE.margin, top, HALF);
  if (!facts.upiLink) return top + 8;
  drawQr(doc, buildQrModules(facts.upiLink), RIGHT + HALF - qrSize, start, qrSize);
  doc
    .font('regular')
    .fontSize(7.5)
    .text(`Scan to pay ${formatRupees(facts.balanceDuePaise)} by UPI`, RIGHT, start + qrSize + 2, {
      width: HALF,
      align: 'right',
    })
    .text(`UPI: ${facts.upiVpa ?? ''}`, { width: HALF, align: 'right' });
  return Math.max(top, doc.y) + 8;
}

/** Terms, notes, a cancelled invoice's reason, and the signatory (rule 46(q)). */
function drawClosing(doc: Pdf, facts: InvoicePdfFacts, y: number): void {
  // The signatory sits beside the terms, on the page they start on.
  const sign = ensureRoom(doc, y, 90);
  let top = sign;
  doc.fontSize(8.5);
  if (facts.terms) top = drawPair(doc, 'Terms', facts.terms, PAGE.margin, top, HALF);
  if (facts.notes) top = drawPair(doc, 'Notes', facts.notes, PAGE.margin, top, HALF);
  if (facts.cancelReason) drawPair(doc, 'Cancelled', facts.cancelReason, PAGE.margin, top, HALF);
  doc.font('bold').text(`For ${facts.supplier.legalName}`, RIGHT, sign, { width: HALF, align: 'right' });
  doc.font('regular').text(facts.signatory, RIGHT, sign + 36, { width: HALF, align: 'right' });
  doc.text('Authorised signatory', { width: HALF, align: 'right' });
}

/** The invoice as an A4 PDF, ended: the caller streams it (or collects it, in tests). */
export function renderInvoicePdf(facts: InvoicePdfFacts): Pdf {
  const doc = startPdf(facts.number ? `${titleOf(facts)} ${facts.number}` : `Draft ${titleOf(facts)}`);
  let y = drawHeader(doc, facts);
  y = drawParties(doc, facts, y + 6);
  y = drawRecipient(doc, facts, y);
  y = drawLineTable(doc, facts, y);
  y = drawTotals(doc, facts, y);
  y = drawPayment(doc, facts, y);
  drawClosing(doc, facts, y);
  if (facts.status === 'cancelled') markEveryPage(doc, 'CANCELLED', '#b00020');
  if (facts.status === 'draft') markEveryPage(doc, 'DRAFT', '#888888');
  doc.end();
  return doc;
}
