import {
  CLIENT_STATUSES,
  COMMON_PATHS,
  clientStatusOptionSchema,
  PINCODE_MESSAGES,
  type PortalSettings,
  pincodeQuerySchema,
  pincodeResultSchema,
  portalSettingsSchema,
  SETTINGS_PATH,
} from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { lookUpPincode } from './pincode-directory.js';

export function registerCommonRoutes(server: FastifyInstance, config: Config): void {
  const route = declareApiRoutes(server);

  route.get(SETTINGS_PATH, { config: { public: true }, answer: portalSettingsSchema }, async () => {
    const settings: PortalSettings = {
      require_tax_id: config.requireTaxId,
      registration_open: config.registrationOpen,
      registration_approval: config.registrationApproval,
      max_upload_mb: Math.round(config.maxUploadBytes / (1024 * 1024)),
    };
    return presentSuccess('Portal settings.', settings);
  });

  // Public: the registration form looks up pincodes before anyone is signed in.
  route.get(
    COMMON_PATHS.pincode,
    { config: { public: true }, querystring: pincodeQuerySchema, answer: pincodeResultSchema },
    async (request) => {
      const { known, ...result } = lookUpPincode(request.query.pincode);
      return presentSuccess(known ? PINCODE_MESSAGES.found : PINCODE_MESSAGES.unknown, result);
    },
  );

  route.get(
    COMMON_PATHS.clientStatus,
    { answer: z.array(clientStatusOptionSchema).readonly(), message: 'Client statuses.' },
    () => CLIENT_STATUSES,
  );
}
