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
import { declareApiRoutes } from '../../http/api-routes.js';
import { assignExecutor, assignMpc, assignPc, listAssignments, updateAssignType } from './assignments.service.js';
import { listClientServices } from './client-service-list.service.js';

export function registerAssignmentRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  const byClient = { params: userIdParamsSchema };

  route.get(
    '/service/client/:id',
    { ...byClient, answer: z.array(clientServiceSchema), message: ASSIGNMENT_MESSAGES.listed },
    (request, actor) => listClientServices(context, actor, request.params.id),
  );

  route.get(
    '/service/assignService/:id',
    { ...byClient, answer: z.array(serviceAssignmentSchema), message: ASSIGNMENT_MESSAGES.listed },
    (request, actor) => listAssignments(context, actor, request.params.id),
  );

  route.put(
    ASSIGNMENT_PATHS.updateType,
    { body: assignTypeSchema, answer: z.null(), message: ASSIGNMENT_MESSAGES.typeSaved },
    (request, actor) => updateAssignType(context, actor, request.body, request.ip),
  );

  route.post(
    ASSIGNMENT_PATHS.assignPc,
    { body: assignPcSchema, answer: z.null(), message: ASSIGNMENT_MESSAGES.saved },
    (request, actor) => assignPc(context, actor, request.body, request.ip),
  );

  route.post(
    ASSIGNMENT_PATHS.assignExecutor,
    { body: assignExecutorSchema, answer: z.null(), message: ASSIGNMENT_MESSAGES.saved },
    (request, actor) => assignExecutor(context, actor, request.body, request.ip),
  );

  route.post(
    ASSIGNMENT_PATHS.assignMpc,
    { body: assignMpcSchema, answer: z.null(), message: ASSIGNMENT_MESSAGES.saved },
    (request, actor) => assignMpc(context, actor, request.body, request.ip),
  );
}
