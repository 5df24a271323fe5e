import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import type { AppContext } from './app-context.js';
import { registerAuthentication } from './auth/authenticate.js';
import { resolveAppKey } from './bootstrap/app-key.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { loadAadhaarKeyring } from './encryption/aadhaar-keyring.js';
import { type Keyring, loadKeyring } from './encryption/keyring.js';
import { createAnswerSerializer } from './http/answer-serializer.js';
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
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerActivityRoutes } from './modules/activity/activity.routes.js';
import { onClientTakenBack, onServiceAssigned } from './modules/assignments/assignment-hooks.js';
import { registerAssignmentRoutes } from './modules/assignments/assignments.routes.js';
import { registerBillingRoutes } from './modules/billing/billing.routes.js';
import { registerBillingReadyRoutes } from './modules/billing/billing-ready.routes.js';
import { registerBillingReportRoutes } from './modules/billing/billing-reports.routes.js';
import { registerInvoiceDocumentRoutes } from './modules/billing/invoice-documents.routes.js';
import { registerBillingTasks } from './modules/billing/invoice-reminders.js';
import { registerInvoiceRoutes } from './modules/billing/invoices.routes.js';
import { isUnbilledFeeWork } from './modules/billing/ready.service.js';
import { readDataProtectionContact as readBreachContact } from './modules/breaches/breach-hooks.js';
import { registerBreachTasks } from './modules/breaches/breach-notices.service.js';
import { registerBreachRoutes } from './modules/breaches/breaches.routes.js';
import { registerChecklistRoutes } from './modules/checklists/checklists.routes.js';
import { copyChecklistsOfNewItems, countOpenStepsOfItem } from './modules/checklists/work-checklists.service.js';
import { registerCommonRoutes } from './modules/common/common.routes.js';
import { registerComplianceRoutes } from './modules/compliance/compliance.routes.js';
import { onRuleChanged } from './modules/compliance/compliance-hooks.js';
import { registerComplianceTasks } from './modules/compliance/compliance-tasks.js';
import { registerFamilyMemberRoutes } from './modules/family-members/family-members.routes.js';
import { listClientsOnLegalHoldSlot } from './modules/files/file-hooks.js';
import { registerFileTrashTasks } from './modules/files/file-trash-purge.service.js';
import { registerFileRoutes } from './modules/files/files.routes.js';
import { registerFirmApprovalRoutes } from './modules/firm-approvals/firm-approvals.routes.js';
import { registerFirmSettingsRoutes } from './modules/firm-settings/firm-settings.routes.js';
import { onFirmSettingsChanged } from './modules/firm-settings/firm-settings-hooks.js';
import { registerHousekeeping } from './modules/housekeeping/housekeeping.js';
import { createMailDelivery } from './modules/mail/mail-delivery.js';
import { registerMailTasks } from './modules/mail/mail-tasks.js';
import { readDigestRegisters } from './modules/notifications/notification-hooks.js';
import { registerNotificationTasks } from './modules/notifications/notification-tasks.js';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.js';
import { mailInvitation } from './modules/passwords/password-reset.service.js';
import { registerPasswordRoutes } from './modules/passwords/passwords.routes.js';
import { readDataProtectionContact, readPlatformContact } from './modules/privacy/data-protection-contact.service.js';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes.js';
import { listConsentRecordsOf } from './modules/privacy/privacy-consents.service.js';
import { onConsentWithdrawn } from './modules/privacy/privacy-hooks.js';
import { registerRegistersRoutes } from './modules/registers/registers.routes.js';
import { readDigestRegistersOf } from './modules/registers/registers.service.js';
import { registerRequestLinkRoutes } from './modules/requests/request-link.routes.js';
import { endFirmLinksWhenOff } from './modules/requests/request-links.service.js';
import { presentRequestsOfWorkItem } from './modules/requests/request-reads.service.js';
import { registerRequestTasks, rescheduleFirmReminders } from './modules/requests/request-reminders.js';
import { cancelRequestsOfClosedWork } from './modules/requests/request-work-status.js';
import { registerRequestRoutes } from './modules/requests/requests.routes.js';
import { listClientsOnLegalHold } from './modules/retention/legal-holds.service.js';
import { registerRetentionRoutes } from './modules/retention/retention.routes.js';
import { registerRetentionTasks } from './modules/retention/retention-purge.service.js';
import { registerRightsRequestRoutes } from './modules/rights-requests/rights-requests.routes.js';
import { openConsentWithdrawalRequest } from './modules/rights-requests/rights-requests.service.js';
import { readConsentRecordsSlot, readContactSlot } from './modules/rights-requests/rights-requests-hooks.js';
import { createScheduler, type ScheduledTask, type Scheduler } from './modules/scheduled-work/scheduler.js';
import { registerServiceRoutes } from './modules/services/services.routes.js';
import { registerSessionRoutes } from './modules/sessions/sessions.routes.js';
import { SESSION_TOKENS } from './modules/sessions/sessions.service.js';
import { registerSignInRoutes } from './modules/sign-in/sign-in.routes.js';
import { registerTwoFactorRoutes } from './modules/two-factor/two-factor.routes.js';
import { registerUserLinkRoutes } from './modules/user-links/user-links.routes.js';
import { registerDocumentRoutes } from './modules/users/user-documents.routes.js';
import { onClientServicesChanged, onUserInvited } from './modules/users/user-hooks.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import { registerRecurringTaskRoutes } from './modules/work/recurring-tasks.routes.js';
import { registerWorkRoutes } from './modules/work/work.routes.js';
import { planWorkOfClient } from './modules/work/work-generation.service.js';
import { handOverOpenWork, takeBackForeignWork } from './modules/work/work-handover.service.js';
import {
  countOpenChecklistSteps,
  isUnbilledFeeItem,
  onWorkItemChanged,
  onWorkItemsCreated,
  readRequestsOfWorkItem,
} from './modules/work/work-hooks.js';
import { followRuleChange } from './modules/work/work-rule-sync.service.js';
import { registerWorkTasks } from './modules/work/work-tasks.js';
import { createDocumentStorage } from './storage/document-storage.js';
import { createFileStorage } from './storage/file-storage.js';
import { openBlobStore, stagingDirOf } from './storage/open-blob-store.js';
import { ensurePrivateDirSync } from './storage/private-paths.js';
import { hasBuiltSpa, registerSpa, sendSpaIndex } from './web/serve-spa.js';

type BuildAppOptions = {
  config: Config;
  database: Database;
  clock: Clock;
  /** Folder of the built SPA; when absent only the API is served. */
  webRoot?: string;
  /** The keys for data at rest; loaded from the configuration when absent. */
  keyring?: Keyring;
  /** The Aadhaar vault's keys; loaded from the configuration when absent. */
  aadhaarKeyring?: Keyring;
  /** Where log lines go (stdout when absent); tests collect them to check no secret is logged. */
  logStream?: LogStream;
  /** Sees every route as it is registered: a test walks them all (account-gates.test.ts). */
  observeRoute?: (route: RouteOptions) => void;
  /** Tests: an answer its schema would change (a field dropped, a value coerced) fails (http/answer-serializer.ts). */
  checkAnswers?: boolean;
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
    // The installable portal: its service worker (/sw.js) and its manifest, from the portal alone.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * What follows a change, in one place: each module fires the hooks it owns where its change happens
 * (inside the change's transaction, or after it for the planners that read the saved rows) and the
 * modules above it listen here. Listeners run in the order they are added. Every build wires the same
 * functions, so wiring twice changes nothing.
 */
export function wireModuleHooks(): void {
  // A user is created without a password -> its invitation is queued (same transaction).
  onUserInvited.listen(mailInvitation);
  // A client's services change -> its work is planned (after the save).
  onClientServicesChanged.listen(planWorkOfClient);
  // A due-date rule changes -> its open items move, then newly covered periods get items (after the save).
  onRuleChanged.listen(followRuleChange);
  // A service is assigned -> its open work nobody had (to another firm: all of it) goes to the assignee (same trx).
  onServiceAssigned.listen(handOverOpenWork);
  onClientTakenBack.listen(takeBackForeignWork);
  // A work item closes -> its open document requests are cancelled (same transaction).
  onWorkItemChanged.listen(cancelRequestsOfClosedWork);
  // A firm's reminder interval changes -> its open requests' reminders reschedule (same transaction).
  onFirmSettingsChanged.listen(rescheduleFirmReminders);
  // A firm that turns request links off ends every live one (same transaction).
  onFirmSettingsChanged.listen(endFirmLinksWhenOff);
  // A work item's answer lists the requests hanging off it.
  readRequestsOfWorkItem.provide(presentRequestsOfWorkItem);
  // New work items (by hand or planned) copy their service's checklist (same transaction, or batch).
  onWorkItemsCreated.listen(copyChecklistsOfNewItems);
  // A firm that holds filing until the checklist is done asks how many steps are open.
  countOpenChecklistSteps.provide(countOpenStepsOfItem);
  // A firm that completes fee-bearing work only once billed asks billing before an item completes.
  isUnbilledFeeItem.provide(isUnbilledFeeWork);
  // The daily digest lists certificates expiring and UDINs missing in the person's reach.
  readDigestRegisters.provide(readDigestRegistersOf);
  // A breach notice names the firm's (the platform's) data protection contact, which `privacy` keeps; with
  // none set it names the firm's MPC (the platform's admin): breaches/breach-hooks.ts.
  readBreachContact.provide((db, firmId) =>
    firmId === null ? readPlatformContact(db) : readDataProtectionContact(db, firmId),
  );
  // A rights request's answer carries the firm's contact; its access download the client's consent records.
  readContactSlot.provide(readDataProtectionContact);
  readConsentRecordsSlot.provide(listConsentRecordsOf);
  // A client on legal hold keeps its trash: the files module asks retention who is held.
  listClientsOnLegalHoldSlot.provide(listClientsOnLegalHold);
  // A client withdraws its consent -> its MPC is told (same transaction, privacy itself), then the
  // withdrawal opens a request in the firm's rights queue (after the commit).
  onConsentWithdrawn.listen(openRightsRequestOfWithdrawal);
}

/** One function for every build: a new closure per build would be added again and open one request per build. */
async function openRightsRequestOfWithdrawal(
  context: AppContext,
  event: { firmId: number; clientId: number; withdrawnAt: string },
): Promise<void> {
  await openConsentWithdrawalRequest(context.db, event);
}

export type BuiltApp = { app: FastifyInstance; context: AppContext; scheduler: Scheduler };

export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config, database, clock } = options;
  wireModuleHooks();
  const timeouts = describeServerTimeouts(config.requestTimeoutMs);
  const app = Fastify({
    logger: buildLoggerOptions(config.logLevel, options.logStream),
    // One line per request instead, with the route's pattern (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
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
  if (options.observeRoute) app.addHook('onRoute', options.observeRoute);
  ensurePrivateDirSync(config.dataDir);
  const keyring = options.keyring ?? loadKeyring({ encryptionKey: config.encryptionKey, dataDir: config.dataDir });
  const aadhaarKeyring =
    options.aadhaarKeyring ?? loadAadhaarKeyring({ aadhaarKey: config.aadhaarKey, dataDir: config.dataDir }, keyring);
  const blobs = await openBlobStore(config);
  app.addHook('onClose', () => blobs.close());
  const mail = createMailDelivery({ db: database.db, clock, config, log: app.log, keyring });
  const context: AppContext = {
    db: database.db,
    dialect: database.dialect,
    clock,
    config,
    log: app.log,
    appKey: resolveAppKey(config.appKey, keyring),
    keyring,
    aadhaarKeyring,
    blobs,
    documents: createDocumentStorage(blobs, keyring, stagingDirOf(config.dataDir)),
    files: createFileStorage(blobs, keyring),
    mail,
    sessions: SESSION_TOKENS,
  };
  // A message in hand is finished before the app closes; retries and leftovers are the scheduler's (mail-tasks.ts).
  app.addHook('onClose', async () => mail.stop());

  app.setValidatorCompiler(validateWithZod);
  app.setSerializerCompiler(createAnswerSerializer({ checkAnswers: options.checkAnswers === true }));
  registerErrorHandler(app);
  registerRequestLog(app, config.logLevel);
  registerResponseHeaders(app);
  registerSecurityHeaders(app, { contentSecurityPolicy: CONTENT_SECURITY_POLICY, frameguard: { action: 'deny' } });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  await registerApiDocs(app);
  registerAuthentication(app, context);
  registerNulGuard(app);

  registerSignInRoutes(app, context);
  registerServiceRoutes(app, context);
  registerUserRoutes(app, context);
  registerCommonRoutes(app, config);
  registerDocumentRoutes(app, context);
  registerFamilyMemberRoutes(app, context);
  registerUserLinkRoutes(app, context);
  registerAssignmentRoutes(app, context);
  registerFileRoutes(app, context);
  registerPasswordRoutes(app, context);
  registerSessionRoutes(app, context);
  registerTwoFactorRoutes(app, context);
  registerActivityRoutes(app, context);
  registerComplianceRoutes(app, context);
  registerWorkRoutes(app, context);
  registerRecurringTaskRoutes(app, context);
  registerNotificationRoutes(app, context);
  registerRequestRoutes(app, context);
  registerRequestLinkRoutes(app, context);
  registerChecklistRoutes(app, context);
  registerFirmSettingsRoutes(app, context);
  registerFirmApprovalRoutes(app, context);
  registerRegistersRoutes(app, context);
  registerBillingRoutes(app, context);
  registerInvoiceRoutes(app, context);
  registerBillingReadyRoutes(app, context);
  registerBillingReportRoutes(app, context);
  registerInvoiceDocumentRoutes(app, context);
  registerBreachRoutes(app, context);
  registerRightsRequestRoutes(app, context);
  registerPrivacyRoutes(app, context);
  registerRetentionRoutes(app, context);

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

  // Tasks are registered with every app; only main.ts starts the timer (after listening), so tests,
  // scripts and the demo seed run scheduled work only when they tick it themselves.
  const scheduler = createScheduler(context);
  registerScheduledTasks(scheduler);
  // preClose, before the onClose hooks that destroy the database: a run in progress releases its claim.
  app.addHook('preClose', () => scheduler.stop());

  return { app, context, scheduler };
}

/** Every module's scheduled work, as `registerScheduledTasks` registers it (the benchmark, the process test). */
export function listScheduledTasks(): ScheduledTask[] {
  const tasks: ScheduledTask[] = [];
  registerScheduledTasks({
    instanceId: 'list',
    register: (task) => {
      tasks.push(task);
    },
    start: () => {},
    tick: async () => {},
    stop: async () => {},
  });
  return tasks;
}

/** Every module's scheduled work, in one place. */
export function registerScheduledTasks(scheduler: Scheduler): void {
  registerHousekeeping(scheduler);
  registerMailTasks(scheduler);
  registerComplianceTasks(scheduler);
  registerWorkTasks(scheduler);
  registerNotificationTasks(scheduler);
  registerRequestTasks(scheduler);
  registerBillingTasks(scheduler);
  registerFileTrashTasks(scheduler);
  registerBreachTasks(scheduler);
  registerRetentionTasks(scheduler);
}
