import {
  CLIENT_IMPORT_LIMITS,
  importCheckSchema,
  importResultSchema,
  USER_CSV_MESSAGES,
  USER_CSV_PATHS,
  userExportQuerySchema,
} from '@portal/contract/user-csv';
import { roleIdParamsSchema } from '@portal/contract/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { decodeCsvBytes } from '../../http/csv-reader.js';
import { presentSuccess } from '../../http/envelope.js';
import { HttpError } from '../../http/http-error.js';
import { fileAnswer } from '../../http/non-json-answers.js';
import { sendCsv } from '../../http/send-csv.js';
import { firmOf } from '../../policy/authorize.js';
import { requireAbility } from '../../policy/policy.js';
import { listServiceCatalogue } from '../services/services.service.js';
import { checkClientImport, importClients } from './client-import.service.js';
import { buildImportTemplate } from './client-import-template.js';
import { exportUsersOfRole } from './user-export.service.js';
import { admitClientImport } from './user-throttles.js';

// A CSV file is sent as the body itself (docs/csv-import.md): small, read in memory, never stored. Some
// tools send it as text/plain: it gets the same checks (UTF-8, no binary), not Fastify's plain text parser.
const CSV_MEDIA_TYPES = ['text/csv', 'application/csv', 'text/plain'];

/** The uploaded file's text; anything but a CSV body (JSON, a form, nothing) is refused. */
function csvTextOf(request: FastifyRequest): string {
  if (typeof request.body !== 'string') throw new HttpError(415, USER_CSV_MESSAGES.sendAsCsv);
  return request.body;
}

/** Lists as CSV, the import template, the dry run and the import of clients (issue 13). */
export function registerUserCsvRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);

  route.get(
    '/user/export/:role_id',
    {
      ability: 'users.list',
      params: roleIdParamsSchema,
      querystring: userExportQuerySchema,
      answer: fileAnswer('The list as CSV.', ['text/csv']),
    },
    async (request, reply) => {
      const { role_id } = request.params;
      return sendCsv(
        reply,
        await exportUsersOfRole(context, requireActor(request), role_id, request.query, request.ip),
      );
    },
  );

  route.get(
    USER_CSV_PATHS.template,
    { ability: 'clients.import', answer: fileAnswer('The import template as CSV.', ['text/csv']) },
    async (_request, reply) => {
      const services = await listServiceCatalogue(context.db);
      const template = buildImportTemplate(services.map((service) => service.service_name));
      async function* example() {
        yield template.example;
      }
      return sendCsv(reply, { fileName: 'clients-template.csv', header: template.header, rows: example() });
    },
  );

  // The CSV body parser and its size limit hold for these two routes only.
  server.register(async (scoped) => {
    scoped.removeContentTypeParser('text/plain');
    scoped.addContentTypeParser(
      CSV_MEDIA_TYPES,
      { parseAs: 'buffer', bodyLimit: CLIENT_IMPORT_LIMITS.maxBytes },
      (_request, body, done) => {
        const verdict = decodeCsvBytes(body as Buffer);
        if (verdict.ok) return done(null, verdict.text);
        const message = verdict.problem === 'binary' ? USER_CSV_MESSAGES.notCsv : USER_CSV_MESSAGES.notUtf8;
        done(new HttpError(415, message, { file: [message] }), undefined);
      },
    );
    // Over the limit, the file is named in the answer; any other error goes on to the app's handler.
    scoped.setErrorHandler((error) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new HttpError(413, USER_CSV_MESSAGES.tooLarge, { file: [USER_CSV_MESSAGES.tooLarge] });
      throw error;
    });
    // The ability first, then the firm's count, both as the request arrives: a refused caller counts
    // nothing against its firm, and an attempt over the limit costs one small write, not a file read.
    const scopedRoute = declareApiRoutes(scoped);
    const optionsOf = (kind: 'check' | 'import') => ({
      onRequest: [
        requireAbility('clients.import'),
        async (request: FastifyRequest) => {
          const actor = requireActor(request);
          await admitClientImport(context, firmOf(actor) ?? actor.id, kind);
        },
      ],
      bodyLimit: CLIENT_IMPORT_LIMITS.maxBytes,
    });

    scopedRoute.post(
      USER_CSV_PATHS.check,
      { ...optionsOf('check'), answer: importCheckSchema, message: USER_CSV_MESSAGES.checked },
      (request, actor) => checkClientImport(context, actor, csvTextOf(request)),
    );

    scopedRoute.post(
      USER_CSV_PATHS.import,
      { ...optionsOf('import'), answer: importResultSchema },
      async (request, reply) => {
        const result = await importClients(context, requireActor(request), csvTextOf(request), request.ip);
        reply.code(201);
        return presentSuccess(USER_CSV_MESSAGES.imported(result.created), result);
      },
    );
  });
}
