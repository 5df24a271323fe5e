import { API_BASE_PATH } from '@portal/contract/envelope';
import {
  PASSWORD_MESSAGES,
  PASSWORD_PATHS,
  passwordChangeSchema,
  passwordForgotSchema,
  passwordResetSchema,
} from '@portal/contract/passwords';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { presentSuccess } from '../../http/envelope.js';
import { changeOwnPassword } from './password-change.service.js';
import { requestPasswordReset, resetPasswordWithLink, sendResetLinkToUser } from './password-reset.service.js';

export function registerPasswordRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const path = (suffix: string) => `${API_BASE_PATH}${suffix}`;

  app.put(path(PASSWORD_PATHS.change), { schema: { body: passwordChangeSchema } }, async (request) => {
    const user = await changeOwnPassword(context, requireActor(request), request.body, request.ip);
    return presentSuccess(PASSWORD_MESSAGES.changed, { user });
  });

  app.post(
    path(PASSWORD_PATHS.forgot),
    { config: { public: true }, schema: { body: passwordForgotSchema } },
    async (request) => {
      await requestPasswordReset(context, request.body.email, request.ip);
      return presentSuccess(PASSWORD_MESSAGES.forgotAnswer, null);
    },
  );

  app.post(
    path(PASSWORD_PATHS.reset),
    { config: { public: true }, schema: { body: passwordResetSchema } },
    async (request) => {
      await resetPasswordWithLink(context, request.body, request.ip);
      return presentSuccess(PASSWORD_MESSAGES.resetDone, null);
    },
  );

  app.post(path('/user/:id/send-reset'), { schema: { params: userIdParamsSchema } }, async (request) => {
    await sendResetLinkToUser(context, requireActor(request), request.params.id, request.ip);
    return presentSuccess(PASSWORD_MESSAGES.resetSent, null);
  });
}
