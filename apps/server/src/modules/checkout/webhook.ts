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
import { eventRecorded, recordEvent } from './repository';
import { type SyncDeps, syncCheckoutSession } from './sync';

/** The events that can change a checkout session's outcome; everything else is acknowledged and ignored. */
export const SESSION_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/**
 * Stripe's events are a few kilobytes (a checkout session without expanded lines, at most 50
 * metadata values of 500 characters); this leaves room without inviting megabytes.
 */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

const EVENT_ID = /^evt_\w{1,250}$/;
const SESSION_ID = /^cs_\w{1,250}$/;

export interface StripeEventOutcome {
  outcome: 'ignored' | 'duplicate' | 'synced' | 'unknown_session';
  /** This delivery changed our rows (the sync applied the session's state). */
  changed: boolean;
}

// ---- service: what one verified event does ----

/**
 * Applies one verified event: a session event leads to the one sync of its session (by id only),
 * once per event id. Throws when the sync fails, so the event is not recorded and Stripe retries.
 */
export async function handleStripeEvent(deps: SyncDeps, event: Stripe.Event): Promise<StripeEventOutcome> {
  // Signed by Stripe, so well formed in practice; checked anyway, since its ids end up in SQL.
  const shape = (event ?? {}) as unknown as {
    id?: unknown;
    type?: unknown;
    data?: { object?: { id?: unknown } | null } | null;
  };
  if (typeof shape.type !== 'string' || !SESSION_EVENTS.has(shape.type))
    return { outcome: 'ignored', changed: false };
  const sessionId = shape.data?.object?.id;
  if (
    typeof sessionId !== 'string' ||
    !SESSION_ID.test(sessionId) ||
    typeof shape.id !== 'string' ||
    !EVENT_ID.test(shape.id)
  ) {
    throw new AppError('bad_request', { message: 'The event does not name a checkout session.' });
  }
  if (await eventRecorded(deps.db, shape.id)) return { outcome: 'duplicate', changed: false };
  const result = await syncCheckoutSession(deps, sessionId);
  await recordEvent(deps.db, shape.id, shape.type, deps.clock.now());
  // A session we never made (another integration on the same Stripe account): acknowledged, no change.
  return result
    ? { outcome: 'synced', changed: result.changed }
    : { outcome: 'unknown_session', changed: false };
}

// ---- route ----

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
      { db, clock, provider: payments, publish, log: request.log },
      event,
    );
    if (handled.outcome === 'unknown_session') {
      request.log.warn({ eventId: event.id, type: event.type }, 'stripe event for a session we did not make');
    }
    return { received: true, ...handled };
  });
}
