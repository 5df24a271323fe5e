import {
  ASSIGNMENT_MESSAGES,
  ASSIGNMENT_PATHS,
  assignExecutorSchema,
  assignMpcSchema,
  assignPcSchema,
  assignTypeSchema,
} from '@portal/contract/assignments';
import { API_BASE_PATH } from '@portal/contract/envelope';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { presentSuccess } from '../../http/envelope.js';
import {
  assignExecutor,
  assignMpc,
  assignPc,
  listAssignments,
  listClientServices,
  updateAssignType,
} from './assignments.service.js';

export function registerAssignmentRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const path = (suffix: string) => `${API_BASE_PATH}${suffix}`;
  const byClient = { schema: { params: userIdParamsSchema } };

  app.get(path('/service/client/:id'), byClient, async (request) =>
    presentSuccess(
      ASSIGNMENT_MESSAGES.listed,
      await listClientServices(context, requireActor(request), request.params.id),
    ),
  );

  app.get(path('/service/assignService/:id'), byClient, async (request) =>
    presentSuccess(
      ASSIGNMENT_MESSAGES.listed,
      await listAssignments(context, requireActor(request), request.params.id),
    ),
  );

  app.put(path(ASSIGNMENT_PATHS.updateType), { schema: { body: assignTypeSchema } }, async (request) => {
    await updateAssignType(context, requireActor(request), request.body, request.ip);
    return presentSuccess(ASSIGNMENT_MESSAGES.typeSaved, null);
  });

  app.post(path(ASSIGNMENT_PATHS.assignPc), { schema: { body: assignPcSchema } }, async (request) => {
    await assignPc(context, requireActor(request), request.body, request.ip);
    return presentSuccess(ASSIGNMENT_MESSAGES.saved, null);
  });

  app.post(path(ASSIGNMENT_PATHS.assignExecutor), { schema: { body: assignExecutorSchema } }, async (request) => {
    await assignExecutor(context, requireActor(request), request.body, request.ip);
    return presentSuccess(ASSIGNMENT_MESSAGES.saved, null);
  });

  app.post(path(ASSIGNMENT_PATHS.assignMpc), { schema: { body: assignMpcSchema } }, async (request) => {
    await assignMpc(context, requireActor(request), request.body, request.ip);
    return presentSuccess(ASSIGNMENT_MESSAGES.saved, null);
  });
}
