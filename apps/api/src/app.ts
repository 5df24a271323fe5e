import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { registerAuthentication } from './auth/authenticate.js';
import { resolveAppKey } from './bootstrap/app-key.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { registerApiDocs } from './http/api-docs.js';
import { presentFailure } from './http/envelope.js';
import { registerErrorHandler } from './http/error-handler.js';
import { GENERIC_MESSAGES, HttpError } from './http/http-error.js';
import { validateWithZod } from './http/request-validation.js';
import { registerAssignmentRoutes } from './modules/assignments/assignments.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerCommonRoutes } from './modules/common/common.routes.js';
import { registerDocumentRoutes } from './modules/documents/documents.routes.js';
import { registerFamilyMemberRoutes } from './modules/family-members/family-members.routes.js';
import { registerFileRoutes } from './modules/files/files.routes.js';
import { registerServiceRoutes } from './modules/services/services.routes.js';
import { registerUserLinkRoutes } from './modules/user-links/user-links.routes.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import { createDocumentStorage } from './storage/document-storage.js';
import { createFileStorage } from './storage/file-storage.js';
import { hasBuiltSpa, registerSpa, sendSpaIndex } from './web/serve-spa.js';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  clock: Clock;
  /** Folder of the built SPA; when absent only the API is served. */
  webRoot?: string;
};

// Paths that never fall back to the SPA: a typo there must answer 404, not a web page.
const NON_SPA_PREFIXES = ['/api/', '/api', '/document/', '/sanctum/'];

// What the built SPA needs and nothing more (checked by the browser tests).
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; context: AppContext }> {
  const { config, database, clock } = options;
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  const context: AppContext = {
    db: database.db,
    dialect: database.dialect,
    clock,
    config,
    log: app.log,
    appKey: resolveAppKey(config.appKey, config.dataDir),
    documents: await createDocumentStorage(config.dataDir),
    files: await createFileStorage(config.dataDir),
  };

  app.setValidatorCompiler(validateWithZod);
  registerErrorHandler(app);
  await app.register(fastifyHelmet, { contentSecurityPolicy: CONTENT_SECURITY_POLICY });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  // Only routes that ask for it (public sign-up); sign-in has its own failure counter.
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, 'Too many requests from this address. Please try again later.'),
  });
  await registerApiDocs(app);
  registerAuthentication(app, context);

  registerAuthRoutes(app, context);
  registerServiceRoutes(app, context);
  registerUserRoutes(app, context);
  registerCommonRoutes(app, config);
  registerDocumentRoutes(app, context);
  registerFamilyMemberRoutes(app, context);
  registerUserLinkRoutes(app, context);
  registerAssignmentRoutes(app, context);
  registerFileRoutes(app, context);

  const serveSpa = hasBuiltSpa(options.webRoot);
  if (serveSpa) await registerSpa(app, options.webRoot as string);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isSpaPath = !NON_SPA_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
    if (serveSpa && isSpaPath && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendSpaIndex(reply);
    }
    return reply.code(404).send(presentFailure(GENERIC_MESSAGES.routeNotFound));
  });

  return { app, context };
}
