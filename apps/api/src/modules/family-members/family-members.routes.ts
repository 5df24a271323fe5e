import { pagedSchema } from '@portal/contract/envelope';
import { familyMemberSchema, MEMBER_MESSAGES, memberCreateSchema } from '@portal/contract/family-members';
import { pageQuerySchema } from '@portal/contract/paging';
import { userIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { readFormFields } from '../../http/form-fields.js';
import { parseOrThrow } from '../../http/request-validation.js';
import { addFamilyMember, listFamilyMembers, removeFamilyMember } from './family-members.service.js';

export function registerFamilyMemberRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    '/member/list/:id',
    { schema: { params: userIdParamsSchema, querystring: pageQuerySchema }, answer: pagedSchema(familyMemberSchema) },
    async (request) =>
      presentSuccess(
        MEMBER_MESSAGES.listed,
        await listFamilyMembers(context, requireActor(request), request.params.id, request.query),
      ),
  );

  // Spec: multipart; plain JSON is accepted too.
  route.post('/member/create', { answer: familyMemberSchema }, async (request, reply) => {
    const actor = requireActor(request);
    const input = parseOrThrow(
      memberCreateSchema,
      await readFormFields(request, { tempDir: context.documents.tempDir, keyring: context.keyring }),
    );
    const member = await addFamilyMember(context, actor, input, request.ip);
    reply.code(201);
    return presentSuccess(MEMBER_MESSAGES.created, member);
  });

  route.delete('/member/remove/:id', { schema: { params: userIdParamsSchema }, answer: z.null() }, async (request) => {
    await removeFamilyMember(context, requireActor(request), request.params.id, request.ip);
    return presentSuccess(MEMBER_MESSAGES.removed, null);
  });
}
