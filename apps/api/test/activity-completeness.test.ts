import { labelOfAuditAction } from '@portal/contract/audit-actions';
import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { BILLING_PROFILE, makeInvoice } from './support/billing.js';
import { useFirmApp } from './support/firm.js';
import { mustAskForDocuments, reviewItem, uploadForRequest } from './support/requests.js';
import { listTestDialects } from './support/test-database.js';
import { addWorkItem } from './support/work.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type LoggedEvent = { action: string; entity_type: string | null; entity_id: number | null; client_id: number | null };

/**
 * Issue 25: every change of a work item, a document request and billing is in the activity log, in words,
 * as every other change is: one event per kind of change, filed under the client (work and requests), with
 * no typed value (a note, an ARN, a UDIN, a document's name, a reason) in its details.
 */
describe.each(listTestDialects())('the activity log of work, requests and billing on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('block', dialect);
  const call = bindApiCall(t);
  const gst = () => firm.services[0] as number;

  /** The events logged after `mark` (an event id), oldest first. */
  const eventsAfter = async (mark: number): Promise<(LoggedEvent & { details: string | null })[]> =>
    t.context.db
      .selectFrom('audit_log')
      .select(['action', 'entity_type', 'entity_id', 'client_id', 'details'])
      .where('id', '>', mark)
      .orderBy('id')
      .execute();
  const lastEventId = async () =>
    Number(
      (
        await t.context.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  const actionsOf = (events: LoggedEvent[], type: string, id: number) =>
    events.filter((event) => event.entity_type === type && event.entity_id === id).map((event) => event.action);
  /** A work item's change as `token`'s user, which must succeed. */
  const change = async (id: number, token: string, body: object) => {
    const response = await call('PUT', `/api/work/${id}`, token, body);
    expect(response.statusCode, response.body).toBe(200);
  };

  it('logs each change of a work item once, under its client, and shows it in words', async () => {
    expect(
      (await call('PUT', `/api/checklists/services/${gst()}`, admin.token, { steps: ['Tax computed'] })).statusCode,
    ).toBe(200);
    const mark = await lastEventId();
    const created = await addWorkItem(t, firm.mpc.token, firm.client.id, gst(), {
      title: 'Annual GST reconciliation',
      due_date: '2026-05-31',
      notes: 'Call the client about the March sales',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const mpc = firm.mpc.token;
    await change(id, mpc, { status: 'in_progress' });
    await change(id, mpc, { assignee_id: firm.pc.id });
    await change(id, mpc, { due_date: '2026-06-15' });
    await change(id, mpc, { notes: 'Sales register received' });
    await change(id, mpc, { status: 'under_review', reviewer_id: firm.executor.id, review_note: 'Check the ITC' });
    await change(id, mpc, { status: 'verified', review_note: 'Fine' });
    const [step] = (await call('GET', `/api/work/${id}/checklist`, mpc)).json().data.steps;
    expect((await call('PUT', `/api/work/${id}/checklist/${step.id}`, mpc, { done: true })).statusCode).toBe(200);
    await change(id, mpc, { status: 'filed', ack_number: 'AA0704260012345' });
    await change(id, mpc, { udin: '26123456ABCDEF1234', signed_on: '2026-03-20' });

    const events = await eventsAfter(mark);
    expect(actionsOf(events, 'work_item', id)).toEqual([
      'work.create',
      'work.status',
      'work.assignee',
      'work.due_date',
      'work.update',
      'work.review_request',
      'work.review_decision',
      'checklist.step.tick',
      'work.status',
      'work.filing',
      'work.udin',
    ]);
    const ofItem = events.filter((event) => event.entity_id === id);
    expect(ofItem.every((event) => event.client_id === firm.client.id)).toBe(true);
    const details = ofItem.map((event) => event.details ?? '').join(' ');
    for (const typed of [
      'March sales',
      'Sales register received',
      'Check the ITC',
      'AA0704260012345',
      '26123456ABCDEF1234',
    ])
      expect(details).not.toContain(typed);
    expect(JSON.parse(ofItem[2]?.details ?? '{}')).toEqual({ from: null, to: firm.pc.id });
    expect(JSON.parse(ofItem[5]?.details ?? '{}')).toEqual({
      from: 'in_progress',
      to: 'under_review',
      reviewer: firm.executor.id,
    });

    // The Activity screen names each in words.
    const page = (await call('GET', `/api/audit?client_id=${firm.client.id}&limit=100`, mpc)).json().data;
    const shown = page.data.filter((event: { target: { type: string; id: number } | null }) => event.target?.id === id);
    expect(shown.map((event: { action_label: string }) => event.action_label).reverse()).toEqual(
      actionsOf(events, 'work_item', id).map(labelOfAuditAction),
    );
    expect(shown.every((event: { action: string; action_label: string }) => event.action_label !== event.action)).toBe(
      true,
    );
  });

  it('logs a document request made, reminded, its documents accepted and rejected, closed and cancelled', async () => {
    const mark = await lastEventId();
    const item = async (title: string) =>
      (await addWorkItem(t, firm.mpc.token, firm.client.id, gst(), { title, due_date: '2026-05-31' })).json().data
        .id as number;
    const mpc = firm.mpc.token;
    const client = firm.client.token;
    const done = await mustAskForDocuments(t, mpc, await item('Books of March'));
    const [sales, purchases] = done.items as { id: number }[];
    expect((await uploadForRequest(t, client, done.id, sales?.id as number)).statusCode).toBe(201);
    expect((await reviewItem(t, mpc, done.id, sales?.id as number, { status: 'accepted' })).statusCode).toBe(200);
    expect((await uploadForRequest(t, client, done.id, purchases?.id as number)).statusCode).toBe(201);
    const rejected = await reviewItem(t, mpc, done.id, purchases?.id as number, {
      status: 'rejected',
      reason: 'The pages are cut off',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await uploadForRequest(t, client, done.id, purchases?.id as number)).statusCode).toBe(201);
    expect((await reviewItem(t, mpc, done.id, purchases?.id as number, { status: 'accepted' })).statusCode).toBe(200);

    const stopped = await mustAskForDocuments(t, mpc, await item('Books of April'));
    expect((await call('POST', `/api/requests/${stopped.id}/link/resend`, mpc)).statusCode).toBe(200);
    expect((await call('POST', `/api/requests/${stopped.id}/link/revoke`, mpc)).statusCode).toBe(200);
    expect((await call('POST', `/api/requests/${stopped.id}/cancel`, mpc)).statusCode).toBe(200);

    // A request still open when its reminder falls due: the portal reminds the client by itself.
    const waiting = await mustAskForDocuments(t, mpc, await item('Books of May'));
    const started = t.clock.now();
    t.clock.advance(8 * DAY_MS);
    await t.scheduler.tick();
    t.clock.set(started);
    // The tick's housekeeping ended the sessions idle those days: the block's people sign in again.
    for (const member of [firm.mpc, firm.client]) member.token = await t.signIn(member);

    const events = await eventsAfter(mark);
    expect(actionsOf(events, 'document_request', done.id)).toEqual([
      'request.create',
      'request.accept',
      'request.reject',
      'request.accept',
      'request.complete',
    ]);
    expect(actionsOf(events, 'document_request', stopped.id)).toEqual([
      'request.create',
      'request.link_resend',
      'request.link_revoke',
      'request.cancel',
    ]);
    expect(actionsOf(events, 'document_request', waiting.id)).toEqual(['request.create', 'request.remind']);
    const ofRequests = events.filter((event) => event.entity_type === 'document_request');
    expect(ofRequests.every((event) => event.client_id === firm.client.id)).toBe(true);
    const details = ofRequests.map((event) => event.details ?? '').join(' ');
    for (const typed of ['Sales register', 'Purchase invoices', 'The pages are cut off'])
      expect(details).not.toContain(typed);
  });

  it('logs each billing change: invoice drafted, issued, credited, cancelled, receipts recorded and cancelled', async () => {
    const mpc = firm.mpc.token;
    expect((await call('PUT', '/api/billing/profile', mpc, BILLING_PROFILE)).statusCode).toBe(200);
    await t.context.db.updateTable('users').set({ state: 'Maharashtra' }).where('id', '=', firm.client.id).execute();
    const mark = await lastEventId();
    const paid = await makeInvoice(call, mpc, firm.client.id, { draftOnly: true });
    expect((await call('POST', `/api/invoices/${paid}/issue`, mpc)).statusCode).toBe(200);
    const credit = { description: 'Fee reduced', amount_paise: 100_000, gst_rate_bp: 1800 };
    const credited = await call('POST', `/api/invoices/${paid}/credit-notes`, mpc, {
      reason: 'Scope',
      lines: [credit],
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const payment = { receipt_date: '2026-04-01', mode: 'upi', reference: 'UTR0001', amount_paise: 500_000 };
    const receipt = await call('POST', `/api/invoices/${paid}/payments`, mpc, payment);
    expect(receipt.statusCode, receipt.body).toBe(201);
    const receiptId = receipt.json().data.id as number;
    expect((await call('POST', `/api/receipts/${receiptId}/cancel`, mpc, { reason: 'Bounced' })).statusCode).toBe(200);
    const wrong = await makeInvoice(call, mpc, firm.client.id);
    expect((await call('POST', `/api/invoices/${wrong}/cancel`, mpc, { reason: 'Wrong client' })).statusCode).toBe(200);

    const events = await eventsAfter(mark);
    expect(actionsOf(events, 'invoice', paid)).toEqual(['invoice.create', 'invoice.issue', 'invoice.credit_note']);
    expect(actionsOf(events, 'receipt', receiptId)).toEqual(['receipt.create', 'receipt.cancel']);
    expect(actionsOf(events, 'invoice', wrong)).toEqual(['invoice.create', 'invoice.issue', 'invoice.cancel']);
    for (const action of ['invoice.create', 'invoice.issue', 'invoice.credit_note', 'receipt.create', 'invoice.cancel'])
      expect(labelOfAuditAction(action)).not.toBe(action);
  });
});
