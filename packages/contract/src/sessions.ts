import { z } from 'zod';
import { buildIdParamsSchema } from './row-ids.js';

/** One signed-in session of the caller (`GET /api/sessions`): never its token. */
export const sessionSummarySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  /** The browser as its User-Agent names it, shortened for a person to read ("Chrome 131 on Linux"). */
  browser: z.string(),
  user_agent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const SESSION_MESSAGES = {
  listed: 'Active sessions.',
  ended: 'The session was signed out.',
  endedAll: 'Signed out everywhere.',
  notFound: 'Session not found.',
} as const;

export const SESSION_PATHS = {
  list: '/sessions',
  one: (id: number | string) => `/sessions/${id}`,
} as const;

export const sessionIdParamsSchema = buildIdParamsSchema(SESSION_MESSAGES.notFound);

/** `POST /api/logout`: no body ends this session, `{all: true}` every session of the user. */
export const logoutSchema = z
  .strictObject({ all: z.boolean({ error: 'all must be true or false.' }).optional() })
  .optional();
