import { computeGstinCheckCharacter } from '@portal/contract/identifiers';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { clientFields, useAdmin, useFirm } from './support/firm.js';
import { createUserThroughApi, postUserForm } from './support/people.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { addWorkItem } from './support/work.js';

const PAN = 'BQWPK7351L';
const GSTIN = `29${PAN}1Z${computeGstinCheckCharacter(`29${PAN}1Z`)}`;

/**
 * The search box through the trigram indexes of migration 0063 (docs/decisions/0048-search-indexes.md):
 * what it finds, that the index follows every write, and that it never reaches past the caller's scope.
 */
describe.each(listTestDialects())('search through the trigram indexes on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  const admin = useAdmin('block', t);
  const firm = useFirm('block', t, { admin });
  const other = useFirm('block', t, { admin });
  const call = bindApiCall(t);
  let client: { id: number; email: string; username: string };
  let workId: number;

  /** A one-off work item of the client's first service, added by the firm's MPC; answers its id. */
  const addClientWork = async (title: string, due_date: string) => {
    const created = await addWorkItem(t, firm.mpc.token, client.id, firm.services[0] as number, { title, due_date });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.id as number;
  };
  const searchClients = async (token: string, term: string) => {
    const response = await call('GET', `/api/user/userListByRole/5?search=${encodeURIComponent(term)}`, token);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json().data as { total: number; data: { id: number }[] };
    // The count and the page read the same rows.
    expect(page.total).toBe(page.data.length);
    return page.data.map((row) => row.id);
  };
  const searchWork = async (token: string, term: string) => {
    const response = await call('GET', `/api/work?limit=100&q=${encodeURIComponent(term)}`, token);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json().data as { total: number; data: { id: number }[] };
    // The count (read from the matches, decision 0053) and the page read the same rows.
    expect(page.total).toBe(page.data.length);
    return page.data.map((row) => row.id);
  };
  /** What the SQLite index itself holds for a term, across every firm (PostgreSQL's is on `users` itself). */
  const indexedUsers = async (phrase: string) =>
    (
      await sql<{
        id: number;
      }>`select rowid % 4294967296 as id from users_search where users_search match ${`"${phrase}"`}`.execute(
        t.context.db,
      )
    ).rows.map((row) => Number(row.id));

  const clientFieldsOf = (userId: number, email: string) => {
    const {
      role_id: _role,
      password: _password,
      ...form
    } = clientFields(firm.services, {
      user_id: userId,
      email,
      mobile_number: '9845012345',
      pan_number: PAN,
      gst_number: GSTIN,
      client_status_id: 11,
    });
    return form;
  };

  beforeAll(async () => {
    client = await createUserThroughApi(
      t,
      firm.mpc.token,
      clientFields(firm.services, {
        first_name: 'Vasundhara',
        last_name: 'Kulkarni',
        // A mailbox no other test user's resembles: the shared counter's "client108." is inside "client1080.".
        email: `vk.ledgerdesk.${Date.now()}@firm.in`,
        mobile_number: '9845012345',
        pan_number: PAN,
        gst_number: GSTIN,
        client_status_id: 11,
      }),
    );
    workId = await addClientWork('Reconcile the Marketplace ledger', '2026-12-15');
  }, 120_000);

  it('finds a client by a piece from the middle of each searched field', async () => {
    const terms = [
      'undhar', // first name
      'lkarn', // last name
      'dhara kulk', // across first and last name
      client.email.slice(3, 10).toUpperCase(), // "LEDGERD"
      client.username.slice(1, -1),
      '450123', // mobile
      '+91 98450 12', // mobile as typed
      PAN.slice(2, 8).toLowerCase(),
      GSTIN.slice(4, 13),
    ];
    for (const term of terms) expect(await searchClients(firm.mpc.token, term), term).toEqual([client.id]);
  });

  it('answers terms of one or two characters as before, without the index', async () => {
    expect(await searchClients(firm.mpc.token, 'vs')).toEqual([]);
    const two = await searchClients(firm.mpc.token, 'ul');
    expect(two).toContain(client.id);
    expect(await searchClients(firm.mpc.token, 'K')).toContain(client.id);
  });

  it("never widens the caller's reach: another firm's client, and a PC's unassigned clients, stay out", async () => {
    const elsewhere = await createUserThroughApi(
      t,
      other.mpc.token,
      clientFields(other.services, { first_name: 'Zenobia', last_name: 'Farishta', pan_number: 'CXRPF2468K' }),
    );
    expect(await searchClients(other.mpc.token, 'nobia farish')).toEqual([elsewhere.id]);
    for (const term of ['nobia', 'farishta', 'CXRPF2468K', 'RPF246', elsewhere.username])
      expect(await searchClients(firm.mpc.token, term), term).toEqual([]);
    // A PC of the firm reaches only the clients it created or handles.
    expect(await searchClients(firm.pc.token, 'undhar')).toEqual([]);
    // Work: another firm's search never finds this firm's item by title or client name.
    expect(await searchWork(other.mpc.token, 'marketplace')).toEqual([]);
    expect(await searchWork(other.mpc.token, 'kulkarni')).toEqual([]);
  });

  it('finds work by a piece of its title or of its client name, and follows a title change', async () => {
    expect(await searchWork(firm.mpc.token, 'ketplace led')).toEqual([workId]);
    expect(await searchWork(firm.mpc.token, 'LKARN')).toContain(workId);
    expect(await searchWork(firm.mpc.token, 'dhara kulk')).toContain(workId);
    const renamed = await call('PUT', `/api/work/${workId}`, firm.mpc.token, { title: 'File the Quarterly TDS' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await searchWork(firm.mpc.token, 'ketplace')).toEqual([]);
    expect(await searchWork(firm.mpc.token, 'quarterly td')).toEqual([workId]);
  });

  it('counts an item its title and its client name both match once, and follows a renamed client and a removed item', async () => {
    const bothId = await addClientWork('Kulkarni family trust return', '2026-12-20');
    expect((await searchWork(firm.mpc.token, 'kulkarni')).sort()).toEqual([workId, bothId].sort());
    const renamed = await postUserForm(t, firm.mpc.token, '/api/user/edit', {
      ...clientFieldsOf(client.id, client.email),
      first_name: 'Vasundhara',
      last_name: 'Deshpande',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Its items are found by the client's new name, and by the old one only where the title holds it.
    expect((await searchWork(firm.mpc.token, 'deshpand')).sort()).toEqual([workId, bothId].sort());
    expect(await searchWork(firm.mpc.token, 'kulkarni')).toEqual([bothId]);
    await t.context.db.deleteFrom('work_items').where('id', '=', bothId).execute();
    expect(await searchWork(firm.mpc.token, 'family trust')).toEqual([]);
    expect(await searchWork(firm.mpc.token, 'deshpand')).toEqual([workId]);
    // Another firm's MPC finds none of them.
    expect(await searchWork(other.mpc.token, 'deshpand')).toEqual([]);
  });

  it('follows a new client, an edit of each field, and a removed row at once', async () => {
    const added = await createUserThroughApi(
      t,
      firm.mpc.token,
      clientFields(firm.services, { first_name: 'Ottoline', last_name: 'Banerjee' }),
    );
    // The username made from the name (`ottolinebanerjee`) keeps it without the space.
    expect(await searchClients(firm.mpc.token, 'ttoline ban')).toEqual([added.id]);
    const {
      role_id: _role,
      password: _password,
      ...form
    } = clientFields(firm.services, {
      user_id: added.id,
      first_name: 'Philippa',
      last_name: 'Banerjee',
      email: added.email,
      mobile_number: '9700077000',
      pan_number: 'DKLPB9753Q',
    });
    const edit = await postUserForm(t, firm.mpc.token, '/api/user/edit', form);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await searchClients(firm.mpc.token, 'ttoline ban')).toEqual([]);
    for (const term of ['hilippa ban', '7000770', 'LPB975'])
      expect(await searchClients(firm.mpc.token, term), term).toEqual([added.id]);
    // No endpoint deletes a user; a removed row (a test's cleanup, a cascade) leaves the index too.
    await t.context.db.deleteFrom('users').where('id', '=', added.id).execute();
    expect(await searchClients(firm.mpc.token, 'hilipp')).toEqual([]);
    if (dialect === 'sqlite') expect(await indexedUsers('hilipp')).toEqual([]);
  });

  it("an erased client's name, email, mobile and PAN leave the index with the row's", async () => {
    const erased = await createUserThroughApi(
      t,
      firm.mpc.token,
      clientFields(firm.services, {
        first_name: 'Gwendolyn',
        last_name: 'Chatterjee',
        mobile_number: '9611122233',
        pan_number: 'EMNPC8642R',
      }),
    );
    expect(await searchClients(firm.mpc.token, 'wendoly')).toEqual([erased.id]);
    const answer = await call('POST', `/api/clients/${erased.id}/erasure`, firm.mpc.token, {
      confirm_name: 'Gwendolyn Chatterjee',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    for (const term of ['wendoly', 'chatterjee', erased.email, '1112223', 'EMNPC8642R'])
      expect(await searchClients(firm.mpc.token, term), term).toEqual([]);
    // The pseudonym is what is found now.
    expect(await searchClients(firm.mpc.token, `erased-${erased.id}`)).toEqual([erased.id]);
    if (dialect === 'sqlite')
      for (const term of ['wendoly', 'chatterjee', '1112223', 'emnpc8642r'])
        expect(await indexedUsers(term), term).toEqual([]);
  });
});
