// One-click unsubscribe (RFC 8058, CASL). The token in the link says who and from what;
// no sign-in. GET /api/unsubscribe only describes (link scanners fetch links); POST unsubscribes,
// from a mail client's one-click (form body 'List-Unsubscribe=One-Click') or from the web page (JSON).
import { z } from 'zod';

/**
 * `launch`: the pre-launch list, for addresses that may have no account. `drop_list`: the open store's
 * new-drops email list (drops page and footer), also for addresses without an account.
 */
export const UnsubscribeScope = z.enum(['new_drops', 'marketing', 'launch', 'drop_list']);
export type UnsubscribeScope = z.infer<typeof UnsubscribeScope>;

/** Checked by the server itself, so that a missing or odd token gets the same clear message. */
export const UnsubscribeQuery = z.object({ token: z.unknown().optional() });

export const UnsubscribeInfo = z.object({
  scope: UnsubscribeScope,
  /** The address the link was sent to, partly hidden (a***@example.com). */
  email: z.string(),
  /** Whether messages of this scope still go to this address by email. */
  subscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfo>;

export const UnsubscribeResponse = z.object({
  scope: UnsubscribeScope,
  email: z.string(),
  subscribed: z.literal(false),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

/** What each scope stops, in the page's and the email footer's words. */
export const UNSUBSCRIBE_SCOPE_TEXT: Record<UnsubscribeScope, { name: string; stops: string }> = {
  new_drops: {
    name: 'the daily new-drops email',
    stops: 'You will no longer get the daily email about new lots and your saved searches.',
  },
  marketing: {
    name: 'Rebound marketing emails',
    stops:
      'You will no longer get marketing messages from Rebound, including the new-drops email. Messages about your bids, orders and pickups still arrive.',
  },
  launch: {
    name: 'the Rebound launch list',
    stops: 'You will no longer get launch news from Rebound at this address.',
  },
  drop_list: {
    name: 'the daily new-drops email',
    stops: 'You will no longer get the daily email about new lots at this address.',
  },
};

/** The answer to a missing, altered or expired token. */
export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid or has expired. Use the link in a recent email, or change your notification settings in your account.';
