// Pre-launch mode (docs/product.md "Pre-launch mode"): the landing and result pages' calls, their email
// checks and texts. The launch list is double opt-in:
// a signup stores the address and sends a single-use confirmation link that expires.
import { checkLaunchEmail, normalizeEmail } from '@rebound/core/email';
import { z } from 'zod';
import { LAUNCH_SOURCES } from './launch-text';

export { LAUNCH_SOURCES, type LaunchSource } from './launch-text';

const utmValue = z.string().trim().max(200).optional();

/**
 * The launch signup's payload: {email, source, utm{source,medium,campaign,term,content}, metadata{locale}}.
 */
export const LaunchSignupRequest = z
  .object({
    email: z.string().max(1_000),
    source: z.enum(LAUNCH_SOURCES).default('landing-page'),
    utm: z
      .object({ source: utmValue, medium: utmValue, campaign: utmValue, term: utmValue, content: utmValue })
      .strip()
      .default({}),
    metadata: z
      .object({ locale: z.string().trim().max(35).optional() })
      .strip()
      .default({}),
  })
  .superRefine((value, ctx) => {
    const email = checkLaunchEmail(value.email);
    if (!email.ok) ctx.addIssue({ code: 'custom', path: ['email'], message: email.message });
  })
  .transform((value) => ({ ...value, email: normalizeEmail(value.email) }));
export type LaunchSignupInput = z.input<typeof LaunchSignupRequest>;
export type LaunchSignupRequest = z.output<typeof LaunchSignupRequest>;

/**
 * The answer to a signup: always 'Check your email' for an address (new, pending or already confirmed,
 * so the form does not tell who is on the list). `bypass: true` when the address was the configured
 * internal bypass address: nothing was stored or sent, and this browser is unlocked.
 */
export const LaunchSignupResponse = z.object({
  title: z.string(),
  message: z.string(),
  bypass: z.boolean().default(false),
  /**
   * With `bypass`: a token the browser keeps in local storage ('rebound-launch-unlock') and presents
   * to POST /api/launch/unlock if its bypass cookie is gone. The server sets the cookie itself.
   */
  unlockToken: z.string().optional(),
});
export type LaunchSignupResponse = z.infer<typeof LaunchSignupResponse>;

export { LAUNCH_UNLOCK_STORAGE_KEY } from './launch-text';
export const LaunchUnlockRequest = z.object({ token: z.string().min(1).max(500) });
export type LaunchUnlockRequest = z.infer<typeof LaunchUnlockRequest>;

/** What the pages need to know: is the store locked, and does this browser see it anyway (staff or bypass)? */
export const LaunchStatusResponse = z.object({
  locked: z.boolean(),
  /** The real store is visible to this browser: not locked, or staff, or unlocked by the bypass. */
  canSeeStore: z.boolean(),
  /** Staff see the store with a banner that it is locked. */
  isStaff: z.boolean(),
});
export type LaunchStatusResponse = z.infer<typeof LaunchStatusResponse>;

export { LAUNCH_PAGES, LAUNCH_TEXT } from './launch-text';

/** Back-office: the launch list (staff only). */
export const AdminLaunchStatsResponse = z.object({
  total: z.number().int(),
  confirmed: z.number().int(),
  pending: z.number().int(),
  /** Signups per Vancouver day (YYYY-MM-DD), oldest first, with how many of them are confirmed. */
  byDay: z.array(z.object({ date: z.string(), total: z.number().int(), confirmed: z.number().int() })),
  bySource: z.array(z.object({ source: z.string(), total: z.number().int(), confirmed: z.number().int() })),
  /** When the 'we are open' email went out (the launch action), if it did. */
  launchedAt: z.string().nullable(),
  /** Confirmed signups not yet told the store is open. */
  awaitingOpenNotice: z.number().int(),
});
export type AdminLaunchStatsResponse = z.infer<typeof AdminLaunchStatsResponse>;

export const AdminLaunchSignupRow = z.object({
  id: z.string(),
  email: z.string(),
  source: z.string(),
  status: z.enum(['pending', 'confirmed']),
  locale: z.string().nullable(),
  utm: z.record(z.string(), z.string()),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  hasAccount: z.boolean(),
});
export type AdminLaunchSignupRow = z.infer<typeof AdminLaunchSignupRow>;

/** Site settings the back-office switches (staff only). Changing the lock needs `confirm: true`. */
export const AdminSiteSettings = z.object({ locked: z.boolean() });
export type AdminSiteSettings = z.infer<typeof AdminSiteSettings>;
export const AdminSiteSettingsUpdate = z.object({
  locked: z.boolean(),
  confirm: z.literal(true, { message: 'Please confirm the change.' }),
  reason: z.string().trim().max(500).optional(),
});
export type AdminSiteSettingsUpdate = z.input<typeof AdminSiteSettingsUpdate>;

/** The launch action: email every confirmed signup that the store is open (once each, through the outbox). */
export const AdminLaunchAnnounceRequest = z.object({
  confirm: z.literal(true, { message: 'Please confirm the change.' }),
});
export const AdminLaunchAnnounceResponse = z.object({ queued: z.number().int() });
export type AdminLaunchAnnounceResponse = z.infer<typeof AdminLaunchAnnounceResponse>;

/** GET ?page&pageSize&q&status&source (staff): the launch list, newest first. */
export const AdminLaunchSignupsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  status: z.enum(['pending', 'confirmed']).optional(),
  source: z.string().trim().min(1).max(50).optional(),
});
export type AdminLaunchSignupsQuery = z.infer<typeof AdminLaunchSignupsQuery>;
export const AdminLaunchSignupsResponse = z.object({
  items: z.array(AdminLaunchSignupRow),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminLaunchSignupsResponse = z.infer<typeof AdminLaunchSignupsResponse>;
