import { UNSUBSCRIBE_LINK_INVALID } from '@rebound/contract/unsubscribe';
import { mergeNotificationSettings } from '@rebound/core/notifications';
import type { DbOrTx } from '../../db/client';
import type { SignupList } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import * as repo from './unsubscribe-repository';
import { type UnsubscribeScope, verifyUnsubscribeToken } from './unsubscribe-token';

// One-click unsubscribe (RFC 8058; CASL, docs/product.md "Notifications";
// docs/decisions/019-messages-and-unsubscribe.md). The signed token is the only credential: no session, so it
// works from any mail client and any browser.
//   new_drops: the daily new-drops email is turned off (its push and SMS settings are kept).
//   marketing: marketing email is turned off and the marketing consent is withdrawn, which stops
//              every consent-only message (marketing and new drops) on every channel.
// Both take effect at once (CASL allows 10 business days) and are idempotent.

export interface UnsubscribeState {
  scope: UnsubscribeScope;
  email: string;
  subscribed: boolean;
}

/** 'ava@rebound.test' -> 'a**@rebound.test': enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, 1)}${'*'.repeat(Math.min(Math.max(local.length - 1, 2), 8))}${email.slice(at)}`;
}

/** The scopes whose token names a signup on a list (list_signups), and that list. */
const SIGNUP_LIST_OF: Record<UnsubscribeScope, SignupList | null> = {
  launch: 'launch',
  drop_list: 'drops',
  new_drops: null,
  marketing: null,
};

function subscribed(scope: UnsubscribeScope, row: { settings: unknown; marketingConsent: boolean }): boolean {
  // The launch list: `marketingConsent` stands for 'not unsubscribed from the list' (resolve()).
  if (scope === 'launch' || scope === 'drop_list') return row.marketingConsent;
  // Marketing rests on the consent (withdrawing it is what this link does); new drops on the setting too.
  if (scope === 'marketing') return row.marketingConsent;
  return row.marketingConsent && mergeNotificationSettings(row.settings)[scope].email;
}

async function resolve(db: DbOrTx, secret: string, token: unknown, now: Date) {
  const check = verifyUnsubscribeToken(secret, token, now);
  if (!check.ok) throw new AppError('bad_request', { message: UNSUBSCRIBE_LINK_INVALID });
  const list = SIGNUP_LIST_OF[check.scope];
  if (list) {
    // A signup list (the launch list, the new-drops email): the token names a signup, which may have no account.
    const signup = await repo.signupContact(db, list, check.userId);
    if (!signup) throw new AppError('bad_request', { message: UNSUBSCRIBE_LINK_INVALID });
    const row = { email: signup.email, settings: {}, marketingConsent: signup.unsubscribedAt === null };
    return { userId: check.userId, scope: check.scope, list, row };
  }
  const row = await repo.unsubscribeContact(db, check.userId);
  // A deleted account gets nothing anyway; its link is as good as invalid.
  if (!row) throw new AppError('bad_request', { message: UNSUBSCRIBE_LINK_INVALID });
  return { userId: check.userId, scope: check.scope, list: null, row };
}

/** GET: what the link is for, changing nothing (mail scanners and previews follow links). */
export async function describeUnsubscribe(
  db: DbOrTx,
  clock: Clock,
  secret: string,
  token: unknown,
): Promise<UnsubscribeState> {
  const { scope, row } = await resolve(db, secret, token, clock.now());
  return { scope, email: maskEmail(row.email), subscribed: subscribed(scope, row) };
}

/** POST: unsubscribes; the same answer however often it is called. */
export async function unsubscribe(
  db: DbOrTx,
  clock: Clock,
  secret: string,
  token: unknown,
): Promise<UnsubscribeState & { subscribed: false }> {
  const now = clock.now();
  const { userId, scope, list, row } = await resolve(db, secret, token, now);
  if (list) await repo.unsubscribeSignup(db, list, userId, now);
  else if (scope !== 'launch' && scope !== 'drop_list') await repo.turnOffEmail(db, userId, scope, now);
  return { scope, email: maskEmail(row.email), subscribed: false };
}
