// Outbox delivery rules (docs/decisions/018-outbox-sender.md): when a failed message is
// tried again, when the sender gives up on it, and the ids that let providers collapse a duplicate
// sent after a crash. Pure: the server keeps the rows, the clock and the randomness.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface RetryPolicy {
  /** The wait after the first failed attempt; it doubles with each further one. */
  baseDelayMs: number;
  /** No wait is longer than this. */
  maxDelayMs: number;
  /** Attempts in all (the first included); the last failure makes the message a dead letter. */
  maxAttempts: number;
  /** No attempt is scheduled later than this after the message was written. */
  maxAgeMs: number;
}

/**
 * 10 s, 20 s, 40 s … doubling up to 30 minutes, at most 10 attempts and never past 6 hours after
 * the message was written (an outbid alert or a sign-in code is worthless by then; the in-app
 * notice stays). In all the attempts span about two and a half hours at most.
 */
export const OUTBOX_RETRY: RetryPolicy = {
  baseDelayMs: 10 * SECOND,
  maxDelayMs: 30 * MINUTE,
  maxAttempts: 10,
  maxAgeMs: 6 * HOUR,
};

/** How long a claim lasts: a sender that has not marked its message by then is taken for dead. */
export const OUTBOX_LEASE_MS = 60 * SECOND;

/** The wait before attempt n+1 without jitter, after `attempts` (>= 1) failed attempts. */
export function backoffCeilingMs(attempts: number, policy: RetryPolicy = OUTBOX_RETRY): number {
  const n = Math.max(1, Math.floor(attempts));
  // 2^(n-1) overflows nothing here: the exponent is capped long before the float range ends.
  const raw = policy.baseDelayMs * 2 ** Math.min(n - 1, 40);
  return Math.min(raw, policy.maxDelayMs);
}

/**
 * The wait before the next attempt after `attempts` failed ones: "equal jitter", a random point in
 * the upper half of the doubling ceiling. Senders that failed together spread out, and each wait is
 * at least as long as any earlier one could have been (until the cap), so the waits grow.
 * `random` returns a number in [0, 1).
 */
export function retryDelayMs(
  attempts: number,
  policy: RetryPolicy = OUTBOX_RETRY,
  random: () => number = Math.random,
): number {
  const ceiling = backoffCeilingMs(attempts, policy);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}

export type FailureOutcome =
  | { kind: 'retry'; at: Date }
  | { kind: 'dead'; reason: 'attempts' | 'age' | 'permanent' };

/**
 * What happens to a message whose attempt number `attempts` just failed: tried again later, or a
 * dead letter (too many attempts, too old, or a failure that no retry can fix).
 */
export function afterFailure(
  message: { attempts: number; createdAt: Date },
  now: Date,
  opts: { permanent?: boolean; policy?: RetryPolicy; random?: () => number } = {},
): FailureOutcome {
  const policy = opts.policy ?? OUTBOX_RETRY;
  if (opts.permanent) return { kind: 'dead', reason: 'permanent' };
  if (message.attempts >= policy.maxAttempts) return { kind: 'dead', reason: 'attempts' };
  const at = new Date(now.getTime() + retryDelayMs(message.attempts, policy, opts.random));
  if (at.getTime() > message.createdAt.getTime() + policy.maxAgeMs) return { kind: 'dead', reason: 'age' };
  return { kind: 'retry', at };
}

/**
 * A message claimed again after its lease ran out (its sender stopped between claim and mark) that
 * has used up its attempts: it may have been sent, so it becomes a dead letter rather than loop.
 */
export function exhaustedOnReclaim(attempts: number, policy: RetryPolicy = OUTBOX_RETRY): boolean {
  return attempts > policy.maxAttempts;
}

/** The RFC 5322 Message-ID of an outbox email: the same on every attempt, so duplicates collapse. */
export function outboxMessageId(outboxId: string, host: string): string {
  return `<${outboxId}@${host}>`;
}

/**
 * The Web Push `Topic` of an outbox message (RFC 8030 §5.4: at most 32 URL-safe base64 characters):
 * a push service keeps one undelivered message per topic, so a resend replaces the first.
 */
export function outboxPushTopic(outboxId: string): string {
  return outboxId.replace(/[^A-Za-z0-9]/g, '').slice(0, 32);
}

/** Templates whose older messages a later one replaces (it tells the latest state). */
export const COALESCING_TEMPLATES: ReadonlySet<string> = new Set(['outbid']);

/**
 * The template a sender claims before every other due message (docs/decisions/069-outbid-coalescing-in-the-database.md):
 * an outbid alert is worth something only while the lot is live, a receipt or a reminder keeps. The
 * outbox's partial index `outbox_urgent_due_idx` (migration 0021) names it too.
 */
export const CLAIMED_FIRST_TEMPLATE = 'outbid';

/** What coalescing needs of a message the sender holds. */
export interface CoalescibleMessage {
  id: string;
  channel: string;
  template: string;
  recipient: string;
  /** When it was written (ms); the bid's transaction time. */
  createdAt: number;
  payload: unknown;
}

function field(payload: unknown, key: string): unknown {
  return payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[key] : undefined;
}

/**
 * Outbid alerts to one recipient, on one lot, by one channel, held by the sender at once: only the
 * latest is sent (docs/decisions/066-outbid-alerts-in-two-seconds.md). The latest is the newest by
 * creation, then the highest price (a lot's price only rises), then the later in `messages`. The
 * others are returned with the id sent in their place, to be recorded as coalesced (never lost).
 * Other templates, and alerts without a lot, are all sent.
 */
export function coalesceOutbid<M extends CoalescibleMessage>(
  messages: readonly M[],
): { send: M[]; coalesced: { message: M; into: string }[] } {
  const latest = new Map<string, M>();
  const keyOf = (m: M): string | null => {
    if (!COALESCING_TEMPLATES.has(m.template)) return null;
    const lot = field(m.payload, 'auctionId');
    if (typeof lot !== 'string' || lot === '') return null;
    return JSON.stringify([m.template, m.channel, m.recipient, lot]);
  };
  const price = (m: M) => {
    const p = field(m.payload, 'currentPriceCents');
    return typeof p === 'number' && Number.isFinite(p) ? p : Number.NEGATIVE_INFINITY;
  };
  for (const m of messages) {
    const key = keyOf(m);
    if (key === null) continue;
    const held = latest.get(key);
    if (
      !held ||
      m.createdAt > held.createdAt ||
      (m.createdAt === held.createdAt && price(m) >= price(held))
    ) {
      latest.set(key, m);
    }
  }
  const send: M[] = [];
  const coalesced: { message: M; into: string }[] = [];
  for (const m of messages) {
    const key = keyOf(m);
    const winner = (key === null ? undefined : latest.get(key)) ?? m;
    if (winner === m) send.push(m);
    else coalesced.push({ message: m, into: winner.id });
  }
  return { send, coalesced };
}
