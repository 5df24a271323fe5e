import { API_BASE_PATH } from '@portal/contract/envelope';
import { pageQuerySchema } from '@portal/contract/paging';
import { SERVICE_MESSAGES, SERVICE_PATHS, serviceSaveSchema } from '@portal/contract/services';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { presentSuccess } from '../../http/envelope.js';
import { requireAbility } from '../../policy/policy.js';
import { presentService, presentServiceOption } from './service.presenter.js';
import { listServiceCatalogue, listServices, saveService } from './services.service.js';

export function registerServiceRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const canRead = requireAbility('services.read');

  app.get(`${API_BASE_PATH}${SERVICE_PATHS.allServices}`, { preValidation: canRead }, async () => {
    const rows = await listServiceCatalogue(context.db);
    return presentSuccess(SERVICE_MESSAGES.listed, rows.map(presentService));
  });

  // Public: the sign-up form offers the catalogue before anyone is signed in.
  app.get(`${API_BASE_PATH}${SERVICE_PATHS.options}`, { config: { public: true } }, async () => {
    const rows = await listServiceCatalogue(context.db);
    return presentSuccess(SERVICE_MESSAGES.listed, rows.map(presentServiceOption));
  });

  app.get(
    `${API_BASE_PATH}${SERVICE_PATHS.all}`,
    { preValidation: canRead, schema: { querystring: pageQuerySchema } },
    async (request) => presentSuccess(SERVICE_MESSAGES.listed, await listServices(context, request.query)),
  );

  app.post(
    `${API_BASE_PATH}${SERVICE_PATHS.create}`,
    { preValidation: requireAbility('services.write'), schema: { body: serviceSaveSchema } },
    async (request, reply) => {
      const { service, created } = await saveService(context, requireActor(request), request.body, request.ip);
      reply.code(created ? 201 : 200);
      return presentSuccess(created ? SERVICE_MESSAGES.created : SERVICE_MESSAGES.updated, presentService(service));
    },
  );
}
