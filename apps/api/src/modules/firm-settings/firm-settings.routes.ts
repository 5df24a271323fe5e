import { API_BASE_PATH } from '@portal/contract/envelope';
import { firmSettingsSchema, REQUEST_MESSAGES, REQUEST_PATHS } from '@portal/contract/requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { presentSuccess } from '../../http/envelope.js';
import { requireAbility } from '../../policy/policy.js';
import { readFirmSettings, saveFirmSettings } from './firm-settings.service.js';

/** A firm's own settings, read and changed by its MPC. */
export function registerFirmSettingsRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const path = `${API_BASE_PATH}${REQUEST_PATHS.firmSettings}`;
  const canChange = requireAbility('firm.settings');

  app.get(path, { preValidation: canChange }, async (request) =>
    presentSuccess(REQUEST_MESSAGES.settingsFetched, await readFirmSettings(context, requireActor(request))),
  );

  app.put(path, { preValidation: canChange, schema: { body: firmSettingsSchema } }, async (request) =>
    presentSuccess(
      REQUEST_MESSAGES.settingsSaved,
      await saveFirmSettings(context, requireActor(request), request.body),
    ),
  );
}
