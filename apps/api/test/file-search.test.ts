import { FILE_SEARCH_MESSAGES, type FileSearchPage } from '@portal/contract/file-search';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { uploadFileThroughApi } from './support/client-files.js';
import { assignFirmStaff, clientFields, handServiceToFirm, useAdmin, useFirm } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { createUserThroughApi } from './support/people.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

/**
 * `GET /api/files/search` through the trigram index of migration 0069 (docs/decisions/0057-file-search.md):
 * what it finds, that the index follows every write, and that it never reaches past the folder pages.
 */
describe.each(listTestDialects())('file search by name on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  const admin = useAdmin('block', t);
  const firm = useFirm('block', t, { admin });
  const other = useFirm('block', t, { admin, sharing: firm });
  const call = bindApiCall(t);
  // A word no other test's file names hold.
  const WORD = `Qzvork${Date.now() % 100_000}`;
  const ids: Record<string, number> = {};

  const upload = async (
    owner: { token: string; clientId: number; serviceId: number },
    name: string,
    extra: Record<string, string | number> = {},
  ) => {
    const response = await uploadFileThroughApi(
      t,
      owner.token,
      { is_deleted: '0', client_id: owner.clientId, service_id: owner.serviceId, folder_id: '', ...extra },
      [{ field: 'file', name, content: SAMPLE_FILES.pdf }],
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.file_id as number;
  };
  const search = async (token: string, query: string) => {
    const response = await call('GET', `/api/files/search?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as FileSearchPage;
  };
  const found = async (token: string, term: string, extra = '') =>
    (await search(token, `q=${encodeURIComponent(term)}${extra}`)).files.map((file) => file.file_name).sort();
  /** SQLite's trigram table (`files_search`) keeps no row of the term any more; PostgreSQL has no such table. */
  const expectNoSearchRows = async (term: string) => {
    if (dialect !== 'sqlite') return;
    const left = await sql<{
      n: number;
    }>`select count(*) as n from files_search where files_search match ${`"${term.toLowerCase()}"`}`.execute(
      t.context.db,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
  };

  beforeAll(async () => {
    const [gst, itr] = firm.services as [number, number];
    const mpc = { token: firm.mpc.token, clientId: firm.client.id, serviceId: gst };
    await assignFirmStaff(t, firm, { pc: gst });
    ids.top = await upload(mpc, `Annual-${WORD}-Return.pdf`);
    const folder = await call('POST', '/api/folder/create', firm.mpc.token, {
      folder_name: 'Ledgers',
      client_id: firm.client.id,
      service_id: gst,
      visibility: 'firm',
    });
    ids.inFirmFolder = await upload(mpc, `ledger-${WORD}.pdf`, { folder_id: folder.json().data.folder_id });
    ids.firmOnly = await upload(mpc, `draft-${WORD}.pdf`, { visibility: 'firm' });
    ids.otherService = await upload({ ...mpc, serviceId: itr }, `itr-${WORD}.pdf`);
    ids.trashed = await upload(mpc, `old-${WORD}.pdf`);
    expect((await call('DELETE', `/api/file/remove/${ids.trashed}`, firm.mpc.token)).statusCode).toBe(200);
    await upload(
      { token: other.mpc.token, clientId: other.client.id, serviceId: other.services[0] as number },
      `theirs-${WORD}.pdf`,
    );
  });

  it('finds a file by a piece from the middle of its name, whatever the case, with where it is', async () => {
    const page = await search(firm.mpc.token, `q=${encodeURIComponent(`-${WORD.toUpperCase()}-ret`)}`);
    expect(page.files.map((file) => file.id)).toEqual([ids.top]);
    expect(page.files[0]).toMatchObject({
      file_name: `Annual-${WORD}-Return.pdf`,
      mime: 'application/pdf',
      client: { id: firm.client.id },
      service: { id: firm.services[0] },
      folder: null,
    });
    expect(page.next).toBeNull();
    const inFolder = (await search(firm.mpc.token, `q=ledger-${WORD}`)).files[0];
    expect(inFolder?.folder).toMatchObject({ name: 'Ledgers' });
  });

  it('never widens reach: other firms, unhandled services, firm-only files for a client, the trash', async () => {
    const all = [`Annual-${WORD}-Return.pdf`, `draft-${WORD}.pdf`, `itr-${WORD}.pdf`, `ledger-${WORD}.pdf`];
    expect(await found(firm.mpc.token, WORD)).toEqual(all);
    expect(await found(firm.mpc.token, WORD, `&client_id=${firm.client.id}`)).toEqual(all);
    expect(await found(firm.mpc.token, WORD, `&client_id=${firm.client.id}&service_id=${firm.services[1]}`)).toEqual([
      `itr-${WORD}.pdf`,
    ]);
    // The PC handles the first service only.
    expect(await found(firm.pc.token, WORD)).toEqual([
      `Annual-${WORD}-Return.pdf`,
      `draft-${WORD}.pdf`,
      `ledger-${WORD}.pdf`,
    ]);
    // The client: its shared files outside firm-only folders.
    expect(await found(firm.client.token, WORD)).toEqual([`Annual-${WORD}-Return.pdf`, `itr-${WORD}.pdf`]);
    expect(await found(other.mpc.token, WORD)).toEqual([`theirs-${WORD}.pdf`]);
    // Another firm's client (and a client the PC does not reach) reads as absent.
    const foreign = await call('GET', `/api/files/search?q=${WORD}&client_id=${firm.client.id}`, other.mpc.token);
    expect(foreign.statusCode).toBe(404);
    const unhandled = await call(
      'GET',
      `/api/files/search?q=${WORD}&client_id=${firm.client.id}&service_id=${firm.services[1]}`,
      firm.pc.token,
    );
    expect(unhandled.statusCode).toBe(404);
  });

  it('follows a rename and a removal at once', async () => {
    const [gst] = firm.services as [number];
    const id = await upload({ token: firm.mpc.token, clientId: firm.client.id, serviceId: gst }, `before-${WORD}x.pdf`);
    expect(await found(firm.mpc.token, `${WORD}x`)).toEqual([`before-${WORD}x.pdf`]);
    await t.context.db
      .updateTable('files')
      .set({ file_name: `after-${WORD}y.pdf` })
      .where('id', '=', id)
      .execute();
    expect(await found(firm.mpc.token, `${WORD}x`)).toEqual([]);
    expect(await found(firm.mpc.token, `${WORD}y`)).toEqual([`after-${WORD}y.pdf`]);
    await t.context.db.deleteFrom('files').where('id', '=', id).execute();
    expect(await found(firm.mpc.token, `${WORD}y`)).toEqual([]);
    await expectNoSearchRows(`${WORD}y`);
  });

  it("moves a client's files with the client when its firm changes (SQLite keys them by firm)", async () => {
    const [gst] = firm.services as [number];
    const mover = await createUserThroughApi(t, firm.mpc.token, clientFields(firm.services));
    await upload({ token: firm.mpc.token, clientId: mover.id, serviceId: gst }, `moved-${WORD}m.pdf`);
    expect(await found(firm.mpc.token, `${WORD}m`)).toEqual([`moved-${WORD}m.pdf`]);
    await t.context.db.updateTable('users').set({ firm_id: other.mpc.id }).where('id', '=', mover.id).execute();
    expect(await found(firm.mpc.token, `${WORD}m`)).toEqual([]);
    expect(await found(other.mpc.token, `${WORD}m`)).toEqual([`moved-${WORD}m.pdf`]);
  });

  it("drops a removed client's files from the index with the client's row (the cascade)", async () => {
    const [gst] = firm.services as [number];
    const leaving = await createUserThroughApi(t, firm.mpc.token, clientFields(firm.services));
    await upload({ token: firm.mpc.token, clientId: leaving.id, serviceId: gst }, `gone-${WORD}g.pdf`);
    expect(await found(firm.mpc.token, `${WORD}g`)).toEqual([`gone-${WORD}g.pdf`]);
    // The portal erases a client's data rather than its row; a removal by hand must still leave no name behind.
    await t.context.db.deleteFrom('users').where('id', '=', leaving.id).execute();
    expect(await t.context.db.selectFrom('files').select('id').where('client_id', '=', leaving.id).execute()).toEqual(
      [],
    );
    await expectNoSearchRows(`${WORD}g`);
  });

  it('pages newest first with the cursor, every match once', async () => {
    const [gst] = firm.services as [number];
    const owner = { token: firm.mpc.token, clientId: firm.client.id, serviceId: gst };
    const made: number[] = [];
    for (let index = 0; index < 5; index += 1) made.push(await upload(owner, `page-${WORD}-${index}.pdf`));
    const seen: number[] = [];
    let query = `q=page-${WORD}&limit=2`;
    for (let round = 0; round < 5; round += 1) {
      const page = await search(firm.mpc.token, query);
      expect(page.files.length).toBeLessThanOrEqual(2);
      seen.push(...page.files.map((file) => file.id));
      if (page.next === null) break;
      query = `q=page-${WORD}&limit=2&before=${page.next}`;
    }
    expect(seen).toEqual([...made].reverse());
  });

  // After the PC's checks: handing the service over puts the client in MPC mode, out of the PC's assigned reach.
  it("finds a service handed over by another firm beside the firm's own files, and nothing else of that client", async () => {
    const [gst, itr] = firm.services as [number, number];
    const owner = { token: firm.mpc.token, clientId: firm.client.id };
    await upload({ ...owner, serviceId: gst }, `handed-${WORD}z.pdf`);
    await upload({ ...owner, serviceId: itr }, `kept-${WORD}z.pdf`);
    await upload({ token: other.mpc.token, clientId: other.client.id, serviceId: gst }, `own-${WORD}z.pdf`);
    expect(await found(other.mpc.token, `${WORD}z`)).toEqual([`own-${WORD}z.pdf`]);
    await handServiceToFirm(t, firm, gst, other);
    // The receiving MPC's two parts (its firm's, the handed clients'), newest first in one page.
    const page = await search(other.mpc.token, `q=${WORD}z`);
    expect(page.files.map((file) => file.file_name)).toEqual([`own-${WORD}z.pdf`, `handed-${WORD}z.pdf`]);
    expect(await found(other.mpc.token, `${WORD}z`, `&client_id=${firm.client.id}`)).toEqual([`handed-${WORD}z.pdf`]);
    const kept = await call(
      'GET',
      `/api/files/search?q=${WORD}z&client_id=${firm.client.id}&service_id=${itr}`,
      other.mpc.token,
    );
    expect(kept.statusCode).toBe(404);
  });

  it("finds a PC's files by the client's row: the clients it created, and those it handles only in PC/Executor mode", async () => {
    const gst = firm.services[0] as number;
    const created = await createUserThroughApi(t, firm.pc.token, clientFields([gst]));
    await upload({ token: firm.pc.token, clientId: created.id, serviceId: gst }, `made-${WORD}y.pdf`);
    const handled = await createUserThroughApi(t, firm.mpc.token, clientFields([gst]));
    const assigned = await call('POST', '/api/service/assignPC', firm.mpc.token, {
      client_id: handled.id,
      service_id: gst,
      pc_id: firm.pc.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await upload({ token: firm.mpc.token, clientId: handled.id, serviceId: gst }, `handled-${WORD}y.pdf`);
    expect(await found(firm.pc.token, `${WORD}y`)).toEqual([`handled-${WORD}y.pdf`, `made-${WORD}y.pdf`]);
    expect(await found(firm.executor.token, `${WORD}y`)).toEqual([]);
    // The client back in MPC mode: the PC's assignment no longer reaches it; what the PC created still does.
    const mode = await call('PUT', '/api/service/updateAssignType', firm.mpc.token, {
      client_id: handled.id,
      assign_service_type: false,
    });
    expect(mode.statusCode, mode.body).toBe(200);
    expect(await found(firm.pc.token, `${WORD}y`)).toEqual([`made-${WORD}y.pdf`]);
  });

  it('names no file of a service taken off the client, as its folder page opens none (404)', async () => {
    const itr = firm.services[1] as number;
    const kept = await createUserThroughApi(t, firm.mpc.token, clientFields(firm.services));
    await upload({ token: firm.mpc.token, clientId: kept.id, serviceId: itr }, `dropped-${WORD}d.pdf`);
    expect(await found(firm.mpc.token, `${WORD}d`)).toEqual([`dropped-${WORD}d.pdf`]);
    // What an edit of the client's services that leaves ITR out writes.
    await t.context.db
      .deleteFrom('user_services')
      .where('user_id', '=', kept.id)
      .where('service_id', '=', itr)
      .execute();
    expect((await call('GET', `/api/serviceFiles/${kept.id}/${itr}`, firm.mpc.token)).statusCode).toBe(404);
    expect(await found(firm.mpc.token, `${WORD}d`)).toEqual([]);
    expect(await found(firm.mpc.token, `${WORD}d`, `&client_id=${kept.id}`)).toEqual([]);
  });

  it('finds a name with capitals beyond ASCII by its lower-case letters, one client or the firm', async () => {
    const [gst] = firm.services as [number];
    await upload({ token: firm.mpc.token, clientId: firm.client.id, serviceId: gst }, `ÉCOLE-${WORD}e.pdf`);
    expect(await found(firm.mpc.token, `école-${WORD}e`)).toEqual([`ÉCOLE-${WORD}e.pdf`]);
    expect(await found(firm.mpc.token, `école-${WORD}e`, `&client_id=${firm.client.id}`)).toEqual([
      `ÉCOLE-${WORD}e.pdf`,
    ]);
  });

  it('refuses a short term or a bad cursor in the error envelope', async () => {
    const short = await call('GET', '/api/files/search?q=ab', firm.mpc.token);
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ q: [FILE_SEARCH_MESSAGES.termTooShort] });
    // 2^31: past the integer id column, which PostgreSQL would refuse to compare (a 500 before).
    for (const bad of [
      'before=abc',
      'before=-1',
      'before=1.5',
      'before=2147483648',
      'limit=0',
      'limit=51',
      'client_id=x',
    ])
      expect((await call('GET', `/api/files/search?q=${WORD}&${bad}`, firm.mpc.token)).statusCode, bad).toBe(422);
    // The folder pages' cursor keeps the same limit.
    const folderCursor = `/api/serviceFiles/${firm.client.id}/${firm.services[0]}?before=2147483648`;
    expect((await call('GET', folderCursor, firm.mpc.token)).statusCode).toBe(422);
    const orphan = await call('GET', `/api/files/search?q=${WORD}&service_id=1`, firm.mpc.token);
    expect(orphan.json().errors).toEqual({ service_id: [FILE_SEARCH_MESSAGES.serviceWithoutClient] });
    // A term with LIKE's own characters matches them literally.
    expect(await found(firm.mpc.token, '%_%')).toEqual([]);
  });
});
