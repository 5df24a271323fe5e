import {
  MAIL_PREFERENCE_MESSAGES,
  mailPreferenceSchema,
  mailPreferencesSchema,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PATHS,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationReadAnswerSchema,
  notificationReadSchema,
} from '@portal/contract/notifications';
import {
  FIRM_FEED_MESSAGES,
  firmFeedSchema,
  OWNER_NOTICE_MESSAGES,
  ownerNoticePreferenceAnswerSchema,
  ownerNoticePreferenceSchema,
} from '@portal/contract/owner-notices';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../../auth/authenticate.js';
import { declareApiRoutes } from '../../http/api-routes.js';
import { presentSuccess } from '../../http/envelope.js';
import { readMailPreferences, saveMailPreferences } from './mail-preferences.js';
import { listOwnNotifications, markOwnNotificationsRead } from './notifications.service.js';
import { readFirmFeed, readOwnerNoticePreferences, saveOwnerNoticePreference } from './owner-preferences.js';

/** The bell (the caller's own notifications) and the caller's mail preferences (docs/notifications.md). */
export function registerNotificationRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  const ability = 'notifications.read';

  route.get(
    NOTIFICATION_PATHS.list,
    { ability, schema: { querystring: notificationListQuerySchema }, answer: notificationPageSchema },
    async (request) =>
      presentSuccess(
        NOTIFICATION_MESSAGES.listed,
        await listOwnNotifications(context, requireActor(request), request.query),
      ),
  );

  route.post(
    NOTIFICATION_PATHS.read,
    { ability, schema: { body: notificationReadSchema }, answer: notificationReadAnswerSchema },
    async (request) =>
      presentSuccess(
        NOTIFICATION_MESSAGES.marked,
        await markOwnNotificationsRead(context, requireActor(request), request.body),
      ),
  );

  route.get(NOTIFICATION_PATHS.mailPreferences, { answer: z.array(mailPreferenceSchema) }, async (request) =>
    presentSuccess(MAIL_PREFERENCE_MESSAGES.listed, await readMailPreferences(context, requireActor(request))),
  );

  route.put(
    NOTIFICATION_PATHS.mailPreferences,
    { schema: { body: mailPreferencesSchema }, answer: z.array(mailPreferenceSchema) },
    async (request) =>
      presentSuccess(
        MAIL_PREFERENCE_MESSAGES.saved,
        await saveMailPreferences(context, requireActor(request), request.body),
      ),
  );

  // The firm owner's notices and its dashboard's feed (issue 22).
  const owner = 'firm.feed';
  route.get(NOTIFICATION_PATHS.firmFeed, { ability: owner, answer: firmFeedSchema }, async (request) =>
    presentSuccess(FIRM_FEED_MESSAGES.listed, await readFirmFeed(context, requireActor(request))),
  );

  route.get(
    NOTIFICATION_PATHS.ownerNotices,
    { ability: owner, answer: z.array(ownerNoticePreferenceAnswerSchema) },
    async (request) =>
      presentSuccess(OWNER_NOTICE_MESSAGES.listed, await readOwnerNoticePreferences(context, requireActor(request))),
  );

  route.put(
    NOTIFICATION_PATHS.ownerNotices,
    {
      ability: owner,
      schema: { body: ownerNoticePreferenceSchema },
      answer: z.array(ownerNoticePreferenceAnswerSchema),
    },
    async (request) =>
      presentSuccess(
        OWNER_NOTICE_MESSAGES.saved,
        await saveOwnerNoticePreference(context, requireActor(request), request.body),
      ),
  );
}
