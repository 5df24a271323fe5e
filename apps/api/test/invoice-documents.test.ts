import { computeGstinCheckCharacter } from '@portal/contract/identifiers';
import { INVOICE_DOCUMENT_MESSAGES as M, MAX_LOGO_BYTES } from '@portal/contract/invoice-documents';
import { PNG } from 'pngjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { readAuditEvents } from './support/audit-log.js';
import { BILLING_PROFILE, INVOICE_LINE } from './support/billing.js';
import { useFirmApp } from './support/firm.js';
import { expectAllIn, extractPdfText } from './support/invoice-pdf.js';
import { listTestDialects } from './support/test-database.js';

const CLIENT_GSTIN = `27AAACR5055K1Z${computeGstinCheckCharacter('27AAACR5055K1Z')}`;
const IRN = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);
const ACK = { ack_number: '112610000012345', ack_date: '2026-04-01' };

/** A small logo as a real PNG: 40 × 20 pixels of the firm's colour. */
function makeLogo(): Buffer {
  const png = new PNG({ width: 40, height: 20 });
  for (let offset = 0; offset < png.data.length; offset += 4) png.data.set([0x1a, 0x4b, 0x8c, 0xff], offset);
  return PNG.sync.write(png);
}

/** Issue 23: the e-invoice IRN staff type in, and the firm's logo its invoices carry. */
describe.each(listTestDialects())('e-invoice IRN and billing logo on %s', (dialect) => {
  const { t, firm } = useFirmApp('test', dialect);
  const call = bindApiCall(t);
  const mpc = () => firm.mpc.token;
  const saveProfile = (changes: object = {}) =>
    call('PUT', '/api/billing/profile', mpc(), { ...BILLING_PROFILE, ...changes });
  const draft = async () =>
    (
      await call('POST', '/api/invoices', mpc(), {
        client_id: firm.client.id,
        invoice_date: '2026-04-01',
        due_date: '2026-04-15',
        lines: [INVOICE_LINE],
      })
    ).json().data.id as number;
  const issue = (id: number) => call('POST', `/api/invoices/${id}/issue`, mpc());
  const setGstin = (gst_number: string | null) =>
    t.context.db.updateTable('users').set({ gst_number }).where('id', '=', firm.client.id).execute();
  const pdfText = async (id: number) =>
    extractPdfText((await t.request({ method: 'GET', url: `/api/invoices/${id}/pdf`, token: mpc() })).rawPayload);
  const putIrn = (id: number, body: object) =>
    call('PUT', `/api/invoices/${id}/irn`, mpc(), { irn: IRN, ...ACK, ...body });
  const putLogo = (bytes: Buffer, token = mpc()) =>
    call('PUT', '/api/billing/profile/logo', token, { content_base64: bytes.toString('base64') });

  beforeEach(async () => {
    expect((await saveProfile({ e_invoicing: true })).statusCode).toBe(200);
    await t.context.db.updateTable('users').set({ state: 'Maharashtra' }).where('id', '=', firm.client.id).execute();
    await setGstin(CLIENT_GSTIN);
  });

  it('answers an issued B2B invoice of an e-invoicing firm "IRN required" and prints the IRN once typed in', async () => {
    const id = await draft();
    expect((await call('GET', `/api/invoices/${id}`, mpc())).json().data).toMatchObject({ irn_required: false });
    expect((await putIrn(id, {})).json()).toMatchObject({ message: M.irnNotRequired });
    const issued = (await issue(id)).json().data;
    expect(issued).toMatchObject({ irn_required: true, irn: null, irn_ack_number: null, irn_ack_date: null });
    expect(await pdfText(id)).toContain('IRN: IRN required');

    const saved = await putIrn(id, { irn: IRN.toUpperCase() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      irn_required: true,
      irn: IRN,
      irn_ack_number: ACK.ack_number,
      irn_ack_date: '2026-04-01',
    });
    expectAllIn(await pdfText(id), [`IRN: ${IRN}`, `Ack. No.: ${ACK.ack_number}`, 'Ack. date: 01/04/2026']);
    const listed = (await call('GET', '/api/invoices', mpc())).json().data.data as { id: number; irn: string | null }[];
    expect(listed.find((invoice) => invoice.id === id)?.irn).toBe(IRN);
    expect((await readAuditEvents(t, 'invoice.irn')).map((event) => event.entity_id)).toContain(id);
  });

  it('refuses a malformed IRN, an acknowledgement before the invoice or in the future, and an IRN another invoice has', async () => {
    const [first, second] = [await draft(), await draft()];
    for (const id of [first, second]) expect((await issue(id)).statusCode).toBe(200);
    const errorsOf = async (body: object) => (await putIrn(first, body)).json().errors;
    expect(await errorsOf({ irn: 'xyz' })).toEqual({ irn: [M.irnInvalid] });
    expect(await errorsOf({ ack_number: '12ab' })).toEqual({ ack_number: [M.ackNumberInvalid] });
    expect(await errorsOf({ ack_date: '2026-03-31' })).toEqual({ ack_date: [M.ackBeforeInvoice] });
    expect(await errorsOf({ ack_date: '2026-04-02' })).toEqual({ ack_date: [M.ackInFuture] });
    expect((await putIrn(first, {})).statusCode).toBe(200);
    const taken = await putIrn(second, {});
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ irn: [M.irnTaken] });
  });

  it('requires no IRN of a client without a GSTIN, of a firm that does not e-invoice, or of a cancelled invoice', async () => {
    await setGstin(null);
    const b2c = await draft();
    expect((await issue(b2c)).json().data.irn_required).toBe(false);
    expect((await putIrn(b2c, {})).statusCode).toBe(409);

    await setGstin(CLIENT_GSTIN);
    const cancelled = await draft();
    await issue(cancelled);
    await call('POST', `/api/invoices/${cancelled}/cancel`, mpc(), { reason: 'Duplicate' });
    expect((await call('GET', `/api/invoices/${cancelled}`, mpc())).json().data.irn_required).toBe(false);
    expect((await putIrn(cancelled, {})).statusCode).toBe(409);

    expect((await saveProfile({ e_invoicing: false })).statusCode).toBe(200);
    const plain = await draft();
    expect((await issue(plain)).json().data.irn_required).toBe(false);
    expect(await pdfText(plain)).not.toContain('IRN');
  });

  it('keeps a PNG logo the PDF draws top left, and removes it', async () => {
    const logo = makeLogo();
    const saved = await putLogo(logo);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ mime_type: 'image/png', size_bytes: logo.length });
    const read = await call('GET', '/api/billing/profile/logo', mpc());
    expect(read.json().data.content_base64).toBe(logo.toString('base64'));
    expect(await readAuditEvents(t, 'billing.logo')).toHaveLength(1);

    const id = await draft();
    const pdf = (await t.request({ method: 'GET', url: `/api/invoices/${id}/pdf`, token: mpc() })).rawPayload;
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image[\s\S]*\/Width 40/);

    expect((await call('DELETE', '/api/billing/profile/logo', mpc())).statusCode).toBe(200);
    expect((await call('GET', '/api/billing/profile/logo', mpc())).statusCode).toBe(404);
    expect((await call('DELETE', '/api/billing/profile/logo', mpc())).statusCode).toBe(404);
    const without = (await t.request({ method: 'GET', url: `/api/invoices/${id}/pdf`, token: mpc() })).rawPayload;
    expect(without.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('refuses a logo that is not a PNG or JPEG by its bytes, one it cannot draw, or one past 512 KB', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const brokenJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);
    const large = Buffer.concat([makeLogo(), Buffer.alloc(MAX_LOGO_BYTES)]);
    for (const [bytes, message] of [
      [gif, M.logoType],
      [brokenJpeg, M.logoType],
      [large, M.logoTooLarge],
    ] as const) {
      const refused = await putLogo(bytes);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ content_base64: [message] });
    }
    expect((await call('GET', '/api/billing/profile/logo', mpc())).statusCode).toBe(404);
  });

  it("is the firm's MPC's: its PC and its client may not set or read the logo", async () => {
    for (const token of [firm.pc.token, firm.client.token]) {
      expect((await putLogo(makeLogo(), token)).statusCode).toBe(403);
      expect((await call('GET', '/api/billing/profile/logo', token)).statusCode).toBe(403);
    }
  });
});
