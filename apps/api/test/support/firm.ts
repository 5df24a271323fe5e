import type { DialectName } from '../../src/db/database.js';
import { type FixtureScope, useFixture } from './fixture-hooks.js';
import { createServices, createUserThroughApi, mpcFields, postUserForm, qualificationProof } from './people.js';
import { type ApiCaller, type TestApp, type TestUser, useTestApp } from './test-app.js';

export type Member = { id: number; email: string; username: string; password: string; token: string };
export type TestFirm = { mpc: Member; pc: Member; executor: Member; client: Member; services: number[] };

let counter = 0;

/**
 * The counter in letters ("b", "z", "ba"): a name with four digits in a row reads as a phone number to
 * the mail's name check, and the suite shares this module across files, so the counter passes 1000.
 */
const lettersOf = (value: number): string =>
  (value >= 26 ? lettersOf(Math.floor(value / 26)) : '') + String.fromCharCode(97 + (value % 26));

export function staffFields(roleId: number, label: string) {
  counter += 1;
  return {
    role_id: roleId,
    first_name: label,
    last_name: `Person${lettersOf(counter)}`,
    email: `${label.toLowerCase()}${counter}.${Date.now()}@firm.in`,
    mobile_number: '9876543210',
    password: 'Secret@123',
  };
}

export function clientFields(serviceIds: number[], extra: Record<string, string | number | (string | number)[]> = {}) {
  return {
    ...staffFields(5, 'Client'),
    pincode: '560001',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'IN',
    nature_of_service: serviceIds,
    ...extra,
  };
}

async function withToken(t: ApiCaller, user: Awaited<ReturnType<typeof createUserThroughApi>>): Promise<Member> {
  return { ...user, token: await t.signIn(user) };
}

/**
 * Saves the user's own form, as /registration does: a new executor starts `created` and may do nothing
 * else until then (docs/api-conventions.md).
 */
export async function completeRegistration(
  t: ApiCaller,
  member: Member,
  fields: Record<string, string | number | (string | number)[]>,
): Promise<Member> {
  const { role_id: _role, password: _password, ...own } = fields;
  const response = await postUserForm(t, member.token, '/api/user/edit', { ...own, user_id: member.id });
  if (response.statusCode !== 200) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  return member;
}

/** One firm: its MPC, a PC, an executor and a client with two services, all made through the API. */
export async function buildFirm(t: ApiCaller, adminToken: string, services?: number[]): Promise<TestFirm> {
  const ids =
    services ?? (await createServices(t, adminToken, [`GST ${Date.now()}${counter}`, `ITR ${Date.now()}${counter}`]));
  const mpc = await withToken(t, await createUserThroughApi(t, adminToken, mpcFields(ids), [qualificationProof]));
  const pc = await withToken(t, await createUserThroughApi(t, mpc.token, staffFields(3, 'Pc')));
  const executorFields = staffFields(4, 'Executor');
  const executor = await completeRegistration(
    t,
    await withToken(t, await createUserThroughApi(t, mpc.token, executorFields)),
    executorFields,
  );
  const client = await withToken(t, await createUserThroughApi(t, mpc.token, clientFields(ids)));
  return { mpc, pc, executor, client, services: ids };
}

/** A platform admin made and signed in by the block's hooks on `t` (useFixture), e.g. to build firms. */
export function useAdmin(scope: FixtureScope, t: TestApp): TestUser & { token: string } {
  return useFixture(
    scope,
    async () => {
      const admin = await t.createUser('admin');
      return { ...admin, token: await t.signIn(admin) };
    },
    async () => {},
  );
}

/**
 * A firm built by the block's hooks on `t` (useFixture): by `admin`, or by an admin of its own; on the
 * services of `sharing` (another firm of the block) when given.
 */
export function useFirm(
  scope: FixtureScope,
  t: TestApp,
  options: { admin?: { token: string }; sharing?: TestFirm } = {},
): TestFirm {
  return useFixture(
    scope,
    async () =>
      buildFirm(t, options.admin?.token ?? (await t.signIn(await t.createUser('admin'))), options.sharing?.services),
    async () => {},
  );
}

/**
 * The firm's MPC hands services of the firm's client to the firm's PC and executor, where many tests of
 * reach start. Not checked here: the tests that assign through the API check their own answers.
 */
export async function assignFirmStaff(t: ApiCaller, firm: TestFirm, services: { pc?: number; executor?: number }) {
  const assignments = [
    { service_id: services.pc, url: '/api/service/assignPC', member: { pc_id: firm.pc.id } },
    { service_id: services.executor, url: '/api/service/assignExecutor', member: { executor_id: firm.executor.id } },
  ];
  for (const { service_id, url, member } of assignments) {
    if (service_id === undefined) continue;
    const payload = { client_id: firm.client.id, service_id, ...member };
    await t.request({ method: 'POST', url, token: firm.mpc.token, payload });
  }
}

/** The firm's client's service handed to another firm's MPC (MPC mode, then by its username). */
export async function handServiceToFirm(t: ApiCaller, firm: TestFirm, serviceId: number, to: TestFirm) {
  const token = firm.mpc.token;
  const client_id = firm.client.id;
  await t.request({
    method: 'PUT',
    url: '/api/service/updateAssignType',
    token,
    payload: { client_id, assign_service_type: false },
  });
  const payload = { client_id, service_id: serviceId, mpc_username: to.mpc.username };
  const handed = await t.request({ method: 'POST', url: '/api/service/assignMPC', token, payload });
  if (handed.statusCode !== 200) throw new Error(`handing the service over failed: ${handed.body}`);
}

/**
 * A test app with a platform admin and one firm built by it, opened by the block's hooks in that order
 * (useTestApp, useAdmin, useFirm): the start of most tests of a firm. A second firm is `useFirm(scope, t,
 * { admin, sharing: firm })`.
 */
export function useFirmApp(scope: FixtureScope, dialect: DialectName) {
  const t = useTestApp(scope, dialect);
  const admin = useAdmin(scope, t);
  const firm = useFirm(scope, t, { admin });
  return { t, admin, firm };
}
