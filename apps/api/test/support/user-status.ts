import type { ApiCaller } from './test-app.js';

/** Sets a user's status (`active`, `deactivated`, …) through the API as `token`'s user; answers the answer. */
export function setUserStatusThroughApi(t: ApiCaller, token: string, userId: number, status: string) {
  return t.request({ method: 'PUT', url: '/api/user/updateStatus', token, payload: { user_id: userId, status } });
}
