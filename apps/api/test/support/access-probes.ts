import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import { CLIENT_IMPORT_COLUMNS } from '@portal/contract/user-csv';
import { LINKS_PER_ACCOUNT_RULE } from '../../src/modules/throttles/password-throttles.js';
import { clearAttempts } from '../../src/modules/throttles/throttle.service.js';
import type { Action } from '../../src/policy/access-table.js';
import type { TargetFacts } from '../../src/policy/authorize.js';
import { BILLING_PROBES } from './access-billing-probes.js';
import { BREACH_PROBES } from './access-breach-probes.js';
import { CHECKLIST_PROBES } from './access-checklist-probes.js';
import { DSC_PROBES } from './access-dsc-probes.js';
import { FILE_VERSION_PROBES } from './access-file-version-probes.js';
import { type AccessFixture, type Item, linkFields, memberFields, type Person } from './access-fixture.js';
import { NOTIFICATION_PROBES } from './access-notification-probes.js';
import type { ThreeWay } from './access-oracle.js';
import { PRIVACY_PROBES } from './access-privacy-probes.js';
import { RECURRING_PROBES } from './access-recurring-probes.js';
import { REQUEST_PROBES } from './access-request-probes.js';
import { RETENTION_PROBES } from './access-retention-probes.js';
import { RIGHTS_PROBES } from './access-rights-probes.js';
import { TRASH_PROBES } from './access-trash-probes.js';
import {
  agree,
  agreeThreeWay,
  asItem,
  asService,
  asUser,
  eachPageThreeWay,
  eachTarget,
  eachTargetThreeWay,
  letThrough,
  type Probe,
  type TableView,
  verdictOf,
} from './access-verdicts.js';
import { WORK_PROBES } from './access-work-probes.js';
import { postCsv, readCsvAnswer } from './csv.js';
import { postUserForm } from './people.js';

const LISTED_ROLES: RoleName[] = ['mpc', 'pc', 'executor', 'client'];

/** Every person of the fixture (or of `targets`) as a target of `attempt`, judged by the table's user rows. */
const eachUser = (
  f: AccessFixture,
  attempt: (target: Person) => Promise<boolean | string>,
  table: TableView,
  targets = f.people,
) => eachTarget(targets, asUser(f), attempt, table);

const clientsOf = (f: AccessFixture) => f.people.filter((target) => target.role === 'client');

const STATUS_URL = '/api/user/updateStatus';
const setStatus = (f: AccessFixture, actor: Person, target: Person, status: 'active' | 'deactivated') =>
  f.call('PUT', STATUS_URL, actor.token, { user_id: target.id, status });

/**
 * Every event of the log with the user it is about, as the table's relations read that user; an event
 * that names no account (a failed sign-in) stands as the platform's own.
 */
async function readEventsAbout(f: AccessFixture) {
  const rows = await f.t.context.db
    .selectFrom('audit_log')
    .leftJoin('files', (join) =>
      join.on('audit_log.entity_type', '=', 'file').onRef('files.id', '=', 'audit_log.entity_id'),
    )
    .leftJoin('folders', (join) =>
      join.on('audit_log.entity_type', '=', 'folder').onRef('folders.id', '=', 'audit_log.entity_id'),
    )
    .select([
      'audit_log.id',
      'audit_log.subject_id',
      'audit_log.client_id',
      'audit_log.action',
      'audit_log.entity_type',
      'audit_log.entity_id',
      'files.service_id as file_service_id',
      'folders.service_id as folder_service_id',
    ])
    .orderBy('audit_log.id')
    .execute();
  const platformOwn: TargetFacts = { id: 0, roleId: ROLE_ID.admin, firmId: null, createdBy: null };
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    about: row.subject_id === null ? platformOwn : (f.facts.get(row.subject_id) as TargetFacts),
    account: row.action.startsWith('auth.'),
    /** The client service a file, folder or file-list event lies in; undefined when it lies in none. */
    serviceId:
      row.entity_type === 'file' || row.entity_type === 'folder' || row.entity_type === 'service'
        ? (row.file_service_id ?? row.folder_service_id ?? (row.entity_type === 'service' ? row.entity_id : null))
        : undefined,
  }));
}

/** Every page of an activity list (ids in order, and the addresses shown), or the status it was refused with. */
async function readActivity(f: AccessFixture, actor: Person, query: string) {
  const ids: number[] = [];
  const addresses: (string | null)[] = [];
  let before = '';
  for (;;) {
    const page = await f.call('GET', `/api/audit?limit=100${query}${before}`, actor.token);
    if (page.statusCode !== 200) return { status: page.statusCode, ids: [], addresses: [] };
    const { data, next } = page.json().data;
    ids.push(...data.map((event: { id: number }) => event.id));
    addresses.push(...data.map((event: { ip: string | null }) => event.ip));
    if (!next) return { status: 200, ids: ids.sort((a, b) => a - b), addresses };
    before = `&before=${encodeURIComponent(next)}`;
  }
}

/** A client's page of the log as `actor` reads it; null where it is refused (403) or out of sight (404). */
async function readClientActivity(f: AccessFixture, actor: Person, client: Person) {
  const listed = await readActivity(f, actor, `&client_id=${client.id}`);
  return listed.status === 403 || listed.status === 404 ? null : listed;
}

type ClientActivity = NonNullable<Awaited<ReturnType<typeof readClientActivity>>>;
type LoggedEvent = Awaited<ReturnType<typeof readEventsAbout>>[number];

/** Every client's page of the log as `actor` reads it, judged by `judge` against the log; a refused page is a no. */
async function eachClientActivity(
  f: AccessFixture,
  actor: Person,
  table: TableView,
  judge: (client: Person, listed: ClientActivity, events: LoggedEvent[]) => boolean | string,
) {
  const events = await readEventsAbout(f);
  return eachUser(
    f,
    async (client) => {
      const listed = await readClientActivity(f, actor, client);
      return listed ? judge(client, listed, events) : false;
    },
    table,
    clientsOf(f),
  );
}

/** Deletes a seeded file or folder, putting a new one in its place when the endpoint let it through. */
function deleteItem(kind: Item['kind']): Probe {
  return (f, actor, table) =>
    eachTargetThreeWay(
      f.items.filter((item) => item.kind === kind),
      asItem,
      async (item) => {
        const removed = verdictOf(await f.call('DELETE', `/api/${kind}/remove/${item.id}`, actor.token));
        if (removed === 'allowed') await f.reseed(item);
        return removed;
      },
      table,
    );
}

/**
 * One probe per action of the table: it tries the action through the endpoints that do it, for every
 * target the fixture holds, and leaves the fixture as it found it. A row added to the table is tested by
 * these unchanged; a new action needs its probe here (the type and a test require one).
 */
export const PROBES: Record<Action, Probe> = {
  'user.view': async (f, actor, table) => {
    const detail = await eachPageThreeWay(
      f,
      actor,
      f.people,
      asUser(f),
      (target) => `/api/user/detail/${target.id}`,
      table,
    );
    // The lists and dropdowns read the same scope in SQL: each holds exactly the users seen one by one.
    const observed: Record<string, number[]> = {};
    const expected: Record<string, number[]> = {};
    for (const role of LISTED_ROLES) {
      const page = await f.call('GET', `/api/user/userListByRole/${ROLE_ID[role]}?limit=100`, actor.token);
      const options = await f.call('GET', `/api/user/list/${ROLE_ID[role]}`, actor.token);
      const idsOf = (rows: { id: number }[]) =>
        rows
          .map((row) => row.id)
          .filter((id) => id !== actor.id)
          .sort();
      // The CSV export of the list (issue 13): the same scope, read by keyset instead of pages.
      const csv = await f.call('GET', `/api/user/export/${ROLE_ID[role]}`, actor.token);
      observed[`${role} list`] = page.statusCode === 200 ? idsOf(page.json().data.data) : [];
      observed[`${role} options`] = options.statusCode === 200 ? idsOf(options.json().data) : [];
      observed[`${role} export`] =
        csv.statusCode === 200 ? idsOf(readCsvAnswer(csv.body).rows.map((row) => ({ id: Number(row.id) }))) : [];
      const seen = f.people
        .filter((target) => target.role === role && target.id !== actor.id && table.allows(asUser(f)(target).facts))
        .map((target) => target.id)
        .sort();
      expected[`${role} list`] = seen;
      expected[`${role} options`] = seen;
      expected[`${role} export`] = seen;
    }
    return { observed: { detail: detail.observed, ...observed }, expected: { detail: detail.expected, ...expected } };
  },

  'user.count': async (f, actor, table) => {
    const cards = (await f.call('GET', '/api/user/userByRole', actor.token)).json().data as {
      role_id: number;
      user_count: number;
    }[];
    const observed = Object.fromEntries(
      cards.filter((card) => card.user_count > 0).map((card) => [card.role_id, card.user_count]),
    );
    const expected: Record<number, number> = {};
    for (const target of f.people.filter((person) => table.allows(asUser(f)(person).facts))) {
      const roleId = ROLE_ID[target.role];
      expected[roleId] = (expected[roleId] ?? 0) + 1;
    }
    return { observed, expected };
  },

  'user.create': async (f, actor, table) => {
    const own = f.facts.get(actor.id) as TargetFacts;
    return eachTarget(
      ['admin', 'mpc', 'pc', 'executor', 'client'] as RoleName[],
      // The user as it would be created: of the actor's firm (an MPC's is itself), created by the actor.
      (role) => ({
        label: role,
        facts: {
          id: 0,
          roleId: ROLE_ID[role],
          firmId: role === 'mpc' ? null : actor.role === 'mpc' ? actor.id : own.firmId,
          createdBy: actor.id,
        },
      }),
      async (role) => {
        // An empty form: past the access decision it stops at validation, so the fixture stays as seeded.
        const response = await postUserForm(f.t, actor.token, '/api/user/create', { role_id: ROLE_ID[role] });
        const created = response.statusCode === 422 && !response.json().errors.role_id ? true : letThrough(response);
        if (role !== 'client') return created;
        // Clients from CSV (issue 13): a file without rows also stops just past the access decision.
        const header = `${CLIENT_IMPORT_COLUMNS.join(',')}\r\n`;
        const imports = await Promise.all(
          ['/api/user/import/check', '/api/user/import'].map((url) => postCsv(f.t, actor.token, url, header)),
        );
        return agree([created, ...imports.map((answer) => answer.statusCode === 422 || letThrough(answer))]);
      },
      table,
    );
  },

  'user.edit': (f, actor, table) =>
    eachTargetThreeWay(
      f.people,
      asUser(f),
      async (target) => {
        // The target's own four base fields saved again: a real edit that changes nothing.
        const fields = { user_id: target.id, ...f.baseFieldsOf.get(target.id) };
        return verdictOf(await postUserForm(f.t, actor.token, '/api/user/edit', fields));
      },
      table,
    ),

  'user.disable': (f, actor, table) =>
    eachUser(
      f,
      async (target) => {
        const disabled = letThrough(await setStatus(f, actor, target, 'deactivated'));
        if (!disabled) return false;
        // Enabled again at once; disabling ended the target's sessions, so it signs in again.
        await f.must('PUT', STATUS_URL, actor.token, { user_id: target.id, status: 'active' });
        target.token = await f.t.signIn(target);
        return true;
      },
      table,
    ),

  // Enabling a user that is active changes nothing, but is decided like any enabling.
  'user.enable': (f, actor, table) =>
    eachUser(f, async (target) => letThrough(await setStatus(f, actor, target, 'active')), table),

  'user.send_reset': (f, actor, table) =>
    eachUser(
      f,
      async (target) => {
        const sent = letThrough(await f.call('POST', `/api/user/${target.id}/send-reset`, actor.token));
        // Three links an hour reach one account: the count is reset so the next actor is judged by the table alone.
        if (sent) await clearAttempts(f.t.context.db, LINKS_PER_ACCOUNT_RULE, `user:${target.id}`);
        return sent;
      },
      table,
    ),

  'user.reset_2fa': (f, actor, table) =>
    eachUser(
      f,
      async (target) => {
        // Nobody here has a second factor: one allowed gets as far as "not on" (409), changing nothing.
        const response = await f.call('POST', `/api/user/${target.id}/reset-2fa`, actor.token);
        return response.statusCode === 409 || letThrough(response);
      },
      table,
    ),

  'family.manage': (f, actor, table) =>
    eachUser(
      f,
      async (target) => {
        const serviceId = f.services.find((service) => service.client.id === target.id)?.serviceId ?? f.catalogue.id;
        const added = await f.call('POST', '/api/member/create', actor.token, memberFields(target.id, serviceId));
        if (letThrough(added)) {
          const removed = await f.call(
            'DELETE',
            `/api/member/remove/${added.json().data.family_member_id}`,
            actor.token,
          );
          return agree([true, letThrough(removed)]);
        }
        const seeded = f.memberOf.get(target.id);
        if (seeded === undefined) return false;
        return agree([false, letThrough(await f.call('DELETE', `/api/member/remove/${seeded}`, actor.token))]);
      },
      table,
    ),

  'service.assign': (f, actor, table) =>
    eachUser(
      f,
      async (target) => {
        // Who handles what, read and saved again unchanged.
        const facts = f.facts.get(target.id) as TargetFacts;
        const first = f.services.find((service) => service.client.id === target.id);
        const listed = await f.call('GET', `/api/service/assignService/${target.id}`, actor.token);
        const type = await f.call('PUT', '/api/service/updateAssignType', actor.token, {
          client_id: target.id,
          assign_service_type: facts.assignsToStaff === true,
        });
        const pc = await f.call('POST', '/api/service/assignPC', actor.token, {
          client_id: target.id,
          service_id: first?.serviceId ?? f.catalogue.id,
          pc_id: first?.handlers.pcIds[0] ?? null,
        });
        return agree([letThrough(listed), letThrough(type), letThrough(pc)]);
      },
      table,
    ),

  'file.read': (f, actor, table) =>
    eachTargetThreeWay(
      f.services,
      asService,
      async (service) => {
        const base = `${service.client.id}/${service.serviceId}`;
        const own = (kind: Item['kind']) =>
          f.items.find(
            (item) => item.service === service && item.kind === kind && item.owner === service.client,
          ) as Item;
        const calls = [
          `/api/serviceFiles/${base}`,
          `/api/folders/${base}`,
          `/api/fileFolder/${base}/${own('folder').id}`,
          `/api/file/download/${own('file').id}`,
        ];
        const results: ThreeWay[] = [];
        for (const url of calls) results.push(verdictOf(await f.call('GET', url, actor.token)));
        return agreeThreeWay(results);
      },
      table,
    ),

  'file.upload': (f, actor, table) =>
    eachTargetThreeWay(
      f.services,
      asService,
      async (service) => {
        // A folder and a file put there, then taken away again by whoever put them.
        const folder = await f.call('POST', '/api/folder/create', actor.token, {
          folder_name: linkFields().label,
          client_id: service.client.id,
          service_id: service.serviceId,
        });
        if (letThrough(folder))
          await f.must('DELETE', `/api/folder/remove/${folder.json().data.folder_id}`, actor.token);
        const file = await f.upload(actor, service, false);
        if (letThrough(file)) await f.must('DELETE', `/api/file/remove/${file.json().data.file_id}`, actor.token);
        return agreeThreeWay([verdictOf(folder), verdictOf(file)]);
      },
      table,
    ),

  'file.delete': deleteItem('file'),
  'folder.delete': deleteItem('folder'),

  // A firm-only file and folder opened by id: whoever may not see them finds nothing there (404).
  'file.firm_only': (f, actor, table) =>
    eachTargetThreeWay(
      f.firmOnly,
      asItem,
      async (item) => {
        const base = `${item.service.client.id}/${item.service.serviceId}`;
        const url = item.kind === 'file' ? `/api/file/download/${item.id}` : `/api/fileFolder/${base}/${item.id}`;
        return verdictOf(await f.call('GET', url, actor.token));
      },
      table,
    ),

  // Sharing every seeded item again (it already is): a change that changes nothing, refused or let through.
  'file.visibility': (f, actor, table) =>
    eachTargetThreeWay(
      f.items,
      asItem,
      async (item) =>
        verdictOf(
          await f.call('PUT', `/api/${item.kind}/visibility/${item.id}`, actor.token, { visibility: 'shared' }),
        ),
      table,
    ),

  'link.manage': (f, actor, table) =>
    eachTarget(
      f.people.filter((target) => target.id === actor.id || f.linkOf.has(target.id)),
      asUser(f),
      async (target) => {
        if (target.id !== actor.id) {
          // Someone else's link: never listed, never removed.
          return letThrough(await f.call('DELETE', `/api/userLink/remove/${f.linkOf.get(target.id)}`, actor.token));
        }
        const listed = letThrough(await f.call('GET', '/api/userLink/list', actor.token));
        const added = await f.call('POST', '/api/userLink/create', actor.token, linkFields());
        if (!letThrough(added)) return agree([listed, false]);
        const removed = await f.call('DELETE', `/api/userLink/remove/${added.json().data.user_link_id}`, actor.token);
        return agree([listed, true, letThrough(removed)]);
      },
      table,
    ),

  // Every page of the actor's Activity, against every event of the log judged by the user it is about.
  'audit.read': async (f, actor, table) => {
    const events = await readEventsAbout(f);
    const { status, ids } = await readActivity(f, actor, '');
    const listed = { status, ids };
    const expected = events.filter((event) => table.allows(event.about)).map((event) => event.id);
    return {
      observed: listed,
      expected: table.mayEver ? { status: 200, ids: expected } : { status: 403, ids: [] },
    };
  },

  // A client's page: that client's events, to whoever may read them; its file and folder events only of
  // the services whose files the reader opens, its sign-ins only to whoever may see them.
  'audit.client': (f, actor, table) =>
    eachClientActivity(f, actor, table, (client, listed, events) => {
      if (listed.status !== 200) throw new Error(`unexpected ${listed.status} for client ${client.id}`);
      const clientFacts = f.facts.get(client.id) as TargetFacts;
      const opens = (serviceId: number | null) => {
        const service = f.services.find((entry) => entry.client.id === client.id && entry.serviceId === serviceId);
        // A removed file's service is unknown: only a reader of every service of the client sees it.
        return table.allowsAlso('file.read', service ? service.facts : { ...clientFacts, handlers: undefined });
      };
      const shown = events
        .filter((event) => event.clientId === client.id)
        .filter((event) => !event.account || table.allowsAlso('audit.client_account', clientFacts))
        .filter((event) => event.serviceId === undefined || opens(event.serviceId))
        .map((event) => event.id);
      return JSON.stringify(listed.ids) === JSON.stringify(shown) || `other events: ${listed.ids}`;
    }),

  // A client's sign-ins and the addresses of its events, on its page.
  'audit.client_account': (f, actor, table) =>
    eachClientActivity(f, actor, table, (client, listed, events) => {
      const signIns = events.filter((event) => event.clientId === client.id && event.account);
      if (signIns.length === 0) throw new Error(`the fixture holds no sign-in of client ${client.id}`);
      const listsSignIns = listed.ids.some((id) => signIns.some((signIn) => signIn.id === id));
      const showsAddresses = listed.addresses.some((ip) => ip !== null);
      return listsSignIns === showsAddresses ? listsSignIns : `sign-ins ${listsSignIns}, addresses ${showsAddresses}`;
    }),

  // The queue of firms waiting for approval: whoever holds a row may read it (deciding is the API test's,
  // firm-approvals.test.ts: the fixture's firms are all approved).
  'firm.approve': async (f, actor, table) => {
    const listed = await f.call('GET', '/api/firm-approvals', actor.token);
    return { observed: letThrough(listed), expected: table.mayEver };
  },

  // The catalogue has no target: a service saved again unchanged, by whoever holds a row at all.
  'service.write': async (f, actor, table) => {
    const saved = await f.call('POST', '/api/service/create', actor.token, {
      service_id: f.catalogue.id,
      service_name: f.catalogue.name,
    });
    return { observed: letThrough(saved), expected: table.mayEver };
  },

  ...WORK_PROBES,
  ...NOTIFICATION_PROBES,
  ...REQUEST_PROBES,
  ...CHECKLIST_PROBES,
  ...RECURRING_PROBES,
  ...DSC_PROBES,
  ...FILE_VERSION_PROBES,
  ...TRASH_PROBES,
  ...BILLING_PROBES,
  ...BREACH_PROBES,
  ...RIGHTS_PROBES,
  ...PRIVACY_PROBES,
  ...RETENTION_PROBES,
};
