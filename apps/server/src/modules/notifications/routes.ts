import rateLimit from '@fastify/rate-limit';
import {
  MarkReadResponse,
  NotificationParams,
  NotificationsQuery,
  NotificationsResponse,
  TestEmailResponse,
} from '@rebound/contract/notifications';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth-context';
import { sharedRateLimitOptions } from '../../lib/shared-limits';
import * as service from './service';

/** Test emails per shopper (or address) a minute: enough to check a setting, too few to spam. */
const TEST_EMAILS_PER_MINUTE = 3;

/** The notification screens: the Mail menu, /notifications and the test email. */
export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish, config } = app.deps;
  // Counters in this process's memory, like the other route limits.
  await app.register(rateLimit, sharedRateLimitOptions(app, 'notifications'));
  // Signed-in only: a signed-out call is 401 before its input is even looked at.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    API.meNotifications,
    { schema: { querystring: NotificationsQuery, response: { 200: NotificationsResponse } } },
    async (request) => service.list(db, clock, requireUser(request), request.query),
  );

  app.post(
    API.meNotificationReadPattern,
    { schema: { params: NotificationParams, response: { 200: MarkReadResponse } } },
    async (request) => {
      // After its commit the service tells the shopper's other tabs to refetch their Mail menu and list.
      return service.markRead(db, clock, requireUser(request), request.params.id, publish);
    },
  );

  app.post(
    API.meNotificationsReadAll,
    { schema: { response: { 200: MarkReadResponse } } },
    async (request) => {
      return service.markAllRead(db, clock, requireUser(request), publish);
    },
  );

  app.post(
    API.meNotificationsTestEmail,
    {
      config: {
        rateLimit: {
          max: TEST_EMAILS_PER_MINUTE * config.rateLimitScale,
          timeWindow: '1 minute',
          // Per shopper once signed in (the session is read on request), else per address.
          keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
        },
      },
      schema: { response: { 200: TestEmailResponse } },
    },
    async (request) => service.sendTestEmail({ ...app.deps, log: request.log }, requireUser(request)),
  );
}
