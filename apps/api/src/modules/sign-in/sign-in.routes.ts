import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  AUTH_PATHS,
  CSRF_COOKIE_NAME,
  loginAnswerSchema,
  loginSchema,
  needsSecondStep,
  signedInUserSchema,
} from '@portal/contract/auth';
import { logoutSchema, SESSION_MESSAGES } from '@portal/contract/sessions';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes, describeResponses } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { HttpError } from '../../http/http-error.js';
import { emptyAnswer } from '../../http/non-json-answers.js';
import { presentSignedInUser } from '../users/signed-in-user.js';
import { findUserById } from '../users/users.service.js';
import { signIn, signOut } from './sign-in.service.js';

export function registerSignInRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.post(
    AUTH_PATHS.login,
    { config: { public: true }, body: loginSchema, answer: loginAnswerSchema },
    async (request) => {
      const result = await signIn(context, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return presentSuccess(needsSecondStep(result) ? AUTH_MESSAGES.secondStep : AUTH_MESSAGES.signedIn, result);
    },
  );

  // No body ends this session; `{all: true}` every session of the user ("Sign out everywhere").
  route.post(AUTH_PATHS.logout, { body: logoutSchema, answer: z.null() }, async (request) => {
    const all = request.body?.all === true;
    await signOut(context, requireActor(request), request.ip, { all });
    return presentSuccess(all ? SESSION_MESSAGES.endedAll : AUTH_MESSAGES.signedOut, null);
  });

  route.get(AUTH_PATHS.me, { answer: signedInUserSchema, message: 'Current user.' }, async (_request, actor) => {
    const user = await findUserById(context.db, actor.id);
    if (!user) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
    return presentSignedInUser(user, context.config.require2faRoles);
  });

  // Kept for clients written against the spec; the bearer token is what actually guards writes. Not
  // under /api, as the spec has it.
  server.get(
    AUTH_PATHS.csrfCookie,
    {
      config: { public: true },
      schema: { response: describeResponses(emptyAnswer('The XSRF-TOKEN cookie is set; nothing in the body.')) },
    },
    async (_request, reply) => {
      reply.setCookie(CSRF_COOKIE_NAME, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: 'auto',
        httpOnly: false,
        maxAge: 2 * 60 * 60,
      });
      return reply.code(204).send();
    },
  );
}
