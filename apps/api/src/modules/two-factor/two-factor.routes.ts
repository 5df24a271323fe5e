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
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { disableTwoFactor, enableTwoFactor, resetTwoFactorOfUser, startTwoFactorSetup } from './two-factor.service.js';
import { completeSecondStep } from './two-factor-sign-in.service.js';

export function registerTwoFactorRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.post(
    TWO_FACTOR_PATHS.login,
    { config: { public: true }, body: twoFactorLoginSchema, answer: loginResultSchema },
    async (request) => {
      const result = await completeSecondStep(context, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return presentSuccess(AUTH_MESSAGES.signedIn, result);
    },
  );

  route.post(
    TWO_FACTOR_PATHS.setup,
    { answer: twoFactorSetupSchema, message: TWO_FACTOR_MESSAGES.setupStarted },
    (_request, actor) => startTwoFactorSetup(context, actor),
  );

  route.post(
    TWO_FACTOR_PATHS.enable,
    { body: twoFactorEnableSchema, answer: twoFactorEnabledSchema, message: TWO_FACTOR_MESSAGES.enabled },
    (request, actor) => enableTwoFactor(context, actor, request.body, request.ip),
  );

  route.post(
    TWO_FACTOR_PATHS.disable,
    { body: twoFactorDisableSchema, answer: z.null(), message: TWO_FACTOR_MESSAGES.disabled },
    (request, actor) => disableTwoFactor(context, actor, request.body.current_password, request.ip),
  );

  route.post(
    '/user/:id/reset-2fa',
    { params: userIdParamsSchema, answer: z.null(), message: TWO_FACTOR_MESSAGES.reset },
    (request, actor) => resetTwoFactorOfUser(context, actor, request.params.id, request.ip),
  );
}
