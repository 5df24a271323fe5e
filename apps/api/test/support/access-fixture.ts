import type { RoleName } from '@portal/contract/roles';
import type { Actor } from '../../src/auth/actor.js';
import type { DialectName } from '../../src/db/database.js';
import type { TargetFacts } from '../../src/policy/authorize.js';
import { bindApiCall } from './api-call.js';
import { buildFirm, clientFields, type Member, type TestFirm } from './firm.js';
import { useFixture } from './fixture-hooks.js';
import { buildMultipart, SAMPLE_FILES } from './multipart.js';
import { createUserThroughApi } from './people.js';
import { createTestApp, type TestApp } from './test-app.js';
import { findFirstWorkItem, tieRule } from './work.js';

export type Person = Member & { role: RoleName };
export type Handlers = NonNullable<TargetFacts['handlers']>;
/** One service of one client, with who handles it. */
export type ClientService = { client: Person; serviceId: number; handlers: Handlers; facts: TargetFacts };
/** A file or folder seeded in a client service, by `owner`. */
export type Item = {
  kind: 'file' | 'folder';
  id: number;
  owner: Person;
  clientMayDelete: boolean;
  service: ClientService;
};

/** A document request seeded on the first work item of a client service, by the client's firm MPC. */
export type SeededRequest = { id: number; workId: number; service: ClientService; itemIds: number[] };

/**
 * Two firms seeded once through the API, and what the access table's relations read about each of their
 * people, client services and items, straight from the database.
 */
export type AccessFixture = {
  t: TestApp;
  firmA: TestFirm;
  firmB: TestFirm;
  /** The admin, both firms' MPC, PC, executor and client, and firm A's clients of other relations. */
  people: Person[];
  facts: Map<number, TargetFacts>;
  services: ClientService[];
  items: Item[];
  /** In every client service, a file and a folder its firm's MPC marked firm-only (the client never sees them). */
  firmOnly: Item[];
  /** One open document request per client service. */
  requests: SeededRequest[];
  /** Each client's family member, added by the client itself. */
  memberOf: Map<number, number>;
  /** Each staff member's own user link. */
  linkOf: Map<number, number>;
  /** Each person's four base fields, as its own form holds them (an edit that changes nothing). */
  baseFieldsOf: Map<number, Record<string, string>>;
  /** A service of the catalogue, with its name (saved again unchanged). */
  catalogue: { id: number; name: string };
  /** The PCs and executors their MPC lets bill. */
  billingGranted: Set<number>;
  /** The PCs their MPC lets handle data requests. */
  rightsGranted: Set<number>;
  actorOf(person: Person): Actor;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ): ReturnType<TestApp['request']>;
  /** A fixture step that must succeed: a silently failed step would make the loops test less. */
  must(method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object): Promise<{ id?: number }>;
  /** Puts a new file or folder like `item` where it was (after a probe deleted it). */
  reseed(item: Item): Promise<void>;
  upload(person: Person, service: ClientService, clientMayDelete: boolean): ReturnType<TestApp['request']>;
};

let itemCounter = 0;

/** The fixture on a new app, seeded by the block's `beforeAll` and closed after its tests (useFixture). */
export function useAccessFixture(dialect: DialectName): AccessFixture {
  return useFixture(
    'block',
    async () => seedAccessFixture(await createTestApp(dialect)),
    (f) => f.t.close(),
  );
}

export async function seedAccessFixture(t: TestApp): Promise<AccessFixture> {
  const call: AccessFixture['call'] = bindApiCall(t);
  const must: AccessFixture['must'] = async (method, url, token, payload) => {
    const response = await call(method, url, token, payload);
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    const data = response.json().data;
    return { id: data?.id ?? data?.folder_id ?? data?.file_id ?? data?.family_member_id ?? data?.user_link_id };
  };

  const adminUser = await t.createUser('admin');
  const adminToken = await t.signIn(adminUser);
  const firmA = await buildFirm(t, adminToken);
  const firmB = await buildFirm(t, adminToken, firmA.services);
  const [gst, itr] = firmA.services as [number, number];
  // Firm A: a client its PC created, one its executor created; the MPC's client has GST assigned to
  // the PC and the executor; the PC's client hands ITR to firm B's MPC (MPC mode); and one of the MPC's
  // clients whose PC keeps its assignment after the client went to MPC mode.
  const byPc = await createUserThroughApi(t, firmA.pc.token, clientFields([gst, itr]));
  const byExecutor = await createUserThroughApi(t, firmA.executor.token, clientFields([gst]));
  const switched = await createUserThroughApi(t, firmA.mpc.token, clientFields([itr]));
  const mpcA = firmA.mpc.token;
  await must('POST', '/api/service/assignPC', mpcA, { client_id: switched.id, service_id: itr, pc_id: firmA.pc.id });
  await must('PUT', '/api/service/updateAssignType', mpcA, { client_id: switched.id, assign_service_type: false });
  await must('POST', '/api/service/assignPC', mpcA, {
    client_id: firmA.client.id,
    service_id: gst,
    pc_id: firmA.pc.id,
  });
  await must('POST', '/api/service/assignExecutor', mpcA, {
    client_id: firmA.client.id,
    service_id: gst,
    executor_id: firmA.executor.id,
  });
  await must('PUT', '/api/service/updateAssignType', mpcA, { client_id: byPc.id, assign_service_type: false });
  await must('POST', '/api/service/assignMPC', mpcA, {
    client_id: byPc.id,
    service_id: itr,
    mpc_username: firmB.mpc.username,
  });

  // Work: GSTR-3B on GST and advance tax on ITR, planned for every client service; one item of the PC's
  // client (in MPC mode, so out of the executor's reach otherwise) is assigned to firm A's executor.
  await tieRule(t, adminToken, 'GSTR3B_MONTHLY', gst);
  await tieRule(t, adminToken, 'ADVANCE_TAX', itr);
  const handedOver = await findFirstWorkItem(t, byPc.id, gst);
  await must('PUT', `/api/work/${handedOver.id}`, mpcA, { assignee_id: firmA.executor.id });
  // Maker-checker: the executor named to review an item of the client handed to firm B (out of its reach).
  const toReview = await findFirstWorkItem(t, byPc.id, itr);
  await must('PUT', `/api/work/${toReview.id}`, mpcA, { reviewer_id: firmA.executor.id });
  // Firm B's MPC hands work of the service handed to it on to its own people (docs/decisions/0047): that
  // item (whose document request the seed asks below) to its PC, a one-off item it adds to its executor.
  await must('PUT', `/api/work/${toReview.id}`, firmB.mpc.token, { assignee_id: firmB.pc.id });
  await must('POST', '/api/work', firmB.mpc.token, {
    client_id: byPc.id,
    service_id: itr,
    title: 'Reply to notice',
    due_date: '2026-05-15',
    assignee_id: firmB.executor.id,
  });

  // Billing: firm A's MPC lets its executor bill (the per-person permission); its PC may not.
  await must('PUT', `/api/users/${firmA.executor.id}/billing-permission`, mpcA, { granted: true });
  const billingGranted = new Set([firmA.executor.id]);
  // Data requests: firm A's MPC lets its PC handle them; firm B's PC may not.
  await must('PUT', `/api/users/${firmA.pc.id}/rights-permission`, mpcA, { granted: true });
  const rightsGranted = new Set([firmA.pc.id]);

  const withToken = async (user: Awaited<ReturnType<typeof createUserThroughApi>>) => ({
    ...user,
    token: await t.signIn(user),
  });
  const people: Person[] = [
    { ...adminUser, token: adminToken, role: 'admin' },
    ...[firmA, firmB].flatMap((firm) => [
      { ...firm.mpc, role: 'mpc' as const },
      { ...firm.pc, role: 'pc' as const },
      { ...firm.executor, role: 'executor' as const },
      { ...firm.client, role: 'client' as const },
    ]),
    { ...(await withToken(byPc)), role: 'client' },
    { ...(await withToken(byExecutor)), role: 'client' },
    { ...(await withToken(switched)), role: 'client' },
  ];

  const rows = await t.context.db
    .selectFrom('users')
    .select(['id', 'role_id', 'firm_id', 'created_by', 'assign_service_type'])
    .execute();
  const assignments = await t.context.db
    .selectFrom('user_services')
    .leftJoin('service_assignments', (join) =>
      join
        .onRef('service_assignments.client_id', '=', 'user_services.user_id')
        .onRef('service_assignments.service_id', '=', 'user_services.service_id'),
    )
    .select(['user_services.user_id', 'user_services.service_id', 'pc_id', 'executor_id', 'mpc_id'])
    .execute();
  // Who the work items of each client service are assigned to (the `delegated-handler` relation reads it).
  const held = await t.context.db
    .selectFrom('work_items')
    .select(['client_id', 'service_id', 'assignee_id'])
    .where('assignee_id', 'is not', null)
    .distinct()
    .execute();
  const workAssigneesOf = (clientId: number, serviceId: number) =>
    held
      .filter((entry) => entry.client_id === clientId && entry.service_id === serviceId)
      .map((entry) => entry.assignee_id as number)
      .sort((a, b) => a - b);
  const idsOf = (id: number | null) => (id === null ? [] : [id]);
  const facts = new Map<number, TargetFacts>();
  const services: ClientService[] = [];
  for (const row of rows) {
    const own = {
      id: row.id,
      roleId: row.role_id,
      firmId: row.firm_id,
      createdBy: row.created_by,
      assignsToStaff: row.assign_service_type === 1,
    };
    const perService = assignments
      .filter((entry) => entry.user_id === row.id)
      .map((entry) => ({
        serviceId: entry.service_id,
        handlers: { pcIds: idsOf(entry.pc_id), executorIds: idsOf(entry.executor_id), mpcIds: idsOf(entry.mpc_id) },
      }));
    // A user as a whole: who handles any of its services.
    facts.set(row.id, {
      ...own,
      handlers: {
        pcIds: perService.flatMap((service) => service.handlers.pcIds),
        executorIds: perService.flatMap((service) => service.handlers.executorIds),
        mpcIds: perService.flatMap((service) => service.handlers.mpcIds),
      },
    });
    const client = people.find((person) => person.id === row.id && person.role === 'client');
    if (!client) continue;
    for (const service of perService)
      services.push({
        client,
        ...service,
        facts: {
          ...own,
          handlers: service.handlers,
          serviceWorkAssigneeIds: workAssigneesOf(row.id, service.serviceId),
        },
      });
  }
  const find = (id: number | null) => people.find((person) => person.id === id) as Person;

  const upload: AccessFixture['upload'] = (person, service, clientMayDelete) => {
    itemCounter += 1;
    const fields = {
      client_id: service.client.id,
      service_id: service.serviceId,
      // Asked of whoever uploads into another's files.
      ...(person.id === service.client.id ? {} : { is_deleted: clientMayDelete ? '1' : '0' }),
    };
    const form = buildMultipart(fields, [
      { field: 'file', name: `seed-${itemCounter}.pdf`, content: SAMPLE_FILES.pdf },
    ]);
    return t.request({ method: 'POST', url: '/api/folder/uploadFile', token: person.token, ...form });
  };
  const place = async (kind: Item['kind'], owner: Person, service: ClientService, clientMayDelete: boolean) => {
    itemCounter += 1;
    if (kind === 'folder') {
      return (
        await must('POST', '/api/folder/create', owner.token, {
          folder_name: `Seed ${itemCounter}`,
          client_id: service.client.id,
          service_id: service.serviceId,
        })
      ).id as number;
    }
    const response = await upload(owner, service, clientMayDelete);
    if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
    return response.json().data.file_id as number;
  };
  // In every client service: the client's own file and folder, and its firm MPC's file the client may
  // delete, one it may not, and a folder.
  const items: Item[] = [];
  for (const service of services) {
    const firmMpc = find(service.facts.firmId);
    const kinds: [Item['kind'], Person, boolean][] = [
      ['file', service.client, true],
      ['folder', service.client, false],
      ['file', firmMpc, true],
      ['file', firmMpc, false],
      ['folder', firmMpc, false],
    ];
    for (const [kind, owner, clientMayDelete] of kinds) {
      items.push({ kind, owner, clientMayDelete, service, id: await place(kind, owner, service, clientMayDelete) });
    }
  }

  // And a file and a folder only the firm sees.
  const firmOnly: Item[] = [];
  for (const service of services) {
    const firmMpc = find(service.facts.firmId);
    for (const kind of ['file', 'folder'] as const) {
      const id = await place(kind, firmMpc, service, false);
      await must('PUT', `/api/${kind}/visibility/${id}`, firmMpc.token, { visibility: 'firm' });
      firmOnly.push({ kind, owner: firmMpc, clientMayDelete: false, service, id });
    }
  }

  // A document request on the first work item of every client service (the executor's hand-over among
  // them), asked by the MPC of the client's firm.
  const requests: SeededRequest[] = [];
  for (const service of services) {
    const work = await findFirstWorkItem(t, service.client.id, service.serviceId);
    const asked = await call('POST', `/api/work/${work.id}/requests`, find(service.facts.firmId).token, {
      items: ['Sales register', 'Bank statement'],
      due_date: '2026-04-30',
    });
    if (asked.statusCode !== 201) throw new Error(`request: ${asked.statusCode} ${asked.body}`);
    const data = asked.json().data as { id: number; items: { id: number }[] };
    requests.push({ id: data.id, workId: work.id, service, itemIds: data.items.map((item) => item.id) });
  }

  const memberOf = new Map<number, number>();
  for (const client of people.filter((person) => person.role === 'client')) {
    const service = services.find((entry) => entry.client.id === client.id) as ClientService;
    const added = await must('POST', '/api/member/create', client.token, memberFields(client.id, service.serviceId));
    memberOf.set(client.id, added.id as number);
  }
  const linkOf = new Map<number, number>();
  for (const person of people.filter((entry) => ['mpc', 'pc', 'executor'].includes(entry.role))) {
    const added = await must('POST', '/api/userLink/create', person.token, linkFields());
    linkOf.set(person.id, added.id as number);
  }
  const baseFieldsOf = new Map<number, Record<string, string>>();
  for (const person of people) {
    const me = (await call('GET', '/api/me', person.token)).json().data;
    const fields = ['first_name', 'last_name', 'email', 'mobile_number'];
    baseFieldsOf.set(person.id, Object.fromEntries(fields.map((field) => [field, me[field] ?? ''])));
  }
  // A failed sign-in that names no account: an event about nobody, for the activity probes.
  await call('POST', '/api/login', '', { email: 'nobody@nowhere.in', password: 'Wrong@123' });
  const catalogue = (await call('GET', '/api/service/allServices', adminToken))
    .json()
    .data.find((service: { service_id: number }) => service.service_id === gst);

  return {
    t,
    firmA,
    firmB,
    people,
    facts,
    services,
    items,
    firmOnly,
    requests,
    memberOf,
    linkOf,
    baseFieldsOf,
    catalogue: { id: gst, name: catalogue.service_name },
    billingGranted,
    rightsGranted,
    actorOf: (person) => {
      const own = facts.get(person.id) as TargetFacts;
      const billing = billingGranted.has(person.id);
      return {
        id: person.id,
        role: person.role,
        firmId: own.firmId,
        status: 'active',
        tokenId: 0,
        billingGranted: billing,
        rightsGranted: rightsGranted.has(person.id),
      };
    },
    call,
    must,
    reseed: async (item) => {
      item.id = await place(item.kind, item.owner, item.service, item.clientMayDelete);
    },
    upload,
  };
}

export function memberFields(clientId: number, serviceId: number) {
  itemCounter += 1;
  return {
    user_id: clientId,
    member_name: `Member ${itemCounter}`,
    mobile_number: '9876543210',
    email_id: `member${itemCounter}@family.in`,
    service_id: serviceId,
  };
}

export function linkFields() {
  itemCounter += 1;
  return { label: `Link ${itemCounter}`, value: `https://example.in/${itemCounter}` };
}
