import type { InjectOptions, LightMyRequestResponse } from 'fastify';

type Request = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** Reads the caller's firm's privacy notice and accepts the version read, as the notice screen does. */
export async function acceptPrivacyNoticeThroughApi(request: Request, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const notice = await request({ method: 'GET', url: '/api/privacy/notice', headers });
  if (notice.statusCode !== 200) throw new Error(`privacy notice failed: ${notice.statusCode} ${notice.body}`);
  const accepted = await request({
    method: 'POST',
    url: '/api/privacy/notice/accept',
    headers,
    payload: { version: notice.json().data.version },
  });
  if (accepted.statusCode !== 200) throw new Error(`acceptance failed: ${accepted.statusCode} ${accepted.body}`);
}

/**
 * Signs in through POST /api/login with `request` (an app's inject or a portal over HTTP) and answers
 * the session token; a refused sign-in throws with its status and body. A PC, executor or client whose
 * firm's privacy notice waits for it accepts it first, as tests not about the notice need (issue 25),
 * unless `acceptPrivacyNotice` is false; one with a password or second factor to see to first does not.
 */
export async function signInThroughApi(
  request: Request,
  user: { email: string; password: string },
  options: { acceptPrivacyNotice?: boolean } = {},
): Promise<string> {
  const response = await request({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const { token, user: signedIn } = response.json().data as {
    token: string;
    user?: {
      privacy_notice_required?: boolean;
      password_change_required?: boolean;
      two_factor_setup_required?: boolean;
    };
  };
  const noticeFirst =
    signedIn?.privacy_notice_required === true &&
    !signedIn.password_change_required &&
    !signedIn.two_factor_setup_required;
  if (noticeFirst && options.acceptPrivacyNotice !== false) await acceptPrivacyNoticeThroughApi(request, token);
  return token;
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
