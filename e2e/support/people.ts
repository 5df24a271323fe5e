import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_ADMIN } from './e2e-env';

/** A real one-page PDF with one line of text, so a preview has something to render. */
function buildOnePagePdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 20 40 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const PDF_BYTES = buildOnePagePdf('ITR-V 2024');

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/login', { data: E2E_ADMIN });
  return (await response.json()).data.token;
}

export async function ensureService(request: APIRequestContext, token: string, name: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/service/create', { data: { service_name: name }, headers });
  if (created.ok()) return (await created.json()).data.service_id;
  const all = await (await request.get('/api/service/allServices', { headers })).json();
  return all.data.find((service: { service_name: string }) => service.service_name === name).service_id;
}

/** The password a user created with a typed one chooses at its first sign-in (issue 12). */
export const CHOSEN_PASSWORD = 'Chosen@456';

/**
 * Accepts the firm's privacy notice for the session's user when it waits for it (a PC, executor or
 * client: issue 25), through the API, as the notice screen would; journeys not about it start past it.
 */
export async function acceptPrivacyNotice(request: APIRequestContext, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/me', { headers })).json()).data;
  if (!me?.privacy_notice_required) return;
  const notice = (await (await request.get('/api/privacy/notice', { headers })).json()).data;
  const accepted = await request.post('/api/privacy/notice/accept', { headers, data: { version: notice.version } });
  if (!accepted.ok()) throw new Error(`accepting the privacy notice failed: ${accepted.status()}`);
}

/**
 * Signs in with the password a creator typed and changes it, as the user must before anything else, then
 * accepts its firm's privacy notice; done through the API for journeys that are not about either.
 * Answers the password the user now has.
 */
export async function takeOverPassword(
  request: APIRequestContext,
  email: string,
  typed: string,
  options: { acceptNotice?: boolean } = {},
): Promise<string> {
  const token = await apiToken(request, email, typed);
  const response = await request.put('/api/user/password', {
    headers: { authorization: `Bearer ${token}` },
    data: { current_password: typed, password: CHOSEN_PASSWORD, password_confirmation: CHOSEN_PASSWORD },
  });
  if (!response.ok()) throw new Error(`password change failed for ${email}: ${response.status()}`);
  if (options.acceptNotice !== false) await acceptPrivacyNotice(request, token);
  await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
  return CHOSEN_PASSWORD;
}

/** Creates an MPC through the API, as the Add form would; answers its email and (its own) password. */
export async function createMpcThroughApi(
  request: APIRequestContext,
  token: string,
  fields: { first_name: string; last_name: string; mobile_number?: string; service_id: number },
) {
  const email = `${fields.first_name.toLowerCase()}.${uniqueSuffix()}@firm.test`;
  const response = await request.post('/api/user/create', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      role_id: '2',
      first_name: fields.first_name,
      last_name: fields.last_name,
      email,
      mobile_number: fields.mobile_number ?? '9876543210',
      password: 'Secret@123',
      pincode: '560001',
      city: 'Bengaluru',
      state: 'Karnataka',
      practice_since: '2012',
      qualification: 'ca',
      nature_of_service: JSON.stringify([fields.service_id]),
      qualification_proof: { name: 'degree.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES },
    },
  });
  if (response.status() !== 201) throw new Error(`create MPC failed: ${response.status()} ${await response.text()}`);
  const id = (await response.json()).data.id as number;
  return { email, password: await takeOverPassword(request, email, 'Secret@123'), id };
}

/** A form field by its label, with or without the required asterisk. */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label}( \\*)?$`));
}

/** Fills the fields the Add Master Professional Consultant form requires. */
export async function fillMpcForm(page: Page, values: { first: string; last: string; email: string; service: string }) {
  const form = page.locator('form').first();
  await field(form, 'First name').fill(values.first);
  await field(form, 'Last name').fill(values.last);
  await field(form, 'Email').fill(values.email);
  await field(form, 'Mobile number').fill('9876543210');
  await field(form, 'Password').fill('Secret@123');
  await field(form, 'Pincode').fill('560001');
  await field(form, 'Pincode').blur();
  await field(form, 'Qualification').selectOption('ca');
  await field(form, 'Qualification proof').setInputFiles({
    name: 'degree.pdf',
    mimeType: 'application/pdf',
    buffer: PDF_BYTES,
  });
  await field(form, 'Practice since').fill('2012');
  await form.getByRole('checkbox', { name: values.service, exact: true }).check();
}

export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/login', { data: { email, password } });
  if (!response.ok()) throw new Error(`sign-in failed for ${email}: ${response.status()}`);
  return (await response.json()).data.token;
}

/** Creates a PC, executor or client through the API as `token`; answers its sign-in details. */
export async function createUserAs(
  request: APIRequestContext,
  token: string,
  role: 'pc' | 'executor' | 'client',
  first: string,
  serviceIds: number[] = [],
  extra: Record<string, string> = {},
  options: { acceptNotice?: boolean } = {},
) {
  const roleIds = { pc: 3, executor: 4, client: 5 };
  const email = `${first.toLowerCase()}.${uniqueSuffix()}@firm.test`;
  const clientFields: Record<string, string> =
    role === 'client'
      ? {
          pincode: '560001',
          city: 'Bengaluru',
          state: 'Karnataka',
          country: 'IN',
          nature_of_service: JSON.stringify(serviceIds),
        }
      : {};
  const response = await request.post('/api/user/create', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      role_id: String(roleIds[role]),
      first_name: first,
      last_name: 'Demo',
      email,
      mobile_number: '9876543210',
      password: 'Secret@123',
      ...clientFields,
      ...extra,
    },
  });
  if (response.status() !== 201)
    throw new Error(`create ${role} failed: ${response.status()} ${await response.text()}`);
  const user = (await response.json()).data;
  const password = await takeOverPassword(request, email, 'Secret@123', options);
  return { id: user.id as number, email, username: user.username as string, password };
}

/** An MPC with its own services, signed in through the API. */
export async function createFirm(request: APIRequestContext) {
  const admin = await adminToken(request);
  const gst = await ensureService(request, admin, 'GST Filing');
  const itr = await ensureService(request, admin, 'ITR Filing');
  const mpc = await createMpcThroughApi(request, admin, {
    first_name: 'Firm',
    last_name: `Owner${uniqueSuffix()}`,
    service_id: gst,
  });
  const token = await apiToken(request, mpc.email, mpc.password);
  return { mpc, token, gst, itr };
}

/** A folder at a service's top level holding one PDF, made by the firm through the API; answers the folder id. */
export async function createFolderWithFile(
  request: APIRequestContext,
  token: string,
  target: { clientId: number; serviceId: number },
  names: { folder: string; file: string; clientCanDelete: boolean },
): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const folder = await request.post('/api/folder/create', {
    headers,
    data: { folder_name: names.folder, client_id: target.clientId, service_id: target.serviceId, folder_id: '' },
  });
  if (folder.status() !== 201) throw new Error(`create folder failed: ${folder.status()} ${await folder.text()}`);
  const folderId = (await folder.json()).data.folder_id as number;
  const upload = await request.post('/api/folder/uploadFile', {
    headers,
    multipart: {
      client_id: String(target.clientId),
      service_id: String(target.serviceId),
      folder_id: String(folderId),
      is_deleted: names.clientCanDelete ? '1' : '0',
      file: { name: names.file, mimeType: 'application/pdf', buffer: PDF_BYTES },
    },
  });
  if (upload.status() !== 201) throw new Error(`upload failed: ${upload.status()} ${await upload.text()}`);
  return folderId;
}

/** Ties a rule of the statutory calendar (by code) to a service as the admin; the portal plans its work. */
export async function tieRule(request: APIRequestContext, token: string, code: string, serviceId: number) {
  const headers = { authorization: `Bearer ${token}` };
  const rules = (await (await request.get('/api/compliance/rules', { headers })).json()).data as {
    id: number;
    code: string;
  }[];
  const rule = rules.find((entry) => entry.code === code);
  if (!rule) throw new Error(`no rule ${code}`);
  const response = await request.put(`/api/compliance/rules/${rule.id}`, { headers, data: { service_id: serviceId } });
  if (!response.ok()) throw new Error(`tie ${code} failed: ${response.status()} ${await response.text()}`);
}

/**
 * A firm whose GST service plans GSTR-3B work, with a PC and a client of GST made by its MPC through the
 * API, named `names` plus one unique suffix (answered, for finding them on screen).
 */
export async function createFirmWithGstWork(request: APIRequestContext, names: { pc: string; client: string }) {
  const firm = await createFirm(request);
  await tieRule(request, await adminToken(request), 'GSTR3B_MONTHLY', firm.gst);
  const suffix = uniqueSuffix();
  const [pc, client] = await Promise.all([
    createUserAs(request, firm.token, 'pc', `${names.pc}${suffix}`),
    createUserAs(request, firm.token, 'client', `${names.client}${suffix}`, [firm.gst]),
  ]);
  return { firm, pc, client, suffix };
}

/** The work items a user sees, earliest due first. */
export async function listWork(request: APIRequestContext, token: string, query = '') {
  const response = await request.get(`/api/work?limit=100${query}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`work list failed: ${response.status()}`);
  return (await response.json()).data.data as { id: number; title: string; client_id: number; due_date: string }[];
}

/** Asks the work item's client for documents through the API (as staff); answers the request. */
export async function askForDocuments(request: APIRequestContext, token: string, workId: number, items: string[]) {
  const neededBy = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const response = await request.post(`/api/work/${workId}/requests`, {
    headers: { authorization: `Bearer ${token}` },
    data: { items, message: 'For this month, please.', due_date: neededBy },
  });
  if (response.status() !== 201) throw new Error(`request failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).data as { id: number; items: { id: number; name: string }[] };
}

/** The client's PDF for one document of a request, through the API. */
export async function uploadForRequest(request: APIRequestContext, token: string, requestId: number, itemId: number) {
  const response = await request.post(`/api/requests/${requestId}/items/${itemId}/upload`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'document.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES } },
  });
  if (response.status() !== 201) throw new Error(`upload failed: ${response.status()} ${await response.text()}`);
}
