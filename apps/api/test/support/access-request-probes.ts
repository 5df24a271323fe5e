import type { Action } from '../../src/policy/access-table.js';
import type { TargetFacts } from '../../src/policy/authorize.js';
import type { AccessFixture, SeededRequest } from './access-fixture.js';
import { oracleAllows } from './access-oracle.js';
import { agree, eachPageThreeWay, eachTarget, letThrough, type Probe } from './access-verdicts.js';
import { buildMultipart, SAMPLE_FILES } from './multipart.js';

type RequestTarget = SeededRequest & { assigneeId: number | null; status: string };

/** The seeded requests as the table reads them now: their work item's client service and assignee. */
async function readRequests(f: AccessFixture): Promise<RequestTarget[]> {
  const rows = await f.t.context.db
    .selectFrom('document_requests')
    .innerJoin('work_items', 'work_items.id', 'document_requests.work_item_id')
    .select(['document_requests.id', 'document_requests.status', 'work_items.assignee_id'])
    .orderBy('document_requests.id')
    .execute();
  return f.requests.map((request) => {
    const row = rows.find((entry) => entry.id === request.id);
    return { ...request, assigneeId: row?.assignee_id ?? null, status: row?.status ?? 'missing' };
  });
}

const asRequest = (request: RequestTarget) => ({
  label: `request ${request.id} on work ${request.workId} of client ${request.service.client.id} service ${request.service.serviceId}, assignee ${request.assigneeId}`,
  facts: { ...request.service.facts, workAssigneeId: request.assigneeId } as TargetFacts,
});

/** Removes a request a probe made, with its documents and mail claims (the fixture stays as seeded). */
async function removeRequest(f: AccessFixture, requestId: number): Promise<void> {
  await f.t.context.db.deleteFrom('document_requests').where('id', '=', requestId).execute();
}

function uploadForm() {
  return buildMultipart({}, [
    { field: 'file', name: 'sales-register.pdf', content: SAMPLE_FILES.pdf, type: 'application/pdf' },
  ]);
}

/** The request probes (support/access-probes.ts): each leaves the seeded requests open and untouched. */
export const REQUEST_PROBES: Record<Extract<Action, `request.${string}` | 'firm.settings'>, Probe> = {
  // Each request's page, and the open list holding exactly the requests seen one by one, with what the
  // caller may do on each.
  'request.view': async (f, actor, table) => {
    const requests = await readRequests(f);
    const details = await eachPageThreeWay(
      f,
      actor,
      requests,
      asRequest,
      (request) => `/api/requests/${request.id}`,
      table,
    );
    const list = await f.call('GET', '/api/requests?limit=100', actor.token);
    const listed =
      list.statusCode === 200
        ? (list.json().data.data as { id: number; permissions: object }[])
            .map((row) => `${row.id} ${JSON.stringify(row.permissions)}`)
            .sort()
        : list.statusCode;
    const facts = f.actorOf(actor);
    const expected = table.mayEver
      ? requests
          .filter((request) => request.status === 'open' && table.allows(asRequest(request).facts))
          .map((request) => {
            const target = asRequest(request).facts;
            const manage = oracleAllows(facts, 'request.manage', target);
            // Sending a request link is managing it (the fixture's firms keep their links on).
            const permissions = { manage, upload: oracleAllows(facts, 'request.upload', target), send_link: manage };
            return `${request.id} ${JSON.stringify(permissions)}`;
          })
          .sort()
      : 403;
    return {
      observed: { details: details.observed, listed },
      expected: { details: details.expected, listed: expected },
    };
  },

  // A new request on each seeded request's work item, cancelled and removed again; a review of the seeded
  // one's document, which gets past the access decision to "nothing uploaded yet" (409) and changes nothing.
  // Whoever may not make one tries to cancel the seeded one instead.
  'request.manage': async (f, actor, table) =>
    eachTarget(
      await readRequests(f),
      asRequest,
      async (request) => {
        const reviewed = await f.call('PUT', `/api/requests/${request.id}/items/${request.itemIds[0]}`, actor.token, {
          status: 'accepted',
        });
        const review = reviewed.statusCode === 409 || letThrough(reviewed);
        // Ending the request's link (it has none to end, or one nobody holds) is managing it too.
        const revoked = letThrough(await f.call('POST', `/api/requests/${request.id}/link/revoke`, actor.token));
        const made = await f.call('POST', `/api/work/${request.workId}/requests`, actor.token, {
          items: ['Purchase invoices'],
          due_date: '2026-04-30',
        });
        if (letThrough(made)) {
          const id = made.json().data.id as number;
          const cancelled = letThrough(await f.call('POST', `/api/requests/${id}/cancel`, actor.token));
          await removeRequest(f, id);
          return agree([review, revoked, true, cancelled]);
        }
        return agree([
          review,
          revoked,
          false,
          letThrough(await f.call('POST', `/api/requests/${request.id}/cancel`, actor.token)),
        ]);
      },
      table,
    ),

  // A file for the seeded request's first document; one let through is deleted again by its uploader
  // and the document set back to waiting.
  'request.upload': async (f, actor, table) =>
    eachTarget(
      await readRequests(f),
      asRequest,
      async (request) => {
        const itemId = request.itemIds[0] as number;
        const uploaded = await f.t.request({
          method: 'POST',
          url: `/api/requests/${request.id}/items/${itemId}/upload`,
          token: actor.token,
          ...uploadForm(),
        });
        if (!letThrough(uploaded)) return false;
        const [file] = uploaded.json().data.items[0].files as { file_id: number }[];
        await f.must('DELETE', `/api/file/remove/${file?.file_id}`, actor.token);
        await f.t.context.db
          .updateTable('document_request_items')
          .set({ status: 'pending' })
          .where('id', '=', itemId)
          .execute();
        return true;
      },
      table,
    ),

  // A firm's own settings have no target but the caller's firm: read and saved again unchanged.
  'firm.settings': async (f, actor, table) => {
    const read = await f.call('GET', '/api/firm/settings', actor.token);
    const saved = await f.call('PUT', '/api/firm/settings', actor.token, { request_reminder_days: 3 });
    return {
      observed: agree([letThrough(read), letThrough(saved)]),
      expected: table.allows(f.facts.get(actor.id) as TargetFacts),
    };
  },
};
