import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import { CLIENT_IMPORT_COLUMNS } from '@portal/contract/user-csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClientContactCells } from './support/client-csv-rows.js';
import { postCsv, readCsvAnswer, writeCsvFile } from './support/csv.js';
import { buildFirm, clientFields, type Member, type TestFirm } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const LISTED: RoleName[] = ['mpc', 'pc', 'executor', 'client'];
// More clients than several export batches (100 each), so the keyset crosses batch boundaries.
const MANY = 520;
const AADHAAR = '234567890124';
const ACCOUNT = '987654321098';
const HOSTILE = '=HYPERLINK("http://evil.example","Open")';

/** Lists as CSV: the list's scope, filters and order for every role of two firms, secrets masked, audited. */
describe.each(listTestDialects())('exporting lists as CSV on %s', (dialect) => {
  let t: TestApp;
  let adminToken: string;
  let firmA: TestFirm;
  let firmB: TestFirm;
  let people: { label: string; token: string }[];

  const get = (url: string, token: string) => t.request({ method: 'GET', url, token });
  /** Every id of a list, page by page, in its order (or the status it was refused with). */
  async function listedIds(token: string, roleId: number, query = ''): Promise<number[] | number> {
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const response = await get(`/api/user/userListByRole/${roleId}?limit=100&page=${page}${query}`, token);
      if (response.statusCode !== 200) return response.statusCode;
      const data = response.json().data;
      ids.push(...data.data.map((user: { id: number }) => user.id));
      if (page >= data.last_page) return ids;
    }
  }
  async function exported(token: string, roleId: number, query = '') {
    const response = await get(`/api/user/export/${roleId}${query ? `?${query.slice(1)}` : ''}`, token);
    if (response.statusCode !== 200) return { status: response.statusCode, ids: [], ...readCsvAnswer(''), response };
    const csv = readCsvAnswer(response.body);
    return { status: 200, ids: csv.rows.map((row) => Number(row.id)), ...csv, response };
  }

  beforeAll(async () => {
    // The firm brings its whole list in one import: more invitations than a day's default allows.
    t = await createTestApp(dialect, { env: { INVITATIONS_PER_FIRM_DAY: '5000' } });
    adminToken = await t.signIn(await t.createUser('admin'));
    firmA = await buildFirm(t, adminToken);
    firmB = await buildFirm(t, adminToken, firmA.services);
    const names = await t.context.db.selectFrom('services').select(['id', 'service_name']).execute();
    const nameOf = (id: number) => names.find((service) => service.id === id)?.service_name as string;
    // Firm A's MPC imports many clients; every third takes the second service only, names run Z to A.
    const rows = Array.from({ length: MANY }, (_, index) => ({
      first_name: `${String.fromCharCode(90 - (index % 26))}ara`,
      last_name: `Shah${index}`,
      email: `many${index}.${Date.now()}@clients.in`,
      ...buildClientContactCells(),
      services: index % 3 === 0 ? nameOf(firmA.services[1] as number) : nameOf(firmA.services[0] as number),
    }));
    rows.push({
      ...(rows[0] as (typeof rows)[number]),
      first_name: 'Hindu Family',
      last_name: '',
      email: `huf.${Date.now()}@clients.in`,
      client_status: 'H.U.F.',
      'details.date_of_creation': '01/04/2001',
      'details.nameofkarta': 'Hari Lal',
      'details.aadharofkarta': AADHAAR,
      'details.bankdetails': ACCOUNT,
      'details.bank_ifsc': 'HDFC0001234',
      'details.msem': 'no',
    } as (typeof rows)[number]);
    const imported = await postCsv(
      t,
      firmA.mpc.token,
      '/api/user/import',
      writeCsvFile([...CLIENT_IMPORT_COLUMNS], rows),
    );
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(201);
    // A PC's own client, whose name a spreadsheet would run as a formula.
    await createUserThroughApi(t, firmA.pc.token, clientFields(firmA.services, { first_name: HOSTILE }));
    people = [
      { label: 'admin', token: adminToken },
      ...(['A', 'B'] as const).flatMap((firm) =>
        (['mpc', 'pc', 'executor', 'client'] as const).map((role) => ({
          label: `${firm} ${role}`,
          token: ((firm === 'A' ? firmA : firmB)[role] as Member).token,
        })),
      ),
    ];
  }, 240_000);
  afterAll(async () => {
    await t.close();
  });

  it('exports for every role of two firms exactly the list it sees, or refuses as the list does', async () => {
    for (const person of people) {
      for (const role of [...LISTED, 'admin' as const]) {
        const roleId = ROLE_ID[role];
        const list = await listedIds(person.token, roleId);
        const csv = await exported(person.token, roleId);
        const label = `${person.label} exporting ${role}`;
        if (typeof list === 'number') expect([label, csv.status]).toEqual([label, list]);
        else expect([label, csv.status, csv.ids]).toEqual([label, 200, list]);
      }
    }
  });

  it('holds the list’s filters and order across export batches', async () => {
    const token = firmA.mpc.token;
    const queries = [
      '',
      '&sort=name',
      '&sort=name&order=desc',
      '&sort=created_at&order=asc',
      `&service_id=${firmA.services[1]}`,
      '&search=zara',
      `&search=shah1&service_id=${firmA.services[0]}&sort=name`,
    ];
    for (const query of queries) {
      const list = await listedIds(token, ROLE_ID.client, query);
      const csv = await exported(token, ROLE_ID.client, query);
      expect([query, csv.ids.length]).toEqual([query, (list as number[]).length]);
      expect([query, csv.ids]).toEqual([query, list]);
    }
    expect(((await listedIds(token, ROLE_ID.client)) as number[]).length).toBeGreaterThan(MANY);
  });

  it('masks a client’s secrets as the detail answer does, and writes formulas as text', async () => {
    const csv = await exported(firmA.mpc.token, ROLE_ID.client, '&search=hindu');
    expect(csv.rows).toHaveLength(1);
    const huf = csv.rows[0] as Record<string, string>;
    const detail = (await get(`/api/user/detail/${huf.id}`, firmA.mpc.token)).json().data;
    const shown = JSON.parse(detail.additional_data);
    expect(huf).toMatchObject({
      client_status: 'H.U.F.',
      'details.aadharofkarta': shown.aadharofkarta,
      'details.bankdetails': shown.bankdetails,
      'details.bank_ifsc': shown.bank_ifsc,
      'details.date_of_creation': '01/04/2001',
      'details.nameofkarta': 'Hari Lal',
    });
    expect(shown).toMatchObject({ aadharofkarta: 'XXXX XXXX 0124', bankdetails: 'XXXX1098' });
    for (const response of [csv.response, (await exported(firmA.mpc.token, ROLE_ID.client)).response]) {
      expect(response.body).not.toContain(AADHAAR);
      expect(response.body).not.toContain(ACCOUNT);
      expect(response.body).not.toContain('HDFC0001234');
    }
    const pcList = await exported(firmA.pc.token, ROLE_ID.client);
    const hostile = pcList.rows.find((row) => row.first_name?.includes('HYPERLINK'));
    expect(hostile?.first_name).toBe(`'${HOSTILE}`);
  });

  it('writes staff with their own columns and services, as an attachment named after the list', async () => {
    const csv = await exported(firmA.mpc.token, ROLE_ID.pc);
    expect(csv.response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.response.headers['content-disposition']).toMatch(/^attachment; filename="pcs-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.header).toEqual([
      'id',
      'first_name',
      'last_name',
      'username',
      'email',
      'mobile_number',
      'alternate_mobile_number',
      'alternate_email_id',
      'address',
      'pincode',
      'city',
      'state',
      'pan_number',
      'gst_number',
      'tan_number',
      'qualification',
      'practice_since',
      'services',
      'status',
      'created_at',
    ]);
    expect(csv.rows.map((row) => Number(row.id))).toEqual([firmA.pc.id]);
    const clients = await exported(firmA.mpc.token, ROLE_ID.client, '&search=hindu');
    expect(clients.header.slice(0, 16)).toEqual(['id', ...CLIENT_IMPORT_COLUMNS.slice(0, 15)]);
    expect(clients.rows[0]?.services).not.toBe('');
  });

  it('records each export in the activity log with its filters', async () => {
    await exported(firmB.mpc.token, ROLE_ID.client, '&search=nobody&sort=name');
    const event = await t.context.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'firm_id'])
      .where('actor_id', '=', firmB.mpc.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.action).toBe('user.export');
    expect(JSON.parse(event.details as string)).toEqual({ role_id: ROLE_ID.client, search: 'nobody', sort: 'name' });
    expect(event.firm_id).toBe(firmB.mpc.id);
  });

  it('refuses bad filters and roles with the envelope, not a broken file', async () => {
    for (const url of ['/api/user/export/0', '/api/user/export/5?sort=age', '/api/user/export/5?service_id=abc']) {
      const response = await get(url, firmA.mpc.token);
      expect([url, response.statusCode, response.headers['content-type'], response.json().status]).toEqual([
        url,
        422,
        'application/json; charset=utf-8',
        'error',
      ]);
    }
    const refused = await get(`/api/user/export/${ROLE_ID.mpc}`, firmA.pc.token);
    expect([refused.statusCode, refused.json().status]).toEqual([403, 'error']);
  });

  it('writes when each user was added as dd/mm/yyyy in India, as the screens show it', async () => {
    // 20:00 UTC on 31 March is already 1 April in India.
    await t.context.db
      .updateTable('users')
      .set({ created_at: '2026-03-31T20:00:00.000Z' })
      .where('id', '=', firmA.pc.id)
      .execute();
    const csv = await exported(firmA.mpc.token, ROLE_ID.pc);
    expect(csv.rows.find((row) => Number(row.id) === firmA.pc.id)?.created_at).toBe('01/04/2026');
    const clients = await exported(firmA.mpc.token, ROLE_ID.client, '&search=hindu');
    expect(clients.rows[0]?.created_at).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});
