import { ROLE_ID, type RoleName } from '@portal/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/auth/actor.js';
import { ACCESS_TABLE, type Action } from '../src/policy/access-table.js';
import { authorize, type TargetFacts } from '../src/policy/authorize.js';
import { buildFirm, clientFields, type Member, type TestFirm } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

type Person = Member & { role: RoleName };

/**
 * The access table is the test: two firms seeded once, then every actor of both firms against every
 * user, client and client service, through the real list queries and endpoints. What the endpoints let
 * through must be exactly what the table grants; a rule added to the table is checked here unchanged.
 */
describe.each(listTestDialects())('the access table, through the endpoints, on %s', (dialect) => {
  let t: TestApp;
  let people: Person[];
  let firmA: TestFirm;
  const facts = new Map<number, TargetFacts>();
  /** Per client: its services, with who handles each. */
  const servicesOf = new Map<number, { serviceId: number; handlers: NonNullable<TargetFacts['handlers']> }[]>();

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  /** A fixture step that must succeed (a silently failed step would make the loops test less). */
  const must = async (method: 'POST' | 'PUT', url: string, token: string, payload: object) => {
    const response = await call(method, url, token, payload);
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const adminUser = await t.createUser('admin');
    const adminToken = await t.signIn(adminUser);
    firmA = await buildFirm(t, adminToken);
    const firmB = await buildFirm(t, adminToken, firmA.services);
    const [gst, itr] = firmA.services as [number, number];
    // Firm A: a client its PC created, one its executor created; the MPC's client has GST assigned to
    // the PC and the executor; the PC's client hands ITR to firm B's MPC (MPC mode).
    const byPc = await createUserThroughApi(t, firmA.pc.token, clientFields([gst, itr]));
    const byExecutor = await createUserThroughApi(t, firmA.executor.token, clientFields([gst]));
    // And one of the MPC's clients whose PC keeps its assignment after the client went to MPC mode.
    const switched = await createUserThroughApi(t, firmA.mpc.token, clientFields([itr]));
    const mpcA = firmA.mpc.token;
    await must('POST', '/api/service/assignPC', mpcA, { client_id: switched.id, service_id: itr, pc_id: firmA.pc.id });
    await must('PUT', '/api/service/updateAssignType', mpcA, { client_id: switched.id, assign_service_type: false });
    await call('POST', '/api/service/assignPC', mpcA, {
      client_id: firmA.client.id,
      service_id: gst,
      pc_id: firmA.pc.id,
    });
    await call('POST', '/api/service/assignExecutor', mpcA, {
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

    const member = async (user: Awaited<ReturnType<typeof createUserThroughApi>>) => ({
      ...user,
      token: await t.signIn(user),
    });
    people = [
      { ...adminUser, token: adminToken, role: 'admin' },
      ...[firmA, firmB].flatMap((firm) => [
        { ...firm.mpc, role: 'mpc' as const },
        { ...firm.pc, role: 'pc' as const },
        { ...firm.executor, role: 'executor' as const },
        { ...firm.client, role: 'client' as const },
      ]),
      { ...(await member(byPc)), role: 'client' },
      { ...(await member(byExecutor)), role: 'client' },
      { ...(await member(switched)), role: 'client' },
    ];

    // What the table's relations read about each user, straight from the database.
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
    for (const row of rows) {
      const services = assignments
        .filter((entry) => entry.user_id === row.id)
        .map((entry) => ({
          serviceId: entry.service_id,
          handlers: {
            pcIds: entry.pc_id === null ? [] : [entry.pc_id],
            executorIds: entry.executor_id === null ? [] : [entry.executor_id],
            mpcIds: entry.mpc_id === null ? [] : [entry.mpc_id],
          },
        }));
      servicesOf.set(row.id, services);
      facts.set(row.id, {
        id: row.id,
        roleId: row.role_id,
        firmId: row.firm_id,
        createdBy: row.created_by,
        assignsToStaff: row.assign_service_type === 1,
        handlers: {
          pcIds: services.flatMap((service) => service.handlers.pcIds),
          executorIds: services.flatMap((service) => service.handlers.executorIds),
          mpcIds: services.flatMap((service) => service.handlers.mpcIds),
        },
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const actorOf = (person: Person): Actor => {
    const own = facts.get(person.id) as TargetFacts;
    return { id: person.id, role: person.role, firmId: own.firmId, status: 'active', tokenId: 0 };
  };
  const allows = (person: Person, action: Action, targetId: number) =>
    authorize(actorOf(person), action, facts.get(targetId) as TargetFacts);

  it('covers every action of the table that has an endpoint here', () => {
    const tested: Action[] = [
      'user.view',
      'user.edit',
      'user.disable',
      'user.enable',
      'family.manage',
      'service.assign',
      'file.read',
      'file.upload',
      'file.delete',
      'folder.delete',
      'link.manage',
      'service.write',
    ];
    expect([...new Set(ACCESS_TABLE.map((rule) => rule.action))].sort()).toEqual([...tested].sort());
  });

  it('lets each actor see, in lists and details, exactly the users the table grants', async () => {
    for (const actor of people) {
      for (const target of people) {
        const expected = allows(actor, 'user.view', target.id);
        const detail = await call('GET', `/api/user/detail/${target.id}`, actor.token);
        expect([actor.role, actor.id, target.id, detail.statusCode]).toEqual([
          actor.role,
          actor.id,
          target.id,
          expected ? 200 : 404,
        ]);
      }
      for (const role of ['mpc', 'pc', 'executor', 'client'] as const) {
        const listed = await call('GET', `/api/user/userListByRole/${ROLE_ID[role]}?limit=100`, actor.token);
        const expectedIds = people
          .filter((target) => target.role === role && target.id !== actor.id && allows(actor, 'user.view', target.id))
          .map((target) => target.id)
          .sort();
        const ids =
          listed.statusCode === 200
            ? listed
                .json()
                .data.data.map((row: { id: number }) => row.id)
                .filter((id: number) => id !== actor.id)
                .sort()
            : [];
        expect([actor.role, actor.id, role, ids]).toEqual([actor.role, actor.id, role, expectedIds]);
      }
    }
  });

  it('sends the browser exactly the actions the table grants, and the endpoints agree', async () => {
    for (const actor of people) {
      for (const target of people) {
        if (!allows(actor, 'user.view', target.id)) continue;
        const detail = (await call('GET', `/api/user/detail/${target.id}`, actor.token)).json().data;
        const expected = {
          edit: allows(actor, 'user.edit', target.id),
          disable: allows(actor, 'user.disable', target.id),
          enable: false,
          manage_family: allows(actor, 'family.manage', target.id),
          assign_services: allows(actor, 'service.assign', target.id),
          files: allows(actor, 'file.read', target.id),
        };
        expect([actor.id, target.id, detail.permissions]).toEqual([actor.id, target.id, expected]);
        // Enabling an active user changes nothing, but is refused to whoever may not enable.
        const enable = await call('PUT', '/api/user/updateStatus', actor.token, {
          user_id: target.id,
          status: 'active',
        });
        const mayEnable = target.id !== actor.id && allows(actor, 'user.enable', target.id);
        expect([actor.id, target.id, enable.statusCode]).toEqual([actor.id, target.id, mayEnable ? 200 : 403]);
        if (target.role !== 'client') continue;
        const family = await call('GET', `/api/member/list/${target.id}`, actor.token);
        expect([actor.id, target.id, family.statusCode]).toEqual([actor.id, target.id, 200]);
        const assignments = await call('GET', `/api/service/assignService/${target.id}`, actor.token);
        expect([actor.id, target.id, assignments.statusCode]).toEqual([
          actor.id,
          target.id,
          expected.assign_services ? 200 : 403,
        ]);
      }
    }
  });

  it('opens exactly the client services the table grants, another firm’s delegated one included', async () => {
    for (const actor of people) {
      // An MPC's "shared with you" list is exactly the other firms' services it may open.
      const shared = await call('GET', '/api/file/shared', actor.token);
      if (actor.role === 'mpc') {
        const listed = shared
          .json()
          .data.map((entry: { client_id: number; service_id: number }) => `${entry.client_id}/${entry.service_id}`);
        const expected = people
          .filter((client) => client.role === 'client' && facts.get(client.id)?.firmId !== actor.id)
          .flatMap((client) =>
            (servicesOf.get(client.id) ?? [])
              .filter((service) =>
                authorize(actorOf(actor), 'file.read', {
                  ...(facts.get(client.id) as TargetFacts),
                  handlers: service.handlers,
                }),
              )
              .map((service) => `${client.id}/${service.serviceId}`),
          );
        expect([actor.id, listed.sort()]).toEqual([actor.id, expected.sort()]);
      } else expect([actor.role, shared.statusCode]).toEqual([actor.role, 403]);
      for (const client of people.filter((person) => person.role === 'client')) {
        for (const service of servicesOf.get(client.id) ?? []) {
          const target = { ...(facts.get(client.id) as TargetFacts), handlers: service.handlers };
          const expected = authorize(actorOf(actor), 'file.read', target);
          const opened = await call('GET', `/api/serviceFiles/${client.id}/${service.serviceId}`, actor.token);
          expect([actor.role, actor.id, client.id, service.serviceId, opened.statusCode]).toEqual([
            actor.role,
            actor.id,
            client.id,
            service.serviceId,
            expected ? 200 : 404,
          ]);
        }
      }
    }
  });

  it('keeps user links and the services catalogue to the roles the table names', async () => {
    for (const actor of people) {
      const links = await call('GET', '/api/userLink/list', actor.token);
      const mayLink = ACCESS_TABLE.some((rule) => rule.action === 'link.manage' && rule.role === actor.role);
      expect([actor.role, links.statusCode]).toEqual([actor.role, mayLink ? 200 : 403]);
      const service = await call('POST', '/api/service/create', actor.token, { service_name: '' });
      const mayWrite = ACCESS_TABLE.some((rule) => rule.action === 'service.write' && rule.role === actor.role);
      // The admin gets as far as validation; everyone else is stopped before it.
      expect([actor.role, service.statusCode]).toEqual([actor.role, mayWrite ? 422 : 403]);
    }
  });

  it('holds the relations the loops are about: assigned, assigned but in MPC mode, delegated', () => {
    expect(facts.get(firmA.client.id)?.handlers?.pcIds).toEqual([firmA.pc.id]);
    const switched = people[people.length - 1] as Person;
    expect(facts.get(switched.id)).toMatchObject({ assignsToStaff: false, handlers: { pcIds: [firmA.pc.id] } });
    const pcA = people.find((person) => person.id === firmA.pc.id) as Person;
    expect(allows(pcA, 'user.view', firmA.client.id)).toBe(true);
    expect(allows(pcA, 'user.view', switched.id)).toBe(false);
    const byPc = people[people.length - 3] as Person;
    const itr = firmA.services[1] as number;
    const delegatedService = servicesOf.get(byPc.id)?.find((service) => service.serviceId === itr);
    expect(facts.get(byPc.id)?.assignsToStaff).toBe(false);
    expect(delegatedService?.handlers.mpcIds).toHaveLength(1);
  });
});
