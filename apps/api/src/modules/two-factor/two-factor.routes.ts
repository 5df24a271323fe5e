import { AUTH_MESSAGES, loginResultSchema } from '@portal/contract/auth';
import {
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PATHS,
  twoFactorDisableSchema,
  twoFactorEnabledSchema,
  twoFactorEnableSchema,
  twoFactorLoginSchema,
  twoFactorSetupSchema,
} from '@portal/contract/two-factor';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { disableTwoFactor, enableTwoFactor, resetTwoFactorOfUser, startTwoFactorSetup } from './two-factor.service.js';
import { completeSecondStep } from './two-factor-sign-in.service.js';

export function registerTwoFactorRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.post(
    TWO_FACTOR_PATHS.login,
    { config: { public: true }, schema: { body: twoFactorLoginSchema }, answer: loginResultSchema },
    async (request) => {
      const result = await completeSecondStep(context, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return presentSuccess(AUTH_MESSAGES.signedIn, result);
    },
  );

  route.post(TWO_FACTOR_PATHS.setup, { answer: twoFactorSetupSchema }, async (request) =>
    presentSuccess(TWO_FACTOR_MESSAGES.setupStarted, await startTwoFactorSetup(context, requireActor(request))),
  );

  route.post(
    TWO_FACTOR_PATHS.enable,
    { schema: { body: twoFactorEnableSchema }, answer: twoFactorEnabledSchema },
    async (request) =>
      presentSuccess(
        TWO_FACTOR_MESSAGES.enabled,
        await enableTwoFactor(context, requireActor(request), request.body, request.ip),
      ),
  );

  route.post(
    TWO_FACTOR_PATHS.disable,
    { schema: { body: twoFactorDisableSchema }, answer: z.null() },
    async (request) => {
      await disableTwoFactor(context, requireActor(request), request.body.current_password, request.ip);
      return presentSuccess(TWO_FACTOR_MESSAGES.disabled, null);
    },
  );

  route.post('/user/:id/reset-2fa', { schema: { params: userIdParamsSchema }, answer: z.null() }, async (request) => {
    await resetTwoFactorOfUser(context, requireActor(request), request.params.id, request.ip);
    return presentSuccess(TWO_FACTOR_MESSAGES.reset, null);
  });
}
