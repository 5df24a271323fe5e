import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../src/bootstrap/demo-data.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('demo data on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('creates two firms with every role, through the same rules as the API, and can run again', async () => {
    const admin = await t.createUser('admin');
    const actor = { id: admin.id, role: 'admin' as const, firmId: null, status: 'active' as const, tokenId: 0 };
    const first = await seedDemoData(t.context, actor);
    const again = await seedDemoData(t.context, actor);
    expect(again).toEqual(first);
    expect(first.filter((account) => account.role === 'mpc')).toHaveLength(2);
    for (const role of ['pc', 'executor', 'client'] as const) {
      expect(first.some((account) => account.role === role)).toBe(true);
    }
    const counts = await t.context.db
      .selectFrom('users')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('total')])
      .groupBy('role_id')
      .orderBy('role_id')
      .execute();
    expect(counts.map((row) => [row.role_id, Number(row.total)])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 2],
      [5, 6],
    ]);
    const mpc = first.find((account) => account.role === 'mpc');
    const token = await t.signIn({ email: mpc?.email as string, password: DEMO_PASSWORD });
    const clients = await t.request({ method: 'GET', url: '/api/user/userListByRole/5', token });
    expect(clients.json().data.total).toBe(4);

    // Businesses are named by their legal name and keep their identifiers.
    const company = clients
      .json()
      .data.data.find((client: { first_name: string }) => client.first_name.startsWith('Sharma Infra'));
    expect(company).toMatchObject({ last_name: '', client_status: { label: 'Company Private' } });
    const companyDetail = (await t.request({ method: 'GET', url: `/api/user/detail/${company.id}`, token })).json()
      .data;
    expect(JSON.parse(companyDetail.additional_data)).toEqual({
      cin: 'U45200MH2015PTC265432',
      date_of_formation: '2015-07-14',
    });

    // Sub-form data, family members, assignments and links, once each however often the seed runs.
    const firm = clients.json().data.data.find((client: { first_name: string }) => client.first_name === 'Meena');
    const detail = (await t.request({ method: 'GET', url: `/api/user/detail/${firm.id}`, token })).json().data;
    expect(detail.client_status.template).toBe('Firm');
    expect(JSON.parse(detail.additional_data).partners).toHaveLength(2);
    const members = (await t.request({ method: 'GET', url: `/api/member/list/${firm.id}`, token })).json().data;
    expect(members.total).toBe(1);
    const assignments = (await t.request({ method: 'GET', url: `/api/service/assignService/${firm.id}`, token })).json()
      .data;
    expect(assignments.some((row: { pc_username: string | null }) => row.pc_username !== null)).toBe(true);
    const folders = (
      await t.request({ method: 'GET', url: `/api/folders/${firm.id}/${detail.nature_of_service[0]}`, token })
    ).json().data;
    expect(folders.map((folder: { folder_name: string }) => folder.folder_name)).toEqual(['Returns']);
    expect(await t.context.db.selectFrom('files').select('file_name').execute()).toHaveLength(6);
    const links = (await t.request({ method: 'GET', url: '/api/userLink/list', token })).json().data;
    expect(links.map((link: { label: string }) => link.label).sort()).toEqual(['GST portal', 'Income Tax e-filing']);
  });
});
