import {
  MAIL_PREFERENCE_MESSAGES,
  mailPreferencesSchema,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PATHS,
  notificationListQuerySchema,
  notificationReadSchema,
} from '@portal/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { readMailPreferences, saveMailPreferences } from './mail-preferences.js';
import { listOwnNotifications, markOwnNotificationsRead } from './notifications.service.js';

/** The bell (the caller's own notifications) and the caller's mail preferences (docs/notifications.md). */
export function registerNotificationRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  const ability = 'notifications.read';

  route.get(
    NOTIFICATION_PATHS.list,
    { ability, schema: { querystring: notificationListQuerySchema } },
    async (request) =>
      presentSuccess(
        NOTIFICATION_MESSAGES.listed,
        await listOwnNotifications(context, requireActor(request), request.query),
      ),
  );

  route.post(NOTIFICATION_PATHS.read, { ability, schema: { body: notificationReadSchema } }, async (request) =>
    presentSuccess(
      NOTIFICATION_MESSAGES.marked,
      await markOwnNotificationsRead(context, requireActor(request), request.body),
    ),
  );

  route.get(NOTIFICATION_PATHS.mailPreferences, async (request) =>
    presentSuccess(MAIL_PREFERENCE_MESSAGES.listed, await readMailPreferences(context, requireActor(request))),
  );

  route.put(NOTIFICATION_PATHS.mailPreferences, { schema: { body: mailPreferencesSchema } }, async (request) =>
    presentSuccess(
      MAIL_PREFERENCE_MESSAGES.saved,
      await saveMailPreferences(context, requireActor(request), request.body),
    ),
  );
}
