import {
  ASSIGNMENT_MESSAGES,
  ASSIGNMENT_PATHS,
  assignExecutorSchema,
  assignMpcSchema,
  assignPcSchema,
  assignTypeSchema,
  clientServiceSchema,
  serviceAssignmentSchema,
} from '@portal/contract/assignments';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { assignExecutor, assignMpc, assignPc, listAssignments, updateAssignType } from './assignments.service.js';
import { listClientServices } from './client-service-list.service.js';

export function registerAssignmentRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  const byClient = { schema: { params: userIdParamsSchema } };

  route.get('/service/client/:id', { ...byClient, answer: z.array(clientServiceSchema) }, async (request) =>
    presentSuccess(
      ASSIGNMENT_MESSAGES.listed,
      await listClientServices(context, requireActor(request), request.params.id),
    ),
  );

  route.get('/service/assignService/:id', { ...byClient, answer: z.array(serviceAssignmentSchema) }, async (request) =>
    presentSuccess(
      ASSIGNMENT_MESSAGES.listed,
      await listAssignments(context, requireActor(request), request.params.id),
    ),
  );

  route.put(ASSIGNMENT_PATHS.updateType, { schema: { body: assignTypeSchema }, answer: z.null() }, async (request) => {
    await updateAssignType(context, requireActor(request), request.body, request.ip);
    return presentSuccess(ASSIGNMENT_MESSAGES.typeSaved, null);
  });

  route.post(ASSIGNMENT_PATHS.assignPc, { schema: { body: assignPcSchema }, answer: z.null() }, async (request) => {
    await assignPc(context, requireActor(request), request.body, request.ip);
    return presentSuccess(ASSIGNMENT_MESSAGES.saved, null);
  });

  route.post(
    ASSIGNMENT_PATHS.assignExecutor,
    { schema: { body: assignExecutorSchema }, answer: z.null() },
    async (request) => {
      await assignExecutor(context, requireActor(request), request.body, request.ip);
      return presentSuccess(ASSIGNMENT_MESSAGES.saved, null);
    },
  );

  route.post(ASSIGNMENT_PATHS.assignMpc, { schema: { body: assignMpcSchema }, answer: z.null() }, async (request) => {
    await assignMpc(context, requireActor(request), request.body, request.ip);
    return presentSuccess(ASSIGNMENT_MESSAGES.saved, null);
  });
}
