import { pagedSchema } from '@portal/contract/envelope';
import { pageQuerySchema } from '@portal/contract/paging';
import {
  SERVICE_MESSAGES,
  SERVICE_PATHS,
  serviceOptionSchema,
  serviceSaveSchema,
  serviceSchema,
} from '@portal/contract/services';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { presentService, presentServiceOption } from './service.presenter.js';
import { listServiceCatalogue, listServices, saveService } from './services.service.js';

export function registerServiceRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    SERVICE_PATHS.allServices,
    { ability: 'services.read', answer: z.array(serviceSchema), message: SERVICE_MESSAGES.listed },
    async () => {
      const rows = await listServiceCatalogue(context.db);
      return rows.map(presentService);
    },
  );

  // Public: the sign-up form offers the catalogue before anyone is signed in.
  route.get(SERVICE_PATHS.options, { config: { public: true }, answer: z.array(serviceOptionSchema) }, async () => {
    const rows = await listServiceCatalogue(context.db);
    return presentSuccess(SERVICE_MESSAGES.listed, rows.map(presentServiceOption));
  });

  route.get(
    SERVICE_PATHS.all,
    {
      ability: 'services.read',
      querystring: pageQuerySchema,
      answer: pagedSchema(serviceSchema),
      message: SERVICE_MESSAGES.listed,
    },
    (request) => listServices(context, request.query),
  );

  route.post(
    SERVICE_PATHS.create,
    { ability: 'services.write', body: serviceSaveSchema, answer: serviceSchema },
    async (request, reply) => {
      const { service, created } = await saveService(context, requireActor(request), request.body, request.ip);
      reply.code(created ? 201 : 200);
      return presentSuccess(created ? SERVICE_MESSAGES.created : SERVICE_MESSAGES.updated, presentService(service));
    },
  );
}
