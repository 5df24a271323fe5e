import { buildMultipart, type MultipartFile, SAMPLE_FILES } from './multipart.js';
import type { TestApp } from './test-app.js';

let counter = 0;

/** Every field the Add Master Professional Consultant form requires, with a unique email. */
export function mpcFields(
  serviceIds: number[],
  overrides: Record<string, string | number | (string | number)[] | undefined> = {},
) {
  counter += 1;
  return {
    role_id: 2,
    first_name: 'Meera',
    last_name: `Iyer${counter}`,
    email: `meera${counter}.${Date.now()}@firm.in`,
    mobile_number: '9876543210',
    password: 'Secret@123',
    address: '12 MG Road',
    pincode: '560001',
    city: 'Bengaluru',
    state: 'Karnataka',
    practice_since: '2012',
    qualification: 'ca',
    nature_of_service: serviceIds,
    ...overrides,
  };
}

export const qualificationProof: MultipartFile = {
  field: 'qualification_proof',
  name: 'degree.pdf',
  content: SAMPLE_FILES.pdf,
  type: 'application/pdf',
};

export async function createServices(t: TestApp, token: string, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const response = await t.request({
      method: 'POST',
      url: '/api/service/create',
      token,
      payload: { service_name: name },
    });
    ids.push(response.json().data.service_id);
  }
  return ids;
}

export async function postUserForm(
  t: TestApp,
  token: string | undefined,
  url: string,
  fields: Record<string, string | number | (string | number)[] | undefined>,
  files: MultipartFile[] = [],
) {
  const { payload, headers } = buildMultipart(fields, files);
  return t.request({ method: 'POST', url, token, payload, headers });
}

/** Creates a user through the API as `token` would; answers its id and sign-in details. */
export async function createUserThroughApi(
  t: TestApp,
  token: string,
  fields: Record<string, string | number | (string | number)[] | undefined>,
  files: MultipartFile[] = [],
) {
  const response = await postUserForm(t, token, '/api/user/create', fields, files);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  const user = response.json().data;
  return {
    id: user.id as number,
    email: user.email as string,
    username: user.username as string,
    password: String(fields.password),
  };
}
