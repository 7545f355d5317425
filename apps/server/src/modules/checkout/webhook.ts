// POST /api/webhooks/stripe: Stripe tells us a checkout session changed. The event is
// only a hint: its signature is checked on the exact bytes received (300 s tolerance), then only the
// session id is taken from it and the one sync (sync.ts) fetches the session from Stripe and applies
// it, exactly as the success page does. Events are de-duplicated by id in webhook_events, recorded
// only after the sync succeeded, so a failed sync answers 5xx and Stripe delivers the event again.
// Replays, reordering and a race with the success page are the sync's to absorb (it applies a
// session once, under a row lock); the event record only saves the work of a repeat.
import { API } from '@rebound/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { verifyStripeEvent } from '../../adapters/payments/stripe';
import { AppError } from '../../lib/errors';
import { handleStripeEvent, WEBHOOK_BODY_LIMIT } from './webhook-service';

/** The exact bytes of each webhook request, kept beside the request (its parsed body stays empty). */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * Registered as its own (encapsulated) plugin: the JSON parser below, which keeps the body as bytes,
 * applies to this route only; the rest of the app keeps parsing JSON as usual. The bytes are not
 * handed to the global NUL-character guard as a body to walk (nothing is stored from them but two
 * checked ids).
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  const { config, db, clock, publish, payments } = app.deps;
  const stripe = config.payments.stripe;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      done(null, null);
    },
  );

  app.post(API.stripeWebhook, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
    if (!stripe || payments.name !== 'stripe') throw new AppError('not_found');
    const raw = rawBodies.get(request);
    const signature = request.headers['stripe-signature'];
    if (!raw || typeof signature !== 'string' || signature.length === 0) {
      throw new AppError('webhook_signature_invalid');
    }
    let event: Stripe.Event;
    try {
      event = verifyStripeEvent(raw, signature, stripe.webhookSecret);
    } catch {
      // A wrong secret, a changed byte, a timestamp outside 300 s, a malformed header: all the same.
      throw new AppError('webhook_signature_invalid');
    }
    const handled = await handleStripeEvent(
      { db, clock, provider: payments, publish, sightingSecret: config.authSecret, log: request.log },
      event,
    );
    if (handled.outcome === 'unknown_session') {
      request.log.warn({ eventId: event.id, type: event.type }, 'stripe event for a session we did not make');
    }
    return { received: true, ...handled };
  });
}
