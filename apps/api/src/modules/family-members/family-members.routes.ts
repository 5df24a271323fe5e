import { pagedSchema } from '@portal/contract/envelope';
import { familyMemberSchema, MEMBER_MESSAGES, memberCreateSchema } from '@portal/contract/family-members';
import { pageQuerySchema } from '@portal/contract/paging';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { readFormFields } from '../../http/form-fields.js';
import { parseOrThrow } from '../../http/request-validation.js';
import { addFamilyMember, listFamilyMembers, removeFamilyMember } from './family-members.service.js';

export function registerFamilyMemberRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    '/member/list/:id',
    {
      params: userIdParamsSchema,
      querystring: pageQuerySchema,
      answer: pagedSchema(familyMemberSchema),
      message: MEMBER_MESSAGES.listed,
    },
    (request, actor) => listFamilyMembers(context, actor, request.params.id, request.query),
  );

  // Spec: multipart; plain JSON is accepted too.
  route.post(
    '/member/create',
    { answer: familyMemberSchema, message: MEMBER_MESSAGES.created, created: true },
    async (request, actor) => {
      const input = parseOrThrow(
        memberCreateSchema,
        await readFormFields(request, { tempDir: context.documents.tempDir, keyring: context.keyring }),
      );
      return addFamilyMember(context, actor, input, request.ip);
    },
  );

  route.delete(
    '/member/remove/:id',
    { params: userIdParamsSchema, answer: z.null(), message: MEMBER_MESSAGES.removed },
    (request, actor) => removeFamilyMember(context, actor, request.params.id, request.ip),
  );
}
