/**
 * Keys of the browser session in localStorage. Apart from auth.ts, which pulls in zod: the
 * sign-in page reads the session before any validation code is loaded (docs/performance.md, "The first page").
 */
export const SESSION_KEYS = {
  token: 'token',
  role: 'role',
  user: 'user',
} as const;
