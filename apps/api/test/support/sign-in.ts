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
