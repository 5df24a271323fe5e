import type { DocumentRequest } from '@portal/contract/requests';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestFirm } from './support/firm.js';
import { mustAskForDocuments, reviewItem, uploadForRequest } from './support/requests.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { buildFirmWithPcWork } from './support/work.js';

describe.each(listTestDialects())('document requests on the bell and in the mail on %s', (dialect) => {
  const t = useTestApp('block', dialect);
  let firm: TestFirm;
  let work: { id: number; title: string }[];

  const bellOf = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/notifications', token })).json().data as {
      unread: number;
      data: { kind: string; text: string; work_item_id: number; request_id: number }[];
    };
  const requestMailsTo = async (email: string) =>
    (await t.context.db.selectFrom('mail_outbox').select('subject').where('recipient', '=', email).execute()).filter(
      (mail) => mail.subject.includes('documents needed'),
    );

  beforeAll(async () => {
    ({ firm, work } = await buildFirmWithPcWork(t));
  });

  it('tells the client of a request, the staff of an upload, and the client of a document turned back', async () => {
    const [first] = work as [{ id: number; title: string }];
    const request: DocumentRequest = await mustAskForDocuments(t, firm.mpc.token, first.id, {
      items: ['Sales register', 'Bank statement'],
      due_date: '2026-04-10',
    });
    const asked = await bellOf(firm.client.token);
    expect(asked.data[0]).toMatchObject({ kind: 'request_made', work_item_id: first.id, request_id: request.id });
    expect(asked.data[0]?.text).toContain('Sales register, Bank statement');
    expect(await requestMailsTo(firm.client.email)).toHaveLength(1);

    const [sales] = request.items as unknown as [{ id: number }];
    expect((await uploadForRequest(t, firm.client.token, request.id, sales.id)).statusCode).toBe(201);
    // The MPC asked (and the PC handles the service, but is not the item's assignee): the MPC hears.
    const mpcBell = await bellOf(firm.mpc.token);
    expect(mpcBell.data[0]).toMatchObject({ kind: 'request_upload', request_id: request.id });
    expect(mpcBell.data[0]?.text).toContain('uploaded Sales register');
    // Nobody is told of their own doing.
    expect((await bellOf(firm.client.token)).data.filter((notice) => notice.kind === 'request_upload')).toEqual([]);

    const rejected = await reviewItem(t, firm.mpc.token, request.id, sales.id, {
      status: 'rejected',
      reason: 'The April pages are missing.',
    });
    expect(rejected.statusCode).toBe(200);
    // The work item's page leads to the folder of its period, where the upload landed, for staff and client.
    const folder = await t.context.db
      .selectFrom('files')
      .innerJoin('folders', 'folders.id', 'files.folder_id')
      .select(['folders.id', 'folders.folder_name'])
      .where('files.client_id', '=', firm.client.id)
      .orderBy('files.id', 'desc')
      .executeTakeFirstOrThrow();
    for (const token of [firm.mpc.token, firm.client.token]) {
      const page = (await t.request({ method: 'GET', url: `/api/work/${first.id}`, token })).json().data;
      expect(page.period_folder_id).toBe(folder.id);
      expect(page.period_label).toBe(folder.folder_name);
    }
    const turnedBack = await bellOf(firm.client.token);
    expect(turnedBack.data[0]).toMatchObject({ kind: 'request_rejected', request_id: request.id });
    expect(turnedBack.data[0]?.text).toContain('Sales register: The April pages are missing.');
  });

  it('writes no request mail to a client who turned it off, while the bell still tells it', async () => {
    const turnedOff = await t.request({
      method: 'PUT',
      url: '/api/me/mail-preferences',
      token: firm.client.token,
      payload: { request_made: false },
    });
    expect(turnedOff.statusCode).toBe(200);
    const before = (await requestMailsTo(firm.client.email)).length;
    const second = work[1] as { id: number };
    const request = await mustAskForDocuments(t, firm.mpc.token, second.id);
    // Nothing uploaded for this period yet: no folder to lead to.
    const page = (await t.request({ method: 'GET', url: `/api/work/${second.id}`, token: firm.mpc.token })).json();
    expect(page.data.period_folder_id).toBeNull();
    expect(await requestMailsTo(firm.client.email)).toHaveLength(before);
    expect((await bellOf(firm.client.token)).data[0]).toMatchObject({ kind: 'request_made', request_id: request.id });
    // The mail's number is used all the same: turning mail on again does not send an old request.
    const claimed = await t.context.db
      .selectFrom('document_request_mails')
      .select('number')
      .where('request_id', '=', request.id)
      .execute();
    expect(claimed).toEqual([{ number: 0 }]);
  });
});
