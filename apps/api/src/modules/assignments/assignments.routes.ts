import {
  ASSIGNMENT_MESSAGES,
  ASSIGNMENT_PATHS,
  assignExecutorSchema,
  assignMpcSchema,
  assignPcSchema,
  assignTypeSchema,
} from '@portal/contract/assignments';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { assignExecutor, assignMpc, assignPc, listAssignments, updateAssignType } from './assignments.service.js';
import { listClientServices } from './client-service-list.service.js';

export function registerAssignmentRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  const byClient = { schema: { params: userIdParamsSchema } };

  route.get('/service/client/:id', byClient, async (request) =>
    presentSuccess(
      ASSIGNMENT_MESSAGES.listed,
      await listClientServices(context, requireActor(request), request.params.id),
    ),
  );

  route.get('/service/assignService/:id', byClient, async (request) =>
    presentSuccess(
      ASSIGNMENT_MESSAGES.listed,
      await listAssignments(context, requireActor(request), request.params.id),
    ),
  );

  route.put(ASSIGNMENT_PATHS.updateType, { schema: { body: assignTypeSchema } }, async (request) => {
    await updateAssignType(context, requireActor(request), request.body, request.ip);
    return presentSuccess(ASSIGNMENT_MESSAGES.typeSaved, null);
  });

  route.post(ASSIGNMENT_PATHS.assignPc, { schema: { body: assignPcSchema } }, async (request) => {
    await assignPc(context, requireActor(request), request.body, request.ip);
    return presentSuccess(ASSIGNMENT_MESSAGES.saved, null);
  });

  route.post(ASSIGNMENT_PATHS.assignExecutor, { schema: { body: assignExecutorSchema } }, async (request) => {
    await assignExecutor(context, requireActor(request), request.body, request.ip);
    return presentSuccess(ASSIGNMENT_MESSAGES.saved, null);
  });

  route.post(ASSIGNMENT_PATHS.assignMpc, { schema: { body: assignMpcSchema } }, async (request) => {
    await assignMpc(context, requireActor(request), request.body, request.ip);
    return presentSuccess(ASSIGNMENT_MESSAGES.saved, null);
  });
}
