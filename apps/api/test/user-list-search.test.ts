import { computeGstinCheckCharacter } from '@portal/contract/identifiers';
import type { Kysely } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { buildFirm, clientFields, type TestFirm } from './support/firm.js';
import { createServices, createUserThroughApi } from './support/people.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const PAN = 'AAKPR4321M';
const GSTIN = `27${PAN}1Z${computeGstinCheckCharacter(`27${PAN}1Z`)}`;

type ListItem = {
  id: number;
  first_name: string;
  last_name: string;
  pan_number: string | null;
  gst_number: string | null;
  client_status: { label: string } | null;
  assigned_to: { id: number; name: string; role: string }[];
};

describe.each(listTestDialects())('searching, sorting and reading the user lists on %s', (dialect) => {
  const t = useTestApp('test', dialect);
  let admin: string;
  let firmA: TestFirm;
  let firmB: TestFirm;
  let asha: { id: number; email: string; username: string };

  const list = async (token: string, query: string, roleId = 5) => {
    const response = await t.request({ method: 'GET', url: `/api/user/userListByRole/${roleId}?${query}`, token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { total: number; data: ListItem[] };
  };
  const idsOf = async (token: string, query: string, roleId = 5) =>
    (await list(token, query, roleId)).data.map((user) => user.id);
  const search = (token: string, term: string) => idsOf(token, `search=${encodeURIComponent(term)}`);

  beforeEach(async () => {
    admin = await t.signIn(await t.createUser('admin'));
    const services = await createServices(t, admin, ['GST', 'ITR']);
    firmA = await buildFirm(t, admin, services);
    firmB = await buildFirm(t, admin, services);
    const ashaFields = {
      first_name: 'Asha',
      last_name: 'Raman',
      mobile_number: '+91 98200 10003',
      pan_number: PAN,
      gst_number: GSTIN,
      client_status_id: 11,
    };
    asha = await createUserThroughApi(t, firmA.mpc.token, clientFields(services, ashaFields));
    // Another firm's client with the very same mobile, PAN and GSTIN: never in firm A's answers.
    await createUserThroughApi(t, firmB.mpc.token, clientFields(services, { ...ashaFields, last_name: 'Elsewhere' }));
  });

  it('finds a client by name, email, username, every spelling of its mobile, PAN and GSTIN, within the firm only', async () => {
    const token = firmA.mpc.token;
    const terms = [
      'asha',
      'ASHA RAM',
      asha.email.toUpperCase(),
      asha.username,
      '9820010003',
      '+91 98200 10003',
      '+91-98200-10003',
      '098200 10003',
      '919820010003',
      '0091 98200 10003',
      '(+91) 98200 10003',
      '98200 100',
      PAN,
      PAN.toLowerCase(),
      'aakpr 4321m',
      GSTIN,
      GSTIN.toLowerCase(),
    ];
    for (const term of terms) expect(await search(token, term), term).toEqual([asha.id]);
    // Firm B sees its own client for the same terms, never firm A's.
    const own = await search(firmB.mpc.token, PAN);
    expect(own).toHaveLength(1);
    expect(own).not.toContain(asha.id);
    for (const term of ['nobody', '9820010004', 'AAKPR4321X', '%', '_sha']) {
      expect(await search(token, term), term).toEqual([]);
    }
  });

  it('keeps the scope of a PC: a search finds only the clients it created or handles', async () => {
    const pcToken = firmA.pc.token;
    expect(await search(pcToken, PAN)).toEqual([]);
    const created = await createUserThroughApi(
      t,
      pcToken,
      clientFields([firmA.services[0] as number], { first_name: 'Asha', last_name: 'Pcmade' }),
    );
    expect(await search(pcToken, 'asha')).toEqual([created.id]);
    await t.request({
      method: 'POST',
      url: '/api/service/assignPC',
      token: firmA.mpc.token,
      payload: { client_id: asha.id, service_id: firmA.services[0], pc_id: firmA.pc.id },
    });
    expect((await search(pcToken, 'asha')).sort()).toEqual([asha.id, created.id].sort());
    expect(await search(pcToken, '+91 98200 10003')).toEqual([asha.id]);
  });

  it('keeps the old name and mobile_number filters, and refuses an unknown sort or order', async () => {
    const token = firmA.mpc.token;
    expect(await idsOf(token, 'name=asha%20raman')).toEqual([asha.id]);
    expect(await idsOf(token, 'mobile_number=0010003')).toEqual([asha.id]);
    expect(await idsOf(token, `mobile_number=${encodeURIComponent('+91 98200 10003')}`)).toEqual([asha.id]);
    for (const [field, value, message] of [
      ['sort', 'email', 'Sort by name or created_at.'],
      ['order', 'up', 'Order must be asc or desc.'],
    ] as const) {
      const url = `/api/user/userListByRole/5?${field}=${value}`;
      const response = await t.request({ method: 'GET', url, token });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ status: 'error', errors: { [field]: [message] } });
    }
    expect(await idsOf(token, 'sort=&order=&search=')).toHaveLength(2);
  });

  it('sorts by name (any case) and by date added, either way, paging without overlap', async () => {
    const token = firmA.mpc.token;
    const services = [firmA.services[0] as number];
    // Added in this order, with dates that do not follow the ids: Zara latest, mohan earliest.
    const minute = 60_000;
    t.clock.advance(3 * minute);
    const zara = await createUserThroughApi(t, token, clientFields(services, { first_name: 'Zara', last_name: 'Ali' }));
    t.clock.advance(-2 * minute);
    const bina = await createUserThroughApi(t, token, clientFields(services, { first_name: 'bina', last_name: 'Das' }));
    t.clock.advance(-2 * minute);
    const mohan = await createUserThroughApi(t, token, clientFields(services, { first_name: 'Mohan', last_name: 'K' }));
    const client = firmA.client.id;

    const byName = await idsOf(token, 'sort=name');
    expect(byName.slice(0, 2)).toEqual([asha.id, bina.id]);
    expect(byName.slice(-2)).toEqual([mohan.id, zara.id]);
    expect(await idsOf(token, 'sort=name&order=desc')).toEqual([...byName].reverse());
    // asha and the firm's first client were added at the same instant: the id breaks the tie.
    expect(await idsOf(token, 'sort=created_at&order=asc')).toEqual([mohan.id, client, asha.id, bina.id, zara.id]);
    const newestFirst = [zara.id, bina.id, asha.id, client, mohan.id];
    expect(await idsOf(token, 'sort=created_at')).toEqual(newestFirst);
    // Without a sort: newest first, as before.
    expect(await idsOf(token, '')).toEqual(newestFirst);
    const pages = [
      ...(await idsOf(token, 'sort=name&limit=2&page=1')),
      ...(await idsOf(token, 'sort=name&limit=2&page=2')),
      ...(await idsOf(token, 'sort=name&limit=2&page=3')),
    ];
    expect(pages).toEqual(byName);
    expect(await idsOf(token, 'search=a&sort=name&order=desc&limit=1')).toEqual([zara.id]);
  });

  it("shows each client's PAN, GSTIN, client status and who is assigned, in a constant number of queries", async () => {
    const mpc = firmA.mpc.token;
    const [gst, itr] = firmA.services as [number, number];
    const post = (url: string, payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url, token: mpc, payload });
    await post('/api/service/assignPC', { client_id: asha.id, service_id: gst, pc_id: firmA.pc.id });
    await post('/api/service/assignPC', { client_id: asha.id, service_id: itr, pc_id: firmA.pc.id });
    await post('/api/service/assignExecutor', { client_id: asha.id, service_id: itr, executor_id: firmA.executor.id });
    // The firm's first client goes to firm B's MPC instead.
    await t.request({
      method: 'PUT',
      url: '/api/service/updateAssignType',
      token: mpc,
      payload: { client_id: firmA.client.id, assign_service_type: false },
    });
    await post('/api/service/assignMPC', {
      client_id: firmA.client.id,
      service_id: gst,
      mpc_username: firmB.mpc.username,
    });

    const nameOf = async (id: number) => {
      const user = (await t.request({ method: 'GET', url: `/api/user/detail/${id}`, token: admin })).json().data;
      return user ? `${user.first_name} ${user.last_name}` : undefined;
    };
    const rows = (await list(mpc, '')).data;
    const ashaRow = rows.find((row) => row.id === asha.id);
    expect(ashaRow).toMatchObject({ pan_number: PAN, gst_number: GSTIN, client_status: { label: 'Company Private' } });
    const pcDetail = (await t.request({ method: 'GET', url: `/api/user/detail/${firmA.pc.id}`, token: mpc })).json();
    const executorDetail = (
      await t.request({ method: 'GET', url: `/api/user/detail/${firmA.executor.id}`, token: mpc })
    ).json();
    expect(ashaRow?.assigned_to).toEqual([
      { id: firmA.pc.id, name: `${pcDetail.data.first_name} ${pcDetail.data.last_name}`, role: 'pc' },
      {
        id: firmA.executor.id,
        name: `${executorDetail.data.first_name} ${executorDetail.data.last_name}`,
        role: 'executor',
      },
    ]);
    const firmClient = rows.find((row) => row.id === firmA.client.id);
    expect(firmClient?.assigned_to).toEqual([{ id: firmB.mpc.id, name: await nameOf(firmB.mpc.id), role: 'mpc' }]);
    // Staff lists carry no assignments or client status.
    const pcs = (await list(mpc, '', 3)).data;
    expect(pcs[0]).toMatchObject({ assigned_to: [], client_status: null });

    // The same number of queries for a page of one client as for a page of ten.
    const services = [gst, itr];
    for (let index = 0; index < 10; index += 1) {
      const added = await createUserThroughApi(t, mpc, clientFields(services, { first_name: `Bulk${index}` }));
      await post('/api/service/assignPC', { client_id: added.id, service_id: gst, pc_id: firmA.pc.id });
    }
    const countQueries = async (query: string) => {
      const context = t.context as { db: Kysely<DB> };
      const original = context.db;
      let queries = 0;
      context.db = original.withPlugin({
        transformQuery: (args) => args.node,
        // Every query run, built here or compiled once (db/compiled-once.ts), comes back through here.
        transformResult: async (args) => {
          queries += 1;
          return args.result;
        },
      });
      try {
        const page = await list(mpc, query);
        return { queries, rows: page.data.length };
      } finally {
        context.db = original;
      }
    };
    const one = await countQueries('limit=1');
    const ten = await countQueries('limit=10');
    expect([one.rows, ten.rows]).toEqual([1, 10]);
    // The session's token and user, the count, the rows, and the clients' services with who handles them.
    expect(one.queries).toBeGreaterThanOrEqual(4);
    expect(ten.queries).toBe(one.queries);
  });
});
