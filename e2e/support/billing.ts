import type { APIRequestContext } from '@playwright/test';

/** A regular firm in Karnataka (GSTIN 29..., its PAN inside), as its MPC saves it. */
export const BILLING_PROFILE = {
  legal_name: 'Rao & Co, Chartered Accountants',
  address: '5 MG Road, Bengaluru 560001',
  state: 'Karnataka',
  registration: 'regular',
  gstin: '29AAPFU0939F1ZR',
  pan: 'AAPFU0939F',
  e_invoicing: false,
  invoice_prefix: 'INV',
  signatory: 'Anil Rao, Partner',
};

async function sendOrThrow(
  request: APIRequestContext,
  token: string,
  method: 'put' | 'post',
  path: string,
  data?: object,
) {
  const answer = await request[method](path, { headers: { authorization: `Bearer ${token}` }, data });
  if (!answer.ok()) throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()).data;
}

/** Saves the firm's billing profile as its MPC. */
export async function saveBillingProfile(request: APIRequestContext, token: string) {
  await sendOrThrow(request, token, 'put', '/api/billing/profile', BILLING_PROFILE);
}

/** India's date `days` from today as yyyy-mm-dd (India is 5 h 30 min ahead of UTC, with no summer time). */
export function indianDateIn(days = 0): string {
  return new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Drafts and issues an invoice of one line at `rupees` plus 18 % GST to the client, dated today (India) and
 * due in 15 days; answers its id and number.
 */
export async function issueInvoice(
  request: APIRequestContext,
  token: string,
  invoice: { clientId: number; rupees: number; description: string },
) {
  const draft = await sendOrThrow(request, token, 'post', '/api/invoices', {
    client_id: invoice.clientId,
    invoice_date: indianDateIn(0),
    due_date: indianDateIn(15),
    notes: null,
    lines: [
      {
        description: invoice.description,
        sac: '998231',
        quantity: 1,
        rate_paise: invoice.rupees * 100,
        discount_paise: 0,
        gst_rate_bp: 1800,
        work_item_ids: [],
      },
    ],
  });
  const issued = await sendOrThrow(request, token, 'post', `/api/invoices/${draft.id}/issue`);
  return { id: issued.id as number, number: issued.number as string };
}

/**
 * A client's billing as the screens show it: the firm's profile, an issued invoice of ₹11,800 with a long
 * description, and a receipt of ₹5,000 and ₹500 TDS of which ₹4,000 settles it and the rest is an advance.
 */
export async function addBillingRecords(request: APIRequestContext, token: string, clientId: number) {
  await saveBillingProfile(request, token);
  const invoice = await issueInvoice(request, token, {
    clientId,
    rupees: 10_000,
    description: 'Preparation and filing of the monthly GST returns with reconciliation of input tax credit',
  });
  const receipt = await sendOrThrow(request, token, 'post', '/api/receipts', {
    client_id: clientId,
    receipt_date: indianDateIn(0),
    amount_paise: 500_000,
    tds_paise: 50_000,
    mode: 'cheque',
    reference: '004512 State Bank of India',
    allocations: [{ invoice_id: invoice.id, amount_paise: 400_000 }],
  });
  return { invoice, receiptId: receipt.id as number };
}

/**
 * Work ready to bill: the firm's GST service carries a SAC (the admin's), the client's GST has a fee of
 * ₹2,500 per work item, and the client's first planned GST item is filed. Answers that item.
 */
export async function fileFeeBearingWork(
  request: APIRequestContext,
  tokens: { admin: string; mpc: string },
  firm: { gst: number; clientId: number },
) {
  await sendOrThrow(request, tokens.admin, 'post', '/api/service/create', {
    service_id: firm.gst,
    service_name: 'GST Filing',
    sac_code: '998231',
  });
  await sendOrThrow(request, tokens.mpc, 'put', `/api/clients/${firm.clientId}/fees`, {
    fees: [{ service_id: firm.gst, amount_paise: 250_000, basis: 'per_item', gst_rate_bp: 1800 }],
  });
  const listed = await request.get(`/api/work?limit=100&client_id=${firm.clientId}`, {
    headers: { authorization: `Bearer ${tokens.mpc}` },
  });
  const [item] = (await listed.json()).data.data as { id: number; title: string }[];
  if (!item) throw new Error('no planned work for the client');
  await sendOrThrow(request, tokens.mpc, 'put', `/api/work/${item.id}`, {
    status: 'filed',
    ack_number: 'AA2904260000777',
  });
  return item;
}
