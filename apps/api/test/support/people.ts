import { buildMultipart, type MultipartFile, SAMPLE_FILES } from './multipart.js';
import type { ApiCaller } from './test-app.js';

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

export async function createServices(t: ApiCaller, token: string, names: string[]): Promise<number[]> {
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
  t: ApiCaller,
  token: string | undefined,
  url: string,
  fields: Record<string, string | number | (string | number)[] | undefined>,
  files: MultipartFile[] = [],
) {
  const { payload, headers } = buildMultipart(fields, files);
  return t.request({ method: 'POST', url, token, payload, headers });
}

/** What a user does at its first sign-in when its creator typed its password: choose its own. */
export const CHOSEN_PASSWORD = 'Chosen@456';

/**
 * Signs in with the password a creator typed and changes it, as the user must before anything else
 * (issue 12); answers the password it now has.
 */
export async function takeOverPassword(t: ApiCaller, email: string, typed: string, chosen = CHOSEN_PASSWORD) {
  const token = await t.signIn({ email, password: typed });
  const response = await t.request({
    method: 'PUT',
    url: '/api/user/password',
    token,
    payload: { current_password: typed, password: chosen, password_confirmation: chosen },
  });
  if (response.statusCode !== 200) throw new Error(`password change failed: ${response.statusCode} ${response.body}`);
  await t.request({ method: 'POST', url: '/api/logout', token });
  return chosen;
}

/**
 * Creates a user through the API as `token` would, and (when a password was typed) lets the user take
 * it over as its first sign-in requires; answers its id and sign-in details.
 */
export async function createUserThroughApi(
  t: ApiCaller,
  token: string,
  fields: Record<string, string | number | (string | number)[] | undefined>,
  files: MultipartFile[] = [],
) {
  const response = await postUserForm(t, token, '/api/user/create', fields, files);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  const user = response.json().data;
  const password = fields.password ? await takeOverPassword(t, user.email, String(fields.password)) : '';
  return {
    id: user.id as number,
    email: user.email as string,
    username: user.username as string,
    password,
  };
}
