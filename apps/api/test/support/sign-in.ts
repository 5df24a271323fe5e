import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Signs in through POST /api/login with `request` (an app's inject or a portal over HTTP) and answers
 * the session token; a refused sign-in throws with its status and body.
 */
export async function signInThroughApi(
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>,
  user: { email: string; password: string },
): Promise<string> {
  const response = await request({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json().data.token as string;
}

/** Signs in as `user` (a new session) and answers the status of GET /api/me with that session. */
export async function readMeStatusOnNewSession(
  t: {
    request(options: InjectOptions): Promise<LightMyRequestResponse>;
    signIn(user: { email: string; password: string }): Promise<string>;
  },
  user: { email: string; password: string },
): Promise<number> {
  const response = await t.request({
    method: 'GET',
    url: '/api/me',
    headers: { authorization: `Bearer ${await t.signIn(user)}` },
  });
  return response.statusCode;
}
