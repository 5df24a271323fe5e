import { CLIENT_STATUSES, COMMON_PATHS, PINCODE_MESSAGES, pincodeQuerySchema } from '@portal/contract/common';
import { API_BASE_PATH } from '@portal/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { presentSuccess } from '../../http/envelope.js';
import { lookUpPincode } from './pincode-directory.js';

export function registerCommonRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  // Public: the registration form looks up pincodes before anyone is signed in.
  app.get(
    `${API_BASE_PATH}${COMMON_PATHS.pincode}`,
    { config: { public: true }, schema: { querystring: pincodeQuerySchema } },
    async (request) => {
      const { known, ...result } = lookUpPincode(request.query.pincode);
      return presentSuccess(known ? PINCODE_MESSAGES.found : PINCODE_MESSAGES.unknown, result);
    },
  );

  app.get(`${API_BASE_PATH}${COMMON_PATHS.clientStatus}`, async () =>
    presentSuccess('Client statuses.', CLIENT_STATUSES),
  );
}
