import { expect } from 'vitest';
import type { Member } from './firm.js';
import { mpcFields, postUserForm, qualificationProof } from './people.js';
import type { ApiCaller } from './test-app.js';

/**
 * Signs a new firm up through the public form (/api/register, which must answer 201) on `services`, and
 * signs its MPC in: the member, the fields it sent (the form's, with `role_id`) and the status it has.
 */
export async function signUpFirmPublicly(
  t: ApiCaller,
  services: number[],
): Promise<{ member: Member; fields: ReturnType<typeof mpcFields>; status: string }> {
  const fields = mpcFields(services);
  const { role_id: _role, ...sent } = fields;
  const registered = await postUserForm(t, undefined, '/api/register', sent, [qualificationProof]);
  expect(registered.statusCode).toBe(201);
  const signedIn = await t.request({
    method: 'POST',
    url: '/api/login',
    payload: { email: fields.email, password: fields.password },
  });
  const { token, user } = signedIn.json().data;
  return {
    member: { id: user.id, email: fields.email, username: user.username, password: fields.password, token },
    fields,
    status: user.status,
  };
}
