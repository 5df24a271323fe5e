import { SERVICE_MESSAGES } from '@portal/contract/services';
import { beforeEach, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '../src/http/http-error.js';
import { readAuditEvents } from './support/audit-log.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

describe.each(listTestDialects())('services catalogue on %s', (dialect) => {
  const t = useTestApp('test', dialect);
  let adminToken: string;
  beforeEach(async () => {
    adminToken = await t.signIn(await t.createUser('admin'));
  });

  const save = (payload: unknown, token = adminToken) =>
    t.request({ method: 'POST', url: '/api/service/create', payload: payload as object, token });

  async function createServices(names: string[]): Promise<void> {
    for (const name of names) {
      const response = await save({ service_name: name });
      expect(response.statusCode).toBe(201);
    }
  }

  it('creates a service with a trimmed name and answers it in the envelope', async () => {
    const response = await save({ service_name: '  GST Return  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'success',
      message: SERVICE_MESSAGES.created,
      data: { service_id: expect.any(Number), service_name: 'GST Return' },
    });
  });

  it('keeps the SAC code invoices of a service carry: one of heading 9982, unchanged by an edit that omits it', async () => {
    const created = (await save({ service_name: 'Audit', sac_code: '998221' })).json().data;
    expect(created).toMatchObject({ service_name: 'Audit', sac_code: '998221' });
    const renamed = await save({ service_name: 'Statutory audit', service_id: created.service_id });
    expect(renamed.json().data).toMatchObject({ service_name: 'Statutory audit', sac_code: '998221' });
    const cleared = await save({ service_name: 'Statutory audit', service_id: created.service_id, sac_code: null });
    expect(cleared.json().data.sac_code).toBeNull();
    for (const sac_code of ['996311', '9982', 998221]) {
      const refused = await save({ service_name: 'Statutory audit', service_id: created.service_id, sac_code });
      expect([refused.statusCode, refused.json().errors]).toEqual([422, { sac_code: [SERVICE_MESSAGES.sacInvalid] }]);
    }
    const all = (await t.request({ method: 'GET', url: '/api/service/allServices', token: adminToken })).json().data;
    expect(all).toEqual([expect.objectContaining({ service_name: 'Statutory audit', sac_code: null })]);
  });

  it('edits a service when service_id is given', async () => {
    const created = (await save({ service_name: 'ITR' })).json().data;
    t.clock.advance(60_000);
    const response = await save({ service_name: 'ITR Filing', service_id: created.service_id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: SERVICE_MESSAGES.updated,
      data: { service_id: created.service_id, service_name: 'ITR Filing' },
    });
    expect(response.json().data.updated_at).not.toBe(created.updated_at);
    const all = (await t.request({ method: 'GET', url: '/api/service/allServices', token: adminToken })).json();
    expect(all.data.map((service: { service_name: string }) => service.service_name)).toEqual(['ITR Filing']);
  });

  it('lets an edit change only the letter case of its own name', async () => {
    const created = (await save({ service_name: 'pan card' })).json().data;
    const response = await save({ service_name: 'PAN Card', service_id: created.service_id });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.service_name).toBe('PAN Card');
  });

  it('answers 404 when editing a service that does not exist', async () => {
    const response = await save({ service_name: 'TAN', service_id: 999 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'error', message: SERVICE_MESSAGES.notFound, errors: {} });
  });

  it.each([
    ['the same name', 'GST'],
    ['another letter case', 'gst'],
    ['extra spaces', '  Gst '],
  ])('refuses a duplicate with %s as a 422 on service_name', async (_case, duplicate) => {
    await createServices(['GST']);
    const response = await save({ service_name: duplicate });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      message: GENERIC_MESSAGES.invalid,
      errors: { service_name: [SERVICE_MESSAGES.nameTaken] },
    });
  });

  it('refuses renaming a service to the name of another one', async () => {
    await createServices(['GST', 'TAN']);
    const all = (await t.request({ method: 'GET', url: '/api/service/allServices', token: adminToken })).json().data;
    const tan = all.find((service: { service_name: string }) => service.service_name === 'TAN');
    const response = await save({ service_name: 'gst', service_id: tan.service_id });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ service_name: [SERVICE_MESSAGES.nameTaken] });
  });

  // Every name rule is a contract test (packages/contract/src/services.test.ts).
  it('refuses a blank name with 422 and the field message, storing nothing', async () => {
    const response = await save({ service_name: '    ' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ service_name: [SERVICE_MESSAGES.nameRequired] });
    expect(await t.context.db.selectFrom('services').selectAll().execute()).toEqual([]);
  });

  it('accepts a name of exactly 100 characters', async () => {
    expect((await save({ service_name: 'x'.repeat(100) })).statusCode).toBe(201);
  });

  it('pages newest first in the spec shape, 10 by default', async () => {
    await createServices(Array.from({ length: 23 }, (_, index) => `Service ${String(index + 1).padStart(2, '0')}`));
    const first = await t.request({ method: 'GET', url: '/api/service/all?page=1&limit=10', token: adminToken });
    expect(first.statusCode).toBe(200);
    const page = first.json().data;
    expect(page).toMatchObject({ current_page: 1, last_page: 3, per_page: 10, total: 23 });
    expect(page.data).toHaveLength(10);
    expect(page.data[0].service_name).toBe('Service 23');
    const third = (await t.request({ method: 'GET', url: '/api/service/all?page=3', token: adminToken })).json().data;
    expect(third.data.map((service: { service_name: string }) => service.service_name)).toEqual([
      'Service 03',
      'Service 02',
      'Service 01',
    ]);
    const beyond = (await t.request({ method: 'GET', url: '/api/service/all?page=9', token: adminToken })).json().data;
    expect(beyond).toMatchObject({ current_page: 9, last_page: 3, total: 23, data: [] });
  });

  it('caps the page size at 100 and refuses a page that is not a positive number', async () => {
    const capped = await t.request({ method: 'GET', url: '/api/service/all?limit=1000', token: adminToken });
    expect(capped.json().data.per_page).toBe(100);
    const bad = await t.request({ method: 'GET', url: '/api/service/all?page=0', token: adminToken });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['page']);
  });

  it('lists every service alphabetically and as select options', async () => {
    await createServices(['TAN', 'GST', 'ITR']);
    const all = (await t.request({ method: 'GET', url: '/api/service/allServices', token: adminToken })).json();
    expect(all.data.map((service: { service_name: string }) => service.service_name)).toEqual(['GST', 'ITR', 'TAN']);
    const options = (await t.request({ method: 'GET', url: '/api/service/options', token: adminToken })).json();
    expect(options.status).toBe('success');
    expect(options.data).toEqual(
      all.data.map((service: { service_id: number; service_name: string }) => ({
        value: service.service_id,
        label: service.service_name,
      })),
    );
  });

  it.each(['mpc', 'pc', 'executor', 'client'] as const)(
    'lets a %s read the catalogue but not change it',
    async (role) => {
      await createServices(['GST']);
      const token = await t.signIn(await t.createUser(role));
      for (const url of ['/api/service/allServices', '/api/service/all', '/api/service/options']) {
        const response = await t.request({ method: 'GET', url, token });
        expect(response.statusCode).toBe(200);
      }
      const write = await save({ service_name: 'Sneaky' }, token);
      expect(write.statusCode).toBe(403);
      expect(write.json()).toEqual({ status: 'error', message: GENERIC_MESSAGES.forbidden, errors: {} });
      // Authorisation comes before validation: an invalid body from a non-admin is still a 403.
      expect((await save({ nonsense: true }, token)).statusCode).toBe(403);
      expect(await t.context.db.selectFrom('services').select('service_name').execute()).toEqual([
        { service_name: 'GST' },
      ]);
    },
  );

  it('answers 401 to every services endpoint without a token but the public options', async () => {
    await createServices(['GST']);
    const options = await t.request({ method: 'GET', url: '/api/service/options' });
    expect(options.statusCode).toBe(200);
    expect(options.json().data).toEqual([{ value: expect.any(Number), label: 'GST' }]);
    for (const [method, url] of [
      ['GET', '/api/service/allServices'],
      ['GET', '/api/service/all'],
      ['POST', '/api/service/create'],
    ] as const) {
      const response = await t.request({
        method,
        url,
        ...(method === 'POST' ? { payload: { service_name: 'X' } } : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().status).toBe('error');
    }
  });

  it('records every create and edit in the audit log', async () => {
    const created = (await save({ service_name: 'GST' })).json().data;
    await save({ service_name: 'GST Filing', service_id: created.service_id });
    const actions = (await readAuditEvents(t, 'service.%')).map(({ action, entity_id }) => ({ action, entity_id }));
    expect(actions).toEqual([
      { action: 'service.create', entity_id: created.service_id },
      { action: 'service.update', entity_id: created.service_id },
    ]);
  });
});
