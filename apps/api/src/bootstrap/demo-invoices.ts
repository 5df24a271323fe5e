import type { SacCode } from '@portal/contract/billing';
import { ONE_OFF_PERIOD } from '@portal/contract/billing-ready';
import { labelPeriod, periodOfMonth } from '@portal/contract/compliance-periods';
import { creditNoteCreateSchema } from '@portal/contract/credit-notes';
import { type InvoiceDraftInput, invoiceDraftSchema } from '@portal/contract/invoices';
import { addDays, indianDateOf } from '@portal/contract/plain-dates';
import { invoicePaymentSchema, receiptCreateSchema } from '@portal/contract/receipts';
import type { AppContext } from '../app-context.js';
import type { Actor } from '../auth/actor.js';
import { issueCreditNote } from '../modules/billing/credit-notes.service.js';
import { cancelInvoice, issueInvoice } from '../modules/billing/invoice-issue.service.js';
import { createDraft } from '../modules/billing/invoices.service.js';
import { createReceipt, recordInvoicePayment } from '../modules/billing/receipts.service.js';
import { readDemoFee } from './demo-fees.js';

const ORIGIN = '127.0.0.1';
const GST = 1800;

export type DemoClient = { id: number; email: string };
type Line = InvoiceDraftInput['lines'][number];
/** A catalogue service by name: its id and the SAC its lines carry. */
export type DemoServices = Map<string, { id: number; sac: SacCode }>;
type Plan = { index: number; clients: DemoClient[]; services: DemoServices };
type Payment = { amount_paise: number; tds_paise?: number; mode: string; reference?: string };

/**
 * The calls an MPC makes on the Billing tab, through the billing services (the same checks, tax
 * arithmetic, numbering and audit as the API): each body parsed by the contract's schema first. A
 * client is named by its email; a fee line bills what the client is charged (demo-fees.ts).
 */
function billingDesk(context: AppContext, mpc: Actor, plan: Plan) {
  const today = indianDateOf(context.clock.now());
  const month = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  const clientOf = (email: string) => {
    const client = plan.clients.find((entry) => entry.email === email);
    if (!client) throw new Error(`The demo client ${email} is missing.`);
    return client.id;
  };
  const serviceOf = (name: string) => {
    const service = plan.services.get(name);
    if (!service) throw new Error(`The demo service ${name} is missing.`);
    return service;
  };
  const desk = {
    /** A line billing a retainer's period holding today ("GST Return · Nov 2026"), or a one-off fee. */
    feeLine(client: string, service: string): Line {
      const { amount_paise, basis } = readDemoFee(client, service);
      if (basis === 'per_item') throw new Error(`The demo fee of ${service} is billed per item, by its work.`);
      const key = basis === 'one_off' ? ONE_OFF_PERIOD : periodOfMonth(basis, month).key;
      const label = key === ONE_OFF_PERIOD ? 'One-off' : labelPeriod(key);
      const { id, sac } = serviceOf(service);
      return { ...typedLine(`${service} · ${label}`, amount_paise, sac), period: { service_id: id, period_key: key } };
    },
    /** A line billing the client's latest filed or completed work item of a service charged per item. */
    async workLine(client: string, service: string): Promise<Line> {
      const { id, sac } = serviceOf(service);
      const item = await context.db
        .selectFrom('work_items')
        .select(['id', 'title'])
        .where('client_id', '=', clientOf(client))
        .where('service_id', '=', id)
        .where('status', 'in', ['filed', 'completed'])
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const ratePaise = readDemoFee(client, service).amount_paise;
      // A demo database whose work has no filed item yet bills the service as a typed line.
      return { ...typedLine(item?.title ?? service, ratePaise, sac), work_item_ids: item ? [item.id] : [] };
    },
    async draft(client: string, lines: Line[], dueInDays: number) {
      const body = { client_id: clientOf(client), invoice_date: today, due_date: addDays(today, dueInDays), lines };
      return (await createDraft(context, mpc, invoiceDraftSchema.parse(body), ORIGIN)).id;
    },
    async issue(id: number) {
      return issueInvoice(context, mpc, id, ORIGIN);
    },
    async pay(id: number, payment: Payment) {
      const body = invoicePaymentSchema.parse({ receipt_date: today, ...payment });
      await recordInvoicePayment(context, mpc, id, body, ORIGIN);
    },
    async cancel(id: number, reason: string) {
      await cancelInvoice(context, mpc, id, reason, ORIGIN);
    },
    async credit(id: number, reason: string, amountPaise: number, description: string) {
      const body = creditNoteCreateSchema.parse({
        reason,
        lines: [{ description, amount_paise: amountPaise, gst_rate_bp: GST }],
      });
      await issueCreditNote(context, mpc, id, body, ORIGIN);
    },
    async advance(client: string, amountPaise: number, reference: string, notes: string) {
      const body = {
        client_id: clientOf(client),
        receipt_date: today,
        amount_paise: amountPaise,
        mode: 'upi',
        reference,
        notes,
      };
      await createReceipt(context, mpc, receiptCreateSchema.parse(body), ORIGIN);
    },
    /** An invoice billing the client's latest item of a service, issued and paid in full. */
    async paidWork(client: string, service: string, payment: { mode: string; reference: string }) {
      const id = await desk.draft(client, [await desk.workLine(client, service)], 15);
      const { total_paise } = await desk.issue(id);
      await desk.pay(id, { amount_paise: total_paise, ...payment });
    },
    /** An invoice of the client's fees for some services, due in 30 days, issued and partly paid; its id. */
    async partlyPaid(client: string, services: string[], payment: Payment) {
      const id = await desk.draft(
        client,
        services.map((service) => desk.feeLine(client, service)),
        30,
      );
      await desk.issue(id);
      await desk.pay(id, payment);
      return id;
    },
    /** An invoice issued and due today: overdue from tomorrow. */
    async dueToday(client: string, lines: Line[]) {
      await desk.issue(await desk.draft(client, lines, 0));
    },
    /** An invoice of one typed line, issued by mistake and cancelled. */
    async cancelled(client: string, description: string, ratePaise: number, reason: string) {
      const id = await desk.draft(client, [typedLine(description, ratePaise)], 15);
      await desk.issue(id);
      await desk.cancel(id, reason);
    },
  };
  return desk;
}

type Desk = ReturnType<typeof billingDesk>;

/** One of a service and no other charge, under the SAC of tax consulting unless another is given. */
function typedLine(description: string, ratePaise: number, sac: SacCode = '998231'): Line {
  return { description, sac, quantity: 1, rate_paise: ratePaise, gst_rate_bp: GST };
}

/**
 * Firm 1 (Karnataka): CGST + SGST to its Karnataka clients, IGST to Sharma Infra (a Maharashtra GSTIN,
 * B2B). Paid (a filed GST return billed through its work item), partly paid with TDS and a credit note,
 * issued and due today (overdue from tomorrow), a draft, a cancelled one, and an advance.
 */
async function seedFirstFirm(desk: Desk) {
  const meena = 'accounts@meena-traders.in';
  await desk.paidWork(meena, 'GST Return', { mode: 'upi', reference: '612345678901' });

  // TDS at 10 % of the taxable value (section 194J, now 393), then part of the rest by NEFT.
  const tds = { amount_paise: 20_000_00, tds_paise: 3_100_00, mode: 'neft', reference: 'HDFCN52026112700' };
  const partly = await desk.partlyPaid('accounts@sharma-infra.in', ['GST Return', 'Income Tax Return (ITR)'], tds);
  await desk.credit(partly, 'Discount agreed on the return fee', 2_500_00, 'Discount on the ITR fee');

  const society = 'secretary@shree-ganesh-chs.in';
  await desk.dueToday(society, [desk.feeLine(society, 'Income Tax Return (ITR)')]);

  const vikram = 'vikram.singh@example.in';
  await desk.draft(vikram, [desk.feeLine(vikram, 'Income Tax Return (ITR)')], 15);
  await desk.advance(vikram, 2_000_00, '612345670002', 'Advance towards the ITR fee');

  const twice = 'Raised twice for the same notice; billed once on another invoice.';
  await desk.cancelled(meena, 'Reply to a GST notice', 2_000_00, twice);
}

/** Firm 2 (Tamil Nadu): IGST to its Karnataka clients; paid, partly paid with TDS, issued, draft, cancelled. */
async function seedSecondFirm(desk: Desk) {
  const trust = 'trustees@iyer-welfare-trust.in';
  await desk.paidWork(trust, 'TAN Registration', { mode: 'neft', reference: 'IDIBN52026112701' });

  const kaveri = 'finance@kaveri-textiles.in';
  const cheque = { amount_paise: 2_000_00, tds_paise: 350_00, mode: 'cheque', reference: '004512' };
  await desk.partlyPaid(kaveri, ['TAN Registration', 'PAN Application'], cheque);

  await desk.dueToday(kaveri, [typedLine('Revised 26Q statement', 1_500_00)]);

  await desk.draft(trust, [desk.feeLine(trust, 'PAN Application')], 15);

  await desk.cancelled(trust, 'TDS advisory', 1_000_00, 'Billed to the wrong client.');
}

/**
 * A demo firm's invoices in every state. Issuing dates an invoice today (India), so the invoice "issued
 * and unpaid" is due today: it shows in the 0-30 days bucket of the ageing now and in the overdue filter
 * from tomorrow (no date is moved behind the services' back).
 */
export async function seedDemoInvoices(context: AppContext, mpc: Actor, plan: Plan): Promise<void> {
  const desk = billingDesk(context, mpc, plan);
  await (plan.index === 0 ? seedFirstFirm(desk) : seedSecondFirm(desk));
}
