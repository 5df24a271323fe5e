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
import { declareApiRoutes } from '../../http/api-routes.js';
import { readMailPreferences, saveMailPreferences } from './mail-preferences.js';
import { listOwnNotifications, markOwnNotificationsRead } from './notifications.service.js';
import { readFirmFeed, readOwnerNoticePreferences, saveOwnerNoticePreference } from './owner-preferences.js';

/** The bell (the caller's own notifications) and the caller's mail preferences (docs/notifications.md). */
export function registerNotificationRoutes(server: FastifyInstance, context: AppContext): void {
  const route = declareApiRoutes(server);
  const ability = 'notifications.read';

  route.get(
    NOTIFICATION_PATHS.list,
    {
      ability,
      querystring: notificationListQuerySchema,
      answer: notificationPageSchema,
      message: NOTIFICATION_MESSAGES.listed,
    },
    (request, actor) => listOwnNotifications(context, actor, request.query),
  );

  route.post(
    NOTIFICATION_PATHS.read,
    {
      ability,
      body: notificationReadSchema,
      answer: notificationReadAnswerSchema,
      message: NOTIFICATION_MESSAGES.marked,
    },
    (request, actor) => markOwnNotificationsRead(context, actor, request.body),
  );

  route.get(
    NOTIFICATION_PATHS.mailPreferences,
    { answer: z.array(mailPreferenceSchema), message: MAIL_PREFERENCE_MESSAGES.listed },
    (_request, actor) => readMailPreferences(context, actor),
  );

  route.put(
    NOTIFICATION_PATHS.mailPreferences,
    {
      body: mailPreferencesSchema,
      answer: z.array(mailPreferenceSchema),
      message: MAIL_PREFERENCE_MESSAGES.saved,
    },
    (request, actor) => saveMailPreferences(context, actor, request.body),
  );

  // The firm owner's notices and its dashboard's feed (issue 22).
  const owner = 'firm.feed';
  route.get(
    NOTIFICATION_PATHS.firmFeed,
    { ability: owner, answer: firmFeedSchema, message: FIRM_FEED_MESSAGES.listed },
    (_request, actor) => readFirmFeed(context, actor),
  );

  route.get(
    NOTIFICATION_PATHS.ownerNotices,
    { ability: owner, answer: z.array(ownerNoticePreferenceAnswerSchema), message: OWNER_NOTICE_MESSAGES.listed },
    (_request, actor) => readOwnerNoticePreferences(context, actor),
  );

  route.put(
    NOTIFICATION_PATHS.ownerNotices,
    {
      ability: owner,
      body: ownerNoticePreferenceSchema,
      answer: z.array(ownerNoticePreferenceAnswerSchema),
      message: OWNER_NOTICE_MESSAGES.saved,
    },
    (request, actor) => saveOwnerNoticePreference(context, actor, request.body),
  );
}
