import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { registerAuthentication } from './auth/authenticate.js';
import { resolveAppKey } from './bootstrap/app-key.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { type Keyring, loadKeyring } from './encryption/keyring.js';
import { registerApiDocs } from './http/api-docs.js';
import { answerFrameworkError, describeServerTimeouts, handleClientError } from './http/client-errors.js';
import { presentFailure } from './http/envelope.js';
import { registerErrorHandler } from './http/error-handler.js';
import { GENERIC_MESSAGES } from './http/http-error.js';
import { buildLoggerOptions, type LogStream } from './http/log-redaction.js';
import { registerNulGuard } from './http/nul-guard.js';
import { registerRequestLog } from './http/request-log.js';
import { validateWithZod } from './http/request-validation.js';
import { registerResponseHeaders } from './http/response-headers.js';
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
import { ensurePrivateDirSync } from './storage/private-paths.js';
import { hasBuiltSpa, registerSpa, sendSpaIndex } from './web/serve-spa.js';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  clock: Clock;
  /** Folder of the built SPA; when absent only the API is served. */
  webRoot?: string;
  /** The keys for data at rest; loaded from the configuration when absent. */
  keyring?: Keyring;
  /** Where log lines go (stdout when absent); tests collect them to check no secret is logged. */
  logStream?: LogStream;
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
  const timeouts = describeServerTimeouts(config.requestTimeoutMs);
  const app = Fastify({
    logger: buildLoggerOptions(config.logLevel, options.logStream),
    // One line per request instead, with the route's pattern (http/request-log.ts).
    disableRequestLogging: true,
    // A number of proxies: the socket's peer and the next entries from the right are theirs.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: timeouts.requestTimeout,
    http: timeouts,
    clientErrorHandler: handleClientError,
    frameworkErrors: answerFrameworkError,
  });
  ensurePrivateDirSync(config.dataDir);
  const keyring = options.keyring ?? loadKeyring({ encryptionKey: config.encryptionKey, dataDir: config.dataDir });
  const context: AppContext = {
    db: database.db,
    dialect: database.dialect,
    clock,
    config,
    log: app.log,
    appKey: resolveAppKey(config.appKey, keyring),
    keyring,
    documents: await createDocumentStorage(config.dataDir, keyring),
    files: await createFileStorage(config.dataDir, keyring),
  };

  app.setValidatorCompiler(validateWithZod);
  registerErrorHandler(app);
  registerRequestLog(app, config.logLevel);
  registerResponseHeaders(app);
  await app.register(fastifyHelmet, { contentSecurityPolicy: CONTENT_SECURITY_POLICY, frameguard: { action: 'deny' } });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  await registerApiDocs(app);
  registerAuthentication(app, context);
  registerNulGuard(app);

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
