import { ASSIGNMENT_MESSAGES as A } from '@portal/contract/assignments';
import { MEMBER_MESSAGES as F } from '@portal/contract/family-members';
import { LINK_MESSAGES as L } from '@portal/contract/user-links';
import { describe, expect, it } from 'vitest';
import { bindApiCall } from './support/api-call.js';
import { assignFirmStaff, clientFields, useFirm, useFirmApp } from './support/firm.js';
import { createUserThroughApi } from './support/people.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('firm work on %s', (dialect) => {
  const { t, admin, firm: firmA } = useFirmApp('test', dialect);
  const firmB = useFirm('test', t, { admin, sharing: firmA });

  const call = bindApiCall(t);
  const [gst, itr] = [() => firmA.services[0] as number, () => firmA.services[1] as number];

  describe('family members', () => {
    const member = (clientId: number, overrides: object = {}) => ({
      member_name: 'Sita Rao',
      mobile_number: '9123456789',
      email_id: 'sita@family.in',
      service_id: gst(),
      user_id: clientId,
      ...overrides,
    });

    it('the firm adds, lists (paged by 10, newest first) and removes a client family member', async () => {
      const created = await call('POST', '/api/member/create', firmA.mpc.token, member(firmA.client.id));
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        message: F.created,
        data: {
          member_name: 'Sita Rao',
          mobile_number: '9123456789',
          email_id: 'sita@family.in',
          service_id: gst(),
          service_name: expect.stringMatching(/^GST/),
        },
      });
      for (let index = 0; index < 10; index += 1) {
        await call(
          'POST',
          '/api/member/create',
          firmA.mpc.token,
          member(firmA.client.id, { member_name: `Member ${index}` }),
        );
      }
      const list = (await call('GET', `/api/member/list/${firmA.client.id}?page=1`, firmA.mpc.token)).json().data;
      expect(list).toMatchObject({ total: 11, last_page: 2, per_page: 10 });
      expect(list.data[0].member_name).toBe('Member 9');
      const id = created.json().data.family_member_id;
      const removed = await call('DELETE', `/api/member/remove/${id}`, firmA.mpc.token);
      expect(removed.json()).toMatchObject({ status: 'success', message: F.removed });
      expect((await call('GET', `/api/member/list/${firmA.client.id}`, firmA.mpc.token)).json().data.total).toBe(10);
    });

    it('accepts the spec multipart form as well as JSON', async () => {
      const { buildMultipart } = await import('./support/multipart.js');
      const { payload, headers } = buildMultipart(member(firmA.client.id));
      const response = await t.request({
        method: 'POST',
        url: '/api/member/create',
        token: firmA.mpc.token,
        payload,
        headers,
      });
      expect(response.statusCode).toBe(201);
    });

    it('the client manages its own family members', async () => {
      const created = await call('POST', '/api/member/create', firmA.client.token, member(firmA.client.id));
      expect(created.statusCode).toBe(201);
      expect((await call('GET', `/api/member/list/${firmA.client.id}`, firmA.client.token)).json().data.total).toBe(1);
      expect(
        (await call('DELETE', `/api/member/remove/${created.json().data.family_member_id}`, firmA.client.token))
          .statusCode,
      ).toBe(200);
    });

    it('answers every spec message for an empty form, and refuses a service the client does not have', async () => {
      const empty = await call('POST', '/api/member/create', firmA.mpc.token, {
        member_name: '',
        mobile_number: '',
        email_id: '',
        service_id: '',
        user_id: firmA.client.id,
      });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual({
        member_name: [F.nameRequired],
        mobile_number: [F.mobileRequired],
        email_id: [F.emailRequired],
        service_id: [F.serviceRequired],
      });
      const otherService = await createUserThroughApi(t, firmA.mpc.token, clientFields([itr()]));
      const wrong = await call(
        'POST',
        '/api/member/create',
        firmA.mpc.token,
        member(otherService.id, { service_id: gst() }),
      );
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ service_id: [F.serviceNotOfClient] });
    });

    it('another firm, the admin and another client get 404; a PC that did not create the client gets 403', async () => {
      const created = (await call('POST', '/api/member/create', firmA.mpc.token, member(firmA.client.id))).json().data;
      for (const token of [firmB.mpc.token, admin.token, firmB.client.token]) {
        expect((await call('GET', `/api/member/list/${firmA.client.id}`, token)).statusCode).toBe(404);
        expect((await call('POST', '/api/member/create', token, member(firmA.client.id))).statusCode).toBe(404);
        expect((await call('DELETE', `/api/member/remove/${created.family_member_id}`, token)).statusCode).toBe(404);
      }
      await call('POST', '/api/service/assignPC', firmA.mpc.token, {
        client_id: firmA.client.id,
        service_id: gst(),
        pc_id: firmA.pc.id,
      });
      expect((await call('GET', `/api/member/list/${firmA.client.id}`, firmA.pc.token)).statusCode).toBe(200);
      expect((await call('POST', '/api/member/create', firmA.pc.token, member(firmA.client.id))).statusCode).toBe(403);
    });
  });

  describe('user links', () => {
    it('keeps each user its own http(s) links', async () => {
      const created = await call('POST', '/api/userLink/create', firmA.pc.token, {
        label: 'GST portal',
        value: 'https://www.gst.gov.in',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        message: L.created,
        data: { label: 'GST portal', value: 'https://www.gst.gov.in' },
      });
      expect((await call('GET', '/api/userLink/list', firmA.pc.token)).json().data).toHaveLength(1);
      expect((await call('GET', '/api/userLink/list', firmA.mpc.token)).json().data).toEqual([]);
      const id = created.json().data.user_link_id;
      expect((await call('DELETE', `/api/userLink/remove/${id}`, firmA.mpc.token)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/userLink/remove/${id}`, firmA.pc.token)).json().message).toBe(L.removed);
      expect((await call('GET', '/api/userLink/list', firmA.pc.token)).json().data).toEqual([]);
    });

    // Every link rule is a contract test (packages/contract/src/user-links.test.ts).
    it('refuses a link that would run script when clicked', async () => {
      const payload = { label: 'Bad', value: 'javascript:alert(1)' };
      const response = await call('POST', '/api/userLink/create', firmA.mpc.token, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ value: [L.valueInvalid] });
    });

    it('is not for clients or the admin', async () => {
      for (const token of [firmA.client.token, admin.token]) {
        expect((await call('GET', '/api/userLink/list', token)).statusCode).toBe(403);
      }
    });
  });

  describe('service assignment', () => {
    it('lists the client services and who handles each, assigning a PC and an executor of the firm', async () => {
      const services = await call('GET', `/api/service/client/${firmA.client.id}`, firmA.mpc.token);
      expect(
        services
          .json()
          .data.map((service: { service_id: number }) => service.service_id)
          .sort(),
      ).toEqual([gst(), itr()].sort());
      expect(
        (
          await call('POST', '/api/service/assignPC', firmA.mpc.token, {
            client_id: firmA.client.id,
            service_id: gst(),
            pc_id: firmA.pc.id,
          })
        ).json().message,
      ).toBe(A.saved);
      await call('POST', '/api/service/assignExecutor', firmA.mpc.token, {
        client_id: firmA.client.id,
        service_id: gst(),
        executor_id: firmA.executor.id,
      });
      const assignments = (await call('GET', `/api/service/assignService/${firmA.client.id}`, firmA.mpc.token)).json()
        .data;
      expect(assignments.find((row: { service_id: number }) => row.service_id === gst())).toEqual({
        service_id: gst(),
        service_name: expect.any(String),
        pc_id: firmA.pc.id,
        pc_username: firmA.pc.username,
        executor_id: firmA.executor.id,
        executor_username: firmA.executor.username,
        mpc_username: null,
      });
      expect(assignments.find((row: { service_id: number }) => row.service_id === itr())).toMatchObject({
        pc_id: null,
        executor_id: null,
      });
      await call('POST', '/api/service/assignPC', firmA.mpc.token, {
        client_id: firmA.client.id,
        service_id: gst(),
        pc_id: null,
      });
      const cleared = (await call('GET', `/api/service/assignService/${firmA.client.id}`, firmA.mpc.token)).json().data;
      expect(cleared.find((row: { service_id: number }) => row.service_id === gst())).toMatchObject({
        pc_id: null,
        executor_id: firmA.executor.id,
      });
    });

    it('an assigned PC and executor see the client while the mode is PC/Executor, not after switching to MPC', async () => {
      expect((await call('GET', `/api/user/detail/${firmA.client.id}`, firmA.pc.token)).statusCode).toBe(404);
      await assignFirmStaff(t, firmA, { pc: gst(), executor: itr() });
      for (const member of [firmA.pc, firmA.executor]) {
        expect((await call('GET', `/api/user/detail/${firmA.client.id}`, member.token)).statusCode).toBe(200);
        const list = (await call('GET', '/api/user/userListByRole/5', member.token)).json().data.data;
        expect(list.map((user: { id: number }) => user.id)).toEqual([firmA.client.id]);
        // Seeing is not managing.
        const disable = await call('PUT', '/api/user/updateStatus', member.token, {
          user_id: firmA.client.id,
          status: 'deactivated',
        });
        expect(disable.statusCode).toBe(403);
      }
      const toMpc = await call('PUT', '/api/service/updateAssignType', firmA.mpc.token, {
        client_id: firmA.client.id,
        assign_service_type: false,
      });
      expect(toMpc.json().message).toBe(A.typeSaved);
      expect(
        (await call('GET', `/api/user/detail/${firmA.client.id}`, firmA.mpc.token)).json().data.assign_service_type,
      ).toBe(false);
      expect((await call('GET', `/api/user/detail/${firmA.client.id}`, firmA.pc.token)).statusCode).toBe(404);
      await call('PUT', '/api/service/updateAssignType', firmA.mpc.token, {
        client_id: firmA.client.id,
        assign_service_type: true,
      });
      expect((await call('GET', `/api/user/detail/${firmA.client.id}`, firmA.pc.token)).statusCode).toBe(200);
    });

    it('lists to an assigned PC or executor only the client services it handles (their files open)', async () => {
      await assignFirmStaff(t, firmA, { pc: gst(), executor: itr() });
      const idsFor = async (token: string) =>
        (await call('GET', `/api/service/client/${firmA.client.id}`, token))
          .json()
          .data.map((service: { service_id: number }) => service.service_id);
      expect(await idsFor(firmA.pc.token)).toEqual([gst()]);
      expect(await idsFor(firmA.executor.token)).toEqual([itr()]);
      expect((await idsFor(firmA.mpc.token)).sort()).toEqual([gst(), itr()].sort());
      expect((await idsFor(firmA.client.token)).sort()).toEqual([gst(), itr()].sort());
    });

    it('assigns another firm’s MPC by username, with clear errors for a missing, unknown, disabled or own username', async () => {
      const assignMpc = (mpc_username: string) =>
        call('POST', '/api/service/assignMPC', firmA.mpc.token, {
          client_id: firmA.client.id,
          service_id: gst(),
          mpc_username,
        });
      expect((await assignMpc('')).json().errors).toEqual({ mpc_username: [A.mpcUsernameRequired] });
      expect((await assignMpc('nobody')).json().errors).toEqual({ mpc_username: [A.mpcUnknown] });
      expect((await assignMpc(firmA.pc.username)).json().errors).toEqual({ mpc_username: [A.mpcUnknown] });
      expect((await assignMpc(firmA.mpc.username)).json().errors).toEqual({ mpc_username: [A.mpcOwnFirm] });
      const ok = await assignMpc(firmB.mpc.username.toUpperCase());
      expect(ok.statusCode).toBe(200);
      const rows = (await call('GET', `/api/service/assignService/${firmA.client.id}`, firmA.mpc.token)).json().data;
      expect(rows.find((row: { service_id: number }) => row.service_id === gst()).mpc_username).toBe(
        firmB.mpc.username,
      );
      // Firm A's PC cannot hand the client to another firm.
      const byPc = await call('POST', '/api/service/assignMPC', firmA.pc.token, {
        client_id: firmA.client.id,
        service_id: gst(),
        mpc_username: firmB.mpc.username,
      });
      expect([403, 404]).toContain(byPc.statusCode);
      // Access to the files of that service comes with the files work; the client record stays firm A's.
      expect((await call('GET', `/api/user/detail/${firmA.client.id}`, firmB.mpc.token)).statusCode).toBe(404);
      await call('PUT', '/api/user/updateStatus', admin.token, { user_id: firmB.mpc.id, status: 'deactivated' });
      expect((await assignMpc(firmB.mpc.username)).json().errors).toEqual({ mpc_username: [A.mpcUnknown] });
    });

    it('refuses staff of another firm, a service the client lacks, and anyone but the firm’s MPC', async () => {
      const otherPc = await call('POST', '/api/service/assignPC', firmA.mpc.token, {
        client_id: firmA.client.id,
        service_id: gst(),
        pc_id: firmB.pc.id,
      });
      expect(otherPc.json().errors).toEqual({ pc_id: [A.pcInvalid] });
      const notPc = await call('POST', '/api/service/assignPC', firmA.mpc.token, {
        client_id: firmA.client.id,
        service_id: gst(),
        pc_id: firmA.executor.id,
      });
      expect(notPc.json().errors).toEqual({ pc_id: [A.pcInvalid] });
      const otherExecutor = await call('POST', '/api/service/assignExecutor', firmA.mpc.token, {
        client_id: firmA.client.id,
        service_id: gst(),
        executor_id: firmB.executor.id,
      });
      expect(otherExecutor.json().errors).toEqual({ executor_id: [A.executorInvalid] });
      const single = await createUserThroughApi(t, firmA.mpc.token, clientFields([itr()]));
      const missing = await call('POST', '/api/service/assignPC', firmA.mpc.token, {
        client_id: single.id,
        service_id: gst(),
        pc_id: firmA.pc.id,
      });
      expect(missing.json().errors).toEqual({ service_id: [A.serviceNotOfClient] });

      // The client sees itself but does not assign: 403; others do not see it: 404.
      expect((await call('GET', `/api/service/assignService/${firmA.client.id}`, firmA.client.token)).statusCode).toBe(
        403,
      );
      for (const token of [firmB.mpc.token, admin.token]) {
        expect((await call('GET', `/api/service/assignService/${firmA.client.id}`, token)).statusCode).toBe(404);
        expect(
          (
            await call('PUT', '/api/service/updateAssignType', token, {
              client_id: firmA.client.id,
              assign_service_type: false,
            })
          ).statusCode,
        ).toBe(404);
      }
      await call('POST', '/api/service/assignPC', firmA.mpc.token, {
        client_id: firmA.client.id,
        service_id: gst(),
        pc_id: firmA.pc.id,
      });
      expect((await call('GET', `/api/service/assignService/${firmA.client.id}`, firmA.pc.token)).statusCode).toBe(403);
      const byPc = await call('POST', '/api/service/assignPC', firmA.pc.token, {
        client_id: firmA.client.id,
        service_id: gst(),
        pc_id: firmA.pc.id,
      });
      expect(byPc.body).toContain('You are not allowed');
      expect(byPc.statusCode).toBe(403);
      expect((await call('GET', `/api/service/client/${firmA.client.id}`, firmA.pc.token)).statusCode).toBe(200);
    });
  });
});
