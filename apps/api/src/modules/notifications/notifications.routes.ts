import { API_BASE_PATH } from '@portal/contract/envelope';
import {
  MAIL_PREFERENCE_MESSAGES,
  mailPreferencesSchema,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PATHS,
  notificationListQuerySchema,
  notificationReadSchema,
} from '@portal/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { presentSuccess } from '../../http/envelope.js';
import { requireAbility } from '../../policy/policy.js';
import { readMailPreferences, saveMailPreferences } from './mail-preferences.js';
import { listOwnNotifications, markOwnNotificationsRead } from './notifications.service.js';

/** The bell (the caller's own notifications) and the caller's mail preferences (docs/notifications.md). */
export function registerNotificationRoutes(server: FastifyInstance, context: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const path = (suffix: string) => `${API_BASE_PATH}${suffix}`;
  const canRead = requireAbility('notifications.read');

  app.get(
    path(NOTIFICATION_PATHS.list),
    { preValidation: canRead, schema: { querystring: notificationListQuerySchema } },
    async (request) =>
      presentSuccess(
        NOTIFICATION_MESSAGES.listed,
        await listOwnNotifications(context, requireActor(request), request.query),
      ),
  );

  app.post(
    path(NOTIFICATION_PATHS.read),
    { preValidation: canRead, schema: { body: notificationReadSchema } },
    async (request) =>
      presentSuccess(
        NOTIFICATION_MESSAGES.marked,
        await markOwnNotificationsRead(context, requireActor(request), request.body),
      ),
  );

  app.get(path(NOTIFICATION_PATHS.mailPreferences), async (request) =>
    presentSuccess(MAIL_PREFERENCE_MESSAGES.listed, await readMailPreferences(context, requireActor(request))),
  );

  app.put(path(NOTIFICATION_PATHS.mailPreferences), { schema: { body: mailPreferencesSchema } }, async (request) =>
    presentSuccess(
      MAIL_PREFERENCE_MESSAGES.saved,
      await saveMailPreferences(context, requireActor(request), request.body),
    ),
  );
}
