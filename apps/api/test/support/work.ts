import type { ComplianceRule } from '@portal/contract/compliance';
import type { WorkCreateInput } from '@portal/contract/work';
import { buildFirm } from './firm.js';
import type { TestApp } from './test-app.js';

/** Ties a rule of the calendar (by code) to a catalogue service as the admin, which plans its work. */
export async function tieRule(
  t: Pick<TestApp, 'request'>,
  adminToken: string,
  code: string,
  serviceId: number,
): Promise<ComplianceRule> {
  const rules = (await t.request({ method: 'GET', url: '/api/compliance/rules', token: adminToken })).json()
    .data as ComplianceRule[];
  const rule = rules.find((entry) => entry.code === code);
  if (!rule) throw new Error(`no rule ${code}`);
  const response = await t.request({
    method: 'PUT',
    url: `/api/compliance/rules/${rule.id}`,
    token: adminToken,
    payload: { service_id: serviceId },
  });
  if (response.statusCode !== 200) throw new Error(`tie ${code}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** Every work item of the database, ordered, as tests compare them. */
export function listAllWork(t: TestApp) {
  return t.context.db
    .selectFrom('work_items')
    .selectAll()
    .orderBy('client_id')
    .orderBy('rule_id')
    .orderBy('period')
    .execute();
}

/** The first work item planned for one service of one client: the one a test hands over or asks about. */
export function findFirstWorkItem(t: Pick<TestApp, 'context'>, clientId: number, serviceId: number) {
  return t.context.db
    .selectFrom('work_items')
    .select('id')
    .where('client_id', '=', clientId)
    .where('service_id', '=', serviceId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/**
 * A firm whose PC handles the client's GST and GSTR-3B tied to it: the items a test files, asks documents
 * for or uploads against, planned from the calendar.
 */
export async function buildFirmWithPcWork(t: TestApp) {
  const adminToken = await t.signIn(await t.createUser('admin'));
  const firm = await buildFirm(t, adminToken);
  const gst = firm.services[0] as number;
  await t.request({
    method: 'POST',
    url: '/api/service/assignPC',
    token: firm.mpc.token,
    payload: { client_id: firm.client.id, service_id: gst, pc_id: firm.pc.id },
  });
  await tieRule(t, adminToken, 'GSTR3B_MONTHLY', gst);
  const work = (await listAllWork(t)) as unknown as { id: number; title: string }[];
  return { adminToken, firm, gst, work };
}

/** Adds a work item by hand (`POST /api/work`) to a client's service as `token`'s user: the response, unchecked. */
export function addWorkItem(
  t: Pick<TestApp, 'request'>,
  token: string,
  clientId: number,
  serviceId: number,
  work: Omit<WorkCreateInput, 'client_id' | 'service_id'>,
) {
  return t.request({
    method: 'POST',
    url: '/api/work',
    token,
    payload: { client_id: clientId, service_id: serviceId, ...work },
  });
}
