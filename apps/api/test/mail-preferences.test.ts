import { describe, expect, it } from 'vitest';
import { wantsMail } from '../src/modules/notifications/mail-preferences.js';
import { useFirmApp } from './support/firm.js';
import { listTestDialects } from './support/test-database.js';

const URL = '/api/me/mail-preferences';
const DIGEST = {
  kind: 'daily_digest',
  label: 'Daily digest',
  description: 'At 08:00 IST: your overdue work and what falls due in the next 7 days.',
};
const REVIEW = {
  kind: 'review_requested',
  label: 'Work to review',
  description: 'When someone asks you to review a work item before it is filed.',
};
const REQUESTS = [
  { kind: 'request_made', label: 'Document requests', description: 'When your firm asks you for documents.' },
  {
    kind: 'request_reminder',
    label: 'Request reminders',
    description: 'Reminders of documents your firm is still waiting for.',
  },
  { kind: 'invoices', label: 'Invoices', description: 'When your firm issues you an invoice.' },
];

describe.each(listTestDialects())('mail preferences on %s', (dialect) => {
  const { t, admin, firm } = useFirmApp('block', dialect);

  const read = async (token: string) => (await t.request({ method: 'GET', url: URL, token })).json().data;
  const save = (token: string, payload: object) => t.request({ method: 'PUT', url: URL, token, payload });

  it('lists, for each role, the mail it receives, all on until turned off', async () => {
    expect(await read(admin.token)).toEqual([]);
    for (const member of [firm.mpc, firm.pc, firm.executor])
      expect(await read(member.token)).toEqual([
        { ...DIGEST, enabled: true },
        { ...REVIEW, enabled: true },
      ]);
    expect(await read(firm.client.token)).toEqual(REQUESTS.map((kind) => ({ ...kind, enabled: true })));
  });

  it('turns a kind off and on again for the caller alone, as the senders read it', async () => {
    const off = await save(firm.pc.token, { daily_digest: false });
    expect(off.json()).toEqual({
      status: 'success',
      message: 'Email preferences saved.',
      data: [
        { ...DIGEST, enabled: false },
        { ...REVIEW, enabled: true },
      ],
    });
    // Saved twice, still one choice; nobody else's changes.
    expect((await save(firm.pc.token, { daily_digest: false })).statusCode).toBe(200);
    expect(await read(firm.pc.token)).toEqual([
      { ...DIGEST, enabled: false },
      { ...REVIEW, enabled: true },
    ]);
    expect(await read(firm.executor.token)).toEqual([
      { ...DIGEST, enabled: true },
      { ...REVIEW, enabled: true },
    ]);
    expect(await wantsMail(t.context.db, firm.pc.id, 'daily_digest')).toBe(false);
    expect(await wantsMail(t.context.db, firm.executor.id, 'daily_digest')).toBe(true);

    const client = await save(firm.client.token, { request_reminder: false, request_made: true });
    expect(client.json().data).toEqual([
      { ...REQUESTS[0], enabled: true },
      { ...REQUESTS[1], enabled: false },
      { ...REQUESTS[2], enabled: true },
    ]);
    expect(await wantsMail(t.context.db, firm.client.id, 'request_reminder')).toBe(false);
    expect(await wantsMail(t.context.db, firm.client.id, 'request_made')).toBe(true);

    expect((await save(firm.pc.token, { daily_digest: true })).json().data).toEqual([
      { ...DIGEST, enabled: true },
      { ...REVIEW, enabled: true },
    ]);
    expect(await wantsMail(t.context.db, firm.pc.id, 'daily_digest')).toBe(true);
    expect((await save(firm.client.token, { request_reminder: true })).statusCode).toBe(200);
  });

  it('refuses a kind the caller never receives, a value that is not on or off, and anything else', async () => {
    const invalid = (errors: Record<string, string[]>) => ({
      status: 'error',
      message: 'The given data was invalid.',
      errors,
    });
    expect((await save(firm.client.token, { daily_digest: false })).json()).toEqual(
      invalid({ daily_digest: ['This mail is not sent to your account.'] }),
    );
    expect((await save(firm.mpc.token, { request_made: false, daily_digest: false })).json()).toEqual(
      invalid({ request_made: ['This mail is not sent to your account.'] }),
    );
    // The refused save changed nothing, not even its allowed part.
    expect(await read(firm.mpc.token)).toEqual([
      { ...DIGEST, enabled: true },
      { ...REVIEW, enabled: true },
    ]);
    expect((await save(admin.token, { daily_digest: true })).statusCode).toBe(422);
    expect((await save(firm.pc.token, { daily_digest: 'no' })).json()).toEqual(
      invalid({ daily_digest: ['Choose on (true) or off (false).'] }),
    );
    expect((await save(firm.pc.token, {})).json()).toEqual(
      invalid({ _: ['Send at least one email preference to change.'] }),
    );
    const unknown = await save(firm.pc.token, { password_changed: false });
    expect([unknown.statusCode, unknown.json().errors]).toEqual([
      400,
      { password_changed: ['This field is not allowed.'] },
    ]);
    expect((await save(firm.pc.token, { daily_digest: false, user_id: firm.executor.id })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.request({ method: 'PUT', url: URL, payload: { daily_digest: false } })).statusCode).toBe(401);
  });
});
