import {
  PushKeyResponse,
  PushSubscriptionRequest,
  PushSubscriptionResponse,
  PushUnsubscribeRequest,
} from '@rebound/contract/notifications';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import * as service from './service';
import { getVapidPublicKey } from './vapid';

/** Web push opt-in: the VAPID public key, and this device's subscription on and off. */
export async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  // Signed-in only: a signed-out call is 401 before its input is even looked at.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(API.pushKey, { schema: { response: { 200: PushKeyResponse } } }, async (request) => {
    requireUser(request);
    let publicKey: string | null = null;
    try {
      publicKey = await getVapidPublicKey(app.deps);
    } catch (err) {
      request.log.error({ err }, 'reading the VAPID public key failed');
    }
    if (!publicKey) throw new AppError('push_unavailable');
    return { publicKey };
  });

  app.post(
    API.pushSubscriptions,
    { schema: { body: PushSubscriptionRequest, response: { 201: PushSubscriptionResponse } } },
    async (request, reply) => {
      const body = await service.subscribePush(db, clock, requireUser(request), request.body);
      reply.status(201);
      return body;
    },
  );

  app.delete(
    API.pushSubscriptions,
    { schema: { body: PushUnsubscribeRequest, response: { 200: PushSubscriptionResponse } } },
    async (request) => service.unsubscribePush(db, clock, requireUser(request), request.body.endpoint),
  );
}
