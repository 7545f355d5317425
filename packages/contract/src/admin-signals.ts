import { LINK_KINDS, SIGNAL_KINDS, SIGNAL_STRENGTHS } from '@rebound/core/signals';
import { z } from 'zod';
import { Cents, Instant, Uuid } from './common';

// Signals of shill and scripted bidding for staff (docs/product.md "Signals of unfair bidding"):
// the accounts whose recorded facts fired a rule of core signals.ts, strongest first, each signal
// with its evidence. Accounts are named by handle and email; never a network address, device id
// or card number.

/** How far back the signals look: lots that ended within these days, or have not ended. */
export const SIGNALS_WINDOW_DAYS = 30;

export const SignalPerson = z.object({
  id: Uuid,
  handle: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
});
export type SignalPerson = z.infer<typeof SignalPerson>;

export const SignalBid = z.object({
  userId: Uuid,
  handle: z.string(),
  maxCents: Cents,
  at: Instant,
});

export const SignalLot = z.object({
  auctionId: Uuid,
  title: z.string(),
  bids: z.array(SignalBid),
});

export const SignalView = z.object({
  kind: z.enum(SIGNAL_KINDS),
  strength: z.enum(SIGNAL_STRENGTHS),
  /** The latest fact behind it. */
  latestAt: Instant,
  /** From before the account's last review: it stays quiet until something new fires. */
  quiet: z.boolean(),
  /** The figures behind the rule, in words. */
  facts: z.array(z.string()),
  /** What linked accounts share (a device, a card, a phone, a mailbox, a network address). */
  shared: z.array(z.enum(LINK_KINDS)),
  /** The other accounts involved. */
  accounts: z.array(SignalPerson),
  lots: z.array(SignalLot),
});
export type SignalView = z.infer<typeof SignalView>;

export const SignalAccount = z.object({
  account: SignalPerson,
  strength: z.enum(SIGNAL_STRENGTHS),
  /** Every signal is from before the last review. */
  quiet: z.boolean(),
  reviewedAt: Instant.nullable(),
  signals: z.array(SignalView),
});
export type SignalAccount = z.infer<typeof SignalAccount>;

export const SignalsResponse = z.object({
  /** Lots that ended at or after this instant, or have not ended, are looked at. */
  since: Instant,
  windowDays: z.number().int(),
  /** Loud accounts first (strongest first), then the quiet ones. */
  items: z.array(SignalAccount),
});
export type SignalsResponse = z.infer<typeof SignalsResponse>;

export const SignalReviewedResponse = z.object({
  userId: Uuid,
  reviewedAt: Instant,
});
export type SignalReviewedResponse = z.infer<typeof SignalReviewedResponse>;
