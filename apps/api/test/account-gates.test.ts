import { FIRM_APPROVAL_MESSAGES } from '@portal/contract/firm-approvals';
import { PASSWORD_MESSAGES } from '@portal/contract/passwords';
import { PRIVACY_MESSAGES } from '@portal/contract/privacy';
import type { DocumentRequest } from '@portal/contract/requests';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_PENDING_MESSAGE } from '../src/policy/registration.policy.js';
import { uploadFileThroughApi } from './support/client-files.js';
import { buildFirm, clientFields, type Member, staffFields, type TestFirm } from './support/firm.js';
import { SAMPLE_FILES } from './support/multipart.js';
import { createUserThroughApi } from './support/people.js';
import { mustAskForDocuments } from './support/requests.js';
import { signInThroughApi } from './support/sign-in.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';
import { listAllWork, tieRule } from './support/work.js';

/** `isPublic` is read when walked: later onRoute hooks (the API docs') still change a route's config. */
type WalkedRoute = { method: string; url: string; readonly isPublic: boolean };

/**
 * What each pending step lets a user call, written down here from the issues (12, 20) rather than read
 * from the policy: the walk below checks every other route of the app refuses it.
 */
/** A user still joining (registering, or its firm waiting for approval): its own profile and documents. */
const OWN_PROFILE = [
  'GET /api/me',
  'POST /api/logout',
  'GET /api/user/detail/:id',
  'POST /api/user/edit',
  'GET /api/user/:id/sensitive',
  'GET /api/common/clientStatus',
  'GET /document/:segment/:store_name',
] as const;

const ALLOWED_DURING = {
  password: ['GET /api/me', 'POST /api/logout', 'PUT /api/user/password'],
  'two-factor': ['GET /api/me', 'POST /api/logout', 'POST /api/2fa/setup', 'POST /api/2fa/enable'],
  registration: OWN_PROFILE,
  // A firm that signed itself up, waiting for the admin (REGISTRATION_APPROVAL): as registering.
  approval: OWN_PROFILE,
  // Its firm's privacy notice not yet accepted (issue 25): read it and accept it, or (a client that had
  // accepted an earlier version) decline by withdrawing.
  'privacy-notice': [
    'GET /api/me',
    'POST /api/logout',
    'GET /api/privacy/notice',
    'POST /api/privacy/notice/accept',
    'POST /api/privacy/consent/withdraw',
  ],
  // A client that withdrew its consent: every read (below), accepting the notice again, and its rights
  // (asking, and taking its access download), which withdrawal must never take away.
  'consent-withdrawn': [
    'POST /api/logout',
    'POST /api/privacy/notice/accept',
    'POST /api/me/rights-requests',
    'POST /api/rights-requests/:id/download-link',
  ],
} as const;

/** Steps that let every read through: only their writes are walked. */
const READS_ALLOWED: ReadonlySet<string> = new Set(['consent-withdrawn']);

const MESSAGE_OF = {
  password: PASSWORD_MESSAGES.changeRequired,
  'two-factor': TWO_FACTOR_MESSAGES.setupRequired,
  registration: REGISTRATION_PENDING_MESSAGE,
  approval: FIRM_APPROVAL_MESSAGES.waiting,
  'privacy-notice': PRIVACY_MESSAGES.acceptRequired,
  'consent-withdrawn': PRIVACY_MESSAGES.withdrawnReadOnly,
} as const;

type Step = keyof typeof ALLOWED_DURING;

describe.each(listTestDialects())('every route that takes a token passes the account gates on %s', (dialect) => {
  const routes: WalkedRoute[] = [];
  let t: TestApp;
  let firm: TestFirm;
  let ids: Record<string, number>;
  let gated: Record<Step, Member>;
  let links: { file: string; document: string };
  let callCount = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      // The firm's clients must set up a second factor; the fixture's client has not.
      env: { REQUIRE_2FA_ROLES: 'client' },
      observeRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          routes.push({
            method,
            url: route.url,
            get isPublic() {
              return Boolean((route.config as { public?: boolean } | undefined)?.public);
            },
          });
        }
      },
    });
    const adminToken = await t.signIn(await t.createUser('admin'));
    firm = await buildFirm(t, adminToken);
    const service = firm.services[0] as number;
    const mpc = firm.mpc.token;
    await t.request({
      method: 'POST',
      url: '/api/service/assignPC',
      token: mpc,
      payload: { client_id: firm.client.id, service_id: service, pc_id: firm.pc.id },
    });
    await tieRule(t, adminToken, 'GSTR3B_MONTHLY', service);
    const [work] = await listAllWork(t);
    const request: DocumentRequest = await mustAskForDocuments(t, mpc, work?.id as number);
    const folder = await t.request({
      method: 'POST',
      url: '/api/folder/create',
      token: mpc,
      payload: { folder_name: 'Returns', client_id: firm.client.id, service_id: service, folder_id: '', path: '[]' },
    });
    const folderId = folder.json().data.folder_id as number;
    const uploaded = await uploadFileThroughApi(
      t,
      mpc,
      { client_id: firm.client.id, service_id: service, folder_id: folderId, path: '[]', notes: '', is_deleted: '0' },
      [{ field: 'file', name: 'return.pdf', content: SAMPLE_FILES.pdf }],
    );
    expect([uploaded.statusCode, uploaded.body]).toEqual([201, expect.any(String)]);
    const fileId = uploaded.json().data.file_id as number;

    // Signed links handed to the MPC while it could still use them.
    const contents = await t.request({
      method: 'GET',
      url: `/api/fileFolder/${firm.client.id}/${service}/${folderId}`,
      token: mpc,
    });
    const listed = JSON.stringify(contents.json().data);
    links = {
      file: (listed.match(/\/api\/file\/download\/\d+\?[^"]+/) ?? [''])[0],
      document: (JSON.stringify(
        (await t.request({ method: 'GET', url: `/api/user/detail/${firm.mpc.id}`, token: mpc })).json(),
      ).match(/\/document\/[^"]+/) ?? [''])[0],
    };
    expect(links.file).toMatch(/sig=/);
    expect(links.document).toMatch(/sig=/);

    // A new executor of the firm with the service's work, its registration not completed.
    const executor = await createUserThroughApi(t, mpc, staffFields(4, 'Executor'));
    await t.request({
      method: 'POST',
      url: '/api/service/assignExecutor',
      token: mpc,
      payload: { client_id: firm.client.id, service_id: service, executor_id: executor.id },
    });
    // A firm that signed itself up, its registration completed, not yet approved.
    const waiting = await t.createUser('mpc');
    await t.context.db
      .updateTable('users')
      .set({ firm_id: waiting.id, firm_approval: 'pending' })
      .where('id', '=', waiting.id)
      .execute();
    // A PC of the firm who has not accepted its privacy notice yet.
    const newPc = await createUserThroughApi(t, mpc, staffFields(3, 'Pc'));
    const noticePending = { ...newPc, token: await signInThroughApi(t.request, newPc, { acceptPrivacyNotice: false }) };
    // A client (its second factor on) that accepted the notice and withdrew its consent since.
    const leaving = await createUserThroughApi(t, mpc, clientFields(firm.services));
    const leavingToken = await t.signIn(leaving);
    const at = t.clock.now().toISOString();
    await t.context.db
      .updateTable('users')
      .set({ totp_enabled_at: at, privacy_accepted_version: -1, privacy_withdrawn_at: at })
      .where('id', '=', leaving.id)
      .execute();
    gated = {
      password: firm.mpc,
      'two-factor': firm.client,
      registration: { ...executor, token: await t.signIn(executor) },
      approval: { ...waiting, token: await t.signIn(waiting) },
      'privacy-notice': noticePending,
      'consent-withdrawn': { ...leaving, token: leavingToken },
    };
    ids = {
      client: firm.client.id,
      service,
      folder: folderId,
      file: fileId,
      work: work?.id as number,
      request: request.id,
      requestItem: request.items[0]?.id as number,
      role: 4,
    };
    // The MPC's password is reset by someone else: it must choose its own before anything else.
    await t.context.db
      .updateTable('users')
      .set({ password_state: 'must_change' })
      .where('id', '=', firm.mpc.id)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The route's address with real ids of the firm in place of its parameters. */
  function addressOf(url: string): string {
    const idOf = (name: string): number => {
      if (name === 'client_id') return ids.client as number;
      if (name === 'service_id') return ids.service as number;
      if (name === 'folder_id') return ids.folder as number;
      if (name === 'item_id') return ids.requestItem as number;
      if (name === 'role_id') return ids.role as number;
      if (url.includes('/file/')) return ids.file as number;
      if (url.includes('/folder/')) return ids.folder as number;
      if (url.includes('/work/')) return ids.work as number;
      if (url.includes('/requests/')) return ids.request as number;
      return ids.client as number;
    };
    return url.replace(/:([a-z_]+)/g, (_whole, name: string) => String(idOf(name)));
  }

  /** Each call from its own address, so no throttle of a public route tells two calls apart. */
  function call(route: WalkedRoute, token?: string) {
    callCount += 1;
    return t.request({
      method: route.method as 'GET',
      url: addressOf(route.url),
      remoteAddress: `10.20.${Math.floor(callCount / 250)}.${callCount % 250}`,
      ...(token ? { token } : {}),
    });
  }

  it.each(Object.keys(ALLOWED_DURING) as Step[])(
    'refuses a user whose %s step is pending on every other route',
    async (step) => {
      const allowed = new Set<string>(ALLOWED_DURING[step]);
      // Fastify answers HEAD from the GET route: the same rule applies.
      const methodOf = (route: WalkedRoute) => (route.method === 'HEAD' ? 'GET' : route.method);
      const walked = routes.filter(
        (route) =>
          !allowed.has(`${methodOf(route)} ${route.url}`) && !(READS_ALLOWED.has(step) && methodOf(route) === 'GET'),
      );
      // The app's whole surface, not a list typed here: the download route among the rest.
      expect(walked.length).toBeGreaterThan(READS_ALLOWED.has(step) ? 40 : 80);
      if (!READS_ALLOWED.has(step)) expect(walked.map((route) => route.url)).toContain('/api/file/download/:id');
      const leaks: string[] = [];
      for (const route of walked) {
        const answer = await call(route, gated[step].token);
        const refused =
          answer.statusCode === 403 && (route.method === 'HEAD' || answer.json().message === MESSAGE_OF[step]);
        if (refused) continue;
        // A public route that never reads a token answers the user as it answers anyone.
        if (route.isPublic && answer.statusCode === (await call(route)).statusCode) continue;
        leaks.push(`${route.method} ${route.url} -> ${answer.statusCode}`);
      }
      expect(leaks).toEqual([]);
    },
  );

  it('refuses a signed link made for a user who now must change its password', async () => {
    for (const link of [links.file, links.document]) {
      const answer = await t.request({ method: 'GET', url: link });
      expect([answer.statusCode, answer.json().message]).toEqual([403, PASSWORD_MESSAGES.changeRequired]);
    }
  });

  it('still lets a signed-in user with nothing pending download by token and by link', async () => {
    const pc = await t.request({ method: 'GET', url: `/api/file/download/${ids.file}`, token: firm.pc.token });
    expect(pc.statusCode).toBe(200);
    expect(pc.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
  });
});
