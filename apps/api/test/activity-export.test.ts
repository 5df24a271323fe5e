import { AUDIT_MESSAGES } from '@portal/contract/audit';
import { DATE_MESSAGES } from '@portal/contract/plain-dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsvText } from './support/csv.js';
import { clientFields, type Member, useFirm, useFirmApp } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { listTestDialects } from './support/test-database.js';

/** The CSV export of the activity log: the list's scope and filters, every cell safe to open; bad filters. */
describe.each(listTestDialects())('the activity export on %s', (dialect) => {
  const { t, admin, firm: firmA } = useFirmApp('block', dialect);
  const firmB = useFirm('block', t, { admin, sharing: firmA });
  let trickster: Member;
  const hostileFirst = '=HYPERLINK("http://evil.example","Open")';
  const hostileLast = '+1, "quoted"';

  const get = (url: string, token: string) => t.request({ method: 'GET', url, token });
  async function exportOf(token: string, query = '') {
    const response = await get(`/api/audit/export${query}`, token);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const [header, ...rows] = parseCsvText(response.body.replace(/^\uFEFF/, ''));
    const column = (name: string) => (header as string[]).indexOf(name);
    return { response, header: header as string[], rows, cell: (row: string[], name: string) => row[column(name)] };
  }
  async function listedIds(token: string, query = ''): Promise<number[]> {
    const response = await get(`/api/audit?limit=100${query}`, token);
    expect(response.json().data.next).toBeNull();
    return response.json().data.data.map((event: { id: number }) => event.id);
  }

  beforeAll(async () => {
    // A client whose name a spreadsheet would run as formulas, signing in.
    const created = await createUserThroughApi(
      t,
      firmA.mpc.token,
      clientFields(firmA.services, { first_name: hostileFirst, last_name: hostileLast }),
    );
    trickster = { ...created, token: await t.signIn(created) };
    await get(`/api/serviceFiles/${trickster.id}/${firmA.services[0]}`, trickster.token);
  });

  it('streams every event the list shows, newest first, as an attachment', async () => {
    const { response, header, rows, cell } = await exportOf(firmA.mpc.token);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="activity-2026-04-01\.csv"/);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(header).toEqual([
      'When (India)',
      'When (UTC)',
      'Person',
      'Role',
      'Action',
      'Client',
      'Target',
      'Address',
      'Action code',
      'Event id',
    ]);
    // The export is itself an event, written before the rows are read.
    const ids = rows.map((row) => Number(cell(row, 'Event id')));
    expect(ids).toEqual(await listedIds(firmA.mpc.token));
    expect(cell(rows[0] as string[], 'Action code')).toBe('audit.export');
    expect(cell(rows[0] as string[], 'When (India)')).toBe('01/04/2026 14:30:00');
  });

  it('writes a cell a spreadsheet would run as a formula as text, and quotes commas and quotes', async () => {
    const { response, rows, cell } = await exportOf(firmA.mpc.token, `?client_id=${trickster.id}`);
    const signIn = rows.find((row) => cell(row, 'Action') === 'Signed in');
    expect(cell(signIn as string[], 'Person')).toBe(`'${hostileFirst} ${hostileLast}`);
    expect(cell(signIn as string[], 'Client')).toBe(`'${hostileFirst} ${hostileLast}`);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Open"") +1, ""quoted"""`);
    // No line of the file starts a cell with a formula character.
    for (const row of rows) for (const value of row) expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('honours the scope: another firm, the admin and a filter see only their own', async () => {
    const fromB = await exportOf(firmB.mpc.token);
    const idsOfA = new Set(await listedIds(firmA.mpc.token));
    expect(fromB.rows.filter((row) => idsOfA.has(Number(fromB.cell(row, 'Event id'))))).toEqual([]);
    expect(fromB.rows.some((row) => fromB.cell(row, 'Person')?.startsWith("'="))).toBe(false);
    const fromAdmin = await exportOf(admin.token);
    expect(fromAdmin.rows.filter((row) => fromAdmin.cell(row, 'Client') !== '')).toEqual([]);
    expect(
      fromAdmin.rows.filter((row) => /^(file|folder|files)\./.test(fromAdmin.cell(row, 'Action code') ?? '')),
    ).toEqual([]);
    // Filtered by the code sign-ins are written under (the accounts work names it).
    const signInRow = fromB.rows.find((row) => fromB.cell(row, 'Action') === 'Signed in') as string[];
    const signInCode = fromB.cell(signInRow, 'Action code');
    const signIns = await exportOf(firmA.mpc.token, `?action=${signInCode}`);
    expect(new Set(signIns.rows.map((row) => signIns.cell(row, 'Action')))).toEqual(new Set(['Signed in']));
    expect(signIns.rows.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses with the envelope, not a broken file: no scope, a client out of sight, a bad filter', async () => {
    const pc = await get('/api/audit/export', firmA.pc.token);
    expect([pc.statusCode, pc.headers['content-type']]).toEqual([403, 'application/json; charset=utf-8']);
    const foreign = await get(`/api/audit/export?client_id=${firmB.client.id}`, firmA.mpc.token);
    expect(foreign.statusCode).toBe(404);
    const bad = await get('/api/audit/export?from=32/01/2026', firmA.mpc.token);
    expect([bad.statusCode, bad.json().status]).toEqual([422, 'error']);
    // A PC may export the activity of a client it created.
    const own = await createUserThroughApi(t, firmA.pc.token, clientFields(firmA.services));
    const fromPc = await exportOf(firmA.pc.token, `?client_id=${own.id}`);
    const clients = new Set(fromPc.rows.map((row) => fromPc.cell(row, 'Client')));
    // The export itself is an event about the PC, not the client; the client's own first sign-in (it
    // changes the password the PC typed) is about the client.
    const actions = fromPc.rows.map((row) => fromPc.cell(row, 'Action code'));
    expect([clients.size, actions.includes('user.create'), actions.includes('audit.export')]).toEqual([1, true, false]);
  });

  it('answers every bad filter with a field error, never a 500', async () => {
    const cases: [query: string, field: string, message: string][] = [
      ['from=03/04/2026&to=01/04/2026', 'to', AUDIT_MESSAGES.rangeReversed],
      ['from=31/02/2026', 'from', DATE_MESSAGES.invalid],
      ['to=yesterday', 'to', DATE_MESSAGES.invalid],
      ['action=DROP%20TABLE', 'action', AUDIT_MESSAGES.actionInvalid],
      ['actor_id=abc', 'actor_id', AUDIT_MESSAGES.personInvalid],
      ['client_id=-4', 'client_id', AUDIT_MESSAGES.clientInvalid],
      ['before=2026-04-01', 'before', AUDIT_MESSAGES.cursorInvalid],
      ['limit=0', 'limit', AUDIT_MESSAGES.cursorInvalid],
    ];
    for (const [query, field, message] of cases) {
      for (const path of ['/api/audit', '/api/audit/export']) {
        if (path.endsWith('export') && /before|limit/.test(query)) continue;
        const response = await get(`${path}?${query}`, firmA.mpc.token);
        expect([path, query, response.statusCode, response.json().errors[field]]).toEqual([
          path,
          query,
          422,
          [message],
        ]);
      }
    }
  });
});
