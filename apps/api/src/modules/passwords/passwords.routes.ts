import { signedInUserSchema } from '@portal/contract/auth';
import {
  PASSWORD_MESSAGES,
  PASSWORD_PATHS,
  passwordChangeSchema,
  passwordForgotSchema,
  passwordResetSchema,
} from '@portal/contract/passwords';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { changeOwnPassword } from './password-change.service.js';
import { requestPasswordReset, resetPasswordWithLink, sendResetLinkToUser } from './password-reset.service.js';

export function registerPasswordRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.put(
    PASSWORD_PATHS.change,
    {
      body: passwordChangeSchema,
      answer: z.object({ user: signedInUserSchema }),
      message: PASSWORD_MESSAGES.changed,
    },
    async (request, actor) => ({ user: await changeOwnPassword(context, actor, request.body, request.ip) }),
  );

  route.post(
    PASSWORD_PATHS.forgot,
    { config: { public: true }, body: passwordForgotSchema, answer: z.null() },
    async (request) => {
      await requestPasswordReset(context, request.body.email, request.ip);
      return presentSuccess(PASSWORD_MESSAGES.forgotAnswer, null);
    },
  );

  route.post(
    PASSWORD_PATHS.reset,
    { config: { public: true }, body: passwordResetSchema, answer: z.null() },
    async (request) => {
      await resetPasswordWithLink(context, request.body, request.ip);
      return presentSuccess(PASSWORD_MESSAGES.resetDone, null);
    },
  );

  route.post(
    '/user/:id/send-reset',
    { params: userIdParamsSchema, answer: z.null(), message: PASSWORD_MESSAGES.resetSent },
    (request, actor) => sendResetLinkToUser(context, actor, request.params.id, request.ip),
  );
}
