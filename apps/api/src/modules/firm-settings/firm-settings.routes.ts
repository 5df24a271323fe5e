import {
  firmSettingsAnswerSchema,
  firmSettingsSchema,
  REQUEST_MESSAGES,
  REQUEST_PATHS,
} from '@portal/contract/requests';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { readFirmSettings, saveFirmSettings } from './firm-settings.service.js';

/** A firm's own settings, read and changed by its MPC. */
export function registerFirmSettingsRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  const path = REQUEST_PATHS.firmSettings;
  const ability = 'firm.settings';

  route.get(
    path,
    { ability, answer: firmSettingsAnswerSchema, message: REQUEST_MESSAGES.settingsFetched },
    (_request, actor) => readFirmSettings(context, actor),
  );

  route.put(
    path,
    {
      ability,
      body: firmSettingsSchema,
      answer: firmSettingsAnswerSchema,
      message: REQUEST_MESSAGES.settingsSaved,
    },
    (request, actor) => saveFirmSettings(context, actor, request.body),
  );
}
