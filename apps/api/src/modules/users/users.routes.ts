import { signedInUserSchema } from '@portal/contract/auth';
import { DOCUMENT_TYPES, documentTypesFor } from '@portal/contract/documents';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import {
  roleIdParamsSchema,
  roleSummarySchema,
  roleTotalSchema,
  statusUpdateSchema,
  USER_PATHS,
  userDetailSchema,
  userIdParamsSchema,
  userListPageSchema,
  userListQuerySchema,
  userOptionSchema,
  userSensitiveSchema,
  userStatusChangeSchema,
} from '@portal/contract/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { failNotFound } from '../../http/http-error.js';
import { readMultipartForm } from '../../http/multipart-form.js';
import { changeUserStatus, updateOwnProfile } from './user-account.service.js';
import { registerUserCsvRoutes } from './user-csv.routes.js';
import {
  listUserOptionsOfRole,
  listUsersOfRole,
  readUserDetail,
  readUserSensitive,
  summarizeUsers,
  totalUsersOf,
} from './user-reads.service.js';
import { admitRegistration } from './user-throttles.js';
import { createUser, editUser } from './user-writes.service.js';

// A scan of a degree or a PAN card is well under this; an anonymous sign-up cannot park much on disk.
const REGISTRATION_MAX_FILE_BYTES = 10 * 1024 * 1024;

export function registerUserRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  // At most every document a user form can carry (documents.ts), once each; a file in any other field
  // is refused before it is stored.
  const readForm = (
    request: FastifyRequest,
    fileFields: readonly string[] = DOCUMENT_TYPES,
    maxFileBytes = context.config.maxUploadBytes,
  ) =>
    readMultipartForm(request, {
      tempDir: context.documents.tempDir,
      keyring: context.keyring,
      maxFileBytes,
      maxFiles: fileFields.length,
      fileFields,
    });

  route.post(
    USER_PATHS.create,
    { ability: 'users.create', answer: userDetailSchema, message: USER_MESSAGES.created, created: true },
    async (request, actor) => {
      const id = await createUser(context, actor, await readForm(request), { ip: request.ip });
      return readUserDetail(context, actor, id);
    },
  );

  route.post(USER_PATHS.edit, { answer: userDetailSchema, message: USER_MESSAGES.updated }, async (request, actor) => {
    const id = await editUser(context, actor, await readForm(request), { ip: request.ip });
    return readUserDetail(context, actor, id);
  });

  route.post(
    USER_PATHS.register,
    {
      config: { public: true },
      // onRequest runs before the body is parsed: an attempt over the limit costs one small write.
      onRequest: async (request) => {
        if (!context.config.registrationOpen) failNotFound(USER_MESSAGES.registrationClosed);
        await admitRegistration(context, request.ip);
      },
      answer: z.null(),
    },
    async (request, reply) => {
      // Anyone may send this: its proofs and pictures are held to a smaller size than signed-in uploads.
      const form = await readForm(
        request,
        documentTypesFor('mpc'),
        Math.min(context.config.maxUploadBytes, REGISTRATION_MAX_FILE_BYTES),
      );
      await createUser(context, null, form, { ip: request.ip });
      reply.code(201);
      return presentSuccess(USER_MESSAGES.registered, null);
    },
  );

  route.get(
    '/user/detail/:id',
    { params: userIdParamsSchema, answer: userDetailSchema, message: 'User details.' },
    (request, actor) => readUserDetail(context, actor, request.params.id),
  );

  route.get(
    '/user/:id/sensitive',
    { params: userIdParamsSchema, answer: userSensitiveSchema, message: 'Sensitive details.' },
    (request, actor) => readUserSensitive(context, actor, request.params.id, request.ip),
  );

  route.get(
    '/user/totalUser/:id',
    { params: userIdParamsSchema, answer: z.array(roleTotalSchema), message: 'User totals.' },
    (request, actor) => totalUsersOf(context, actor, request.params.id),
  );

  route.get(
    '/user/userListByRole/:role_id',
    {
      ability: 'users.list',
      params: roleIdParamsSchema,
      querystring: userListQuerySchema,
      answer: userListPageSchema,
      message: 'Users fetched successfully.',
    },
    (request, actor) => listUsersOfRole(context, actor, request.params.role_id, request.query),
  );

  route.get(
    '/user/list/:role_id',
    {
      ability: 'users.list',
      params: roleIdParamsSchema,
      answer: z.array(userOptionSchema),
      message: 'Users fetched successfully.',
    },
    (request, actor) => listUserOptionsOfRole(context, actor, request.params.role_id),
  );

  route.get(USER_PATHS.summary, { answer: z.array(roleSummarySchema), message: 'User counts.' }, (_request, actor) =>
    summarizeUsers(context, actor),
  );

  // The body's schema depends on who sends it (a business client has no last name): the service reads it.
  route.put(
    USER_PATHS.updateProfile,
    { answer: z.object({ user: signedInUserSchema }), message: USER_MESSAGES.profileUpdated },
    async (request, actor) => ({ user: await updateOwnProfile(context, actor, request.body, request.ip) }),
  );

  registerUserCsvRoutes(server, context);

  route.put(USER_PATHS.updateStatus, { body: statusUpdateSchema, answer: userStatusChangeSchema }, async (request) => {
    const user = await changeUserStatus(context, requireActor(request), request.body, request.ip);
    return presentSuccess(request.body.status === 'active' ? USER_MESSAGES.enabled : USER_MESSAGES.disabled, {
      user,
    });
  });
}
