// What a verified Stripe event does (the route, webhook.ts, checks its signature first): the event
// only names a checkout session; the one sync (sync.ts) applies it, and the event's id is recorded
// after the sync succeeded so a repeat is skipped (docs/decisions/053-one-publisher.md covers the
// publishing; the sync publishes after its own commit).
import type Stripe from 'stripe';
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
