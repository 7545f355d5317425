import type { Profile } from '@rebound/contract/profile';
import { PROFILE_TEXT } from '@rebound/contract/profile';
import { SPENDING_TEXT } from '@rebound/contract/spending';
import { mergeNotificationSettings, type PartialNotificationSettings } from '@rebound/core/notifications';
import { normalizePhone } from '@rebound/core/phone';
import { parseSpendingLimit, type SpendingLimitProblem } from '@rebound/core/spending';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/errors';
import * as repo from './repository';

// The signed-in user's own profile. Every function takes the user id from the session, never
// from the request body, so each user reads and changes only their own.

export interface ProfileDeps {
  db: Db;
  log: FastifyBaseLogger;
}

export function toProfile({ user: u, location: l }: repo.ProfileRow): Profile {
  return {
    id: u.id,
    email: u.email,
    emailVerified: u.emailVerified,
    handle: u.handle,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: u.fullName,
    phone: u.phoneNumber,
    phoneVerified: u.phoneNumberVerified,
    role: u.role,
    locationId: u.locationId,
    location: l
      ? {
          id: l.id,
          name: l.name,
          slug: l.slug,
          addressLine1: l.addressLine1,
          city: l.city,
          province: l.province,
          taxConfig: {
            buyersPremiumBp: l.buyersPremiumBp,
            pstBp: l.pstBp,
            gstBp: l.gstBp,
            applyTaxesOnPremium: l.applyTaxesOnPremium,
          },
        }
      : null,
    // Stored settings may be partial or stale: the defaults fill every gap.
    notificationSettings: mergeNotificationSettings(u.notificationSettings),
    spendingLimitCents: u.spendingLimitCents,
    marketingConsent: u.marketingConsent,
    marketingConsentAt: u.marketingConsentAt?.toISOString() ?? null,
    termsAcceptedAt: u.termsAcceptedAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const row = await repo.profileRow(db, userId);
  // The session was just resolved, so the row exists unless it was deleted meanwhile.
  if (!row) throw new AppError('auth_required');
  return toProfile(row);
}

/** Runs a change; anything unexpected becomes the catalogue's failure text (details stay in the log). */
async function change(
  deps: ProfileDeps,
  failure: 'phone_save_failed' | 'location_update_failed' | 'notification_settings_update_failed',
  run: () => Promise<void>,
) {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.log.error({ err }, failure);
    throw new AppError(failure);
  }
}

export async function updatePhone(deps: ProfileDeps, userId: string, input: string, now: Date) {
  const result = normalizePhone(input);
  if (!result.ok) throw new AppError('phone_invalid');
  await change(deps, 'phone_save_failed', async () => {
    if (await repo.otherUserWithPhone(deps.db, userId, result.e164)) throw new AppError('phone_taken');
    try {
      await repo.updatePhone(deps.db, userId, result.e164, now);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('phone_taken');
      throw err;
    }
  });
  return { message: PROFILE_TEXT.phoneSaved, profile: await getProfile(deps.db, userId) };
}

export async function updateLocation(deps: ProfileDeps, userId: string, locationId: string, now: Date) {
  await change(deps, 'location_update_failed', async () => {
    if (!(await repo.activeLocation(deps.db, locationId))) throw new AppError('location_not_found');
    await repo.updateLocation(deps.db, userId, locationId, now);
  });
  return { message: PROFILE_TEXT.locationSaved, profile: await getProfile(deps.db, userId) };
}

export async function updateNotificationSettings(
  deps: ProfileDeps,
  userId: string,
  patch: PartialNotificationSettings,
  now: Date,
) {
  await change(deps, 'notification_settings_update_failed', async () => {
    const row = await repo.profileRow(deps.db, userId);
    if (!row) throw new AppError('auth_required');
    const current = mergeNotificationSettings(row.user.notificationSettings);
    const next = mergeNotificationSettings(
      Object.fromEntries(
        Object.entries(current).map(([kind, channels]) => [
          kind,
          { ...channels, ...patch[kind as keyof typeof patch] },
        ]),
      ),
    );
    await repo.updateNotificationSettings(deps.db, userId, next, now);
  });
  return { message: PROFILE_TEXT.notificationsSaved, profile: await getProfile(deps.db, userId) };
}

/**
 * The shopper agrees to marketing emails and turns on the daily new-drops email (the saved-search
 * dialog offers it). Consent is recorded with its time; one already given keeps its time.
 */
export async function joinNewDropsEmail(deps: ProfileDeps, userId: string, now: Date) {
  await change(deps, 'notification_settings_update_failed', async () => {
    const row = await repo.profileRow(deps.db, userId);
    if (!row) throw new AppError('auth_required');
    const current = mergeNotificationSettings(row.user.notificationSettings);
    const next = { ...current, new_drops: { ...current.new_drops, email: true } };
    const consentAt = row.user.marketingConsent ? (row.user.marketingConsentAt ?? now) : now;
    await repo.giveMarketingConsent(deps.db, userId, consentAt, next, now);
  });
  return { message: PROFILE_TEXT.newDropsEmailOn, profile: await getProfile(deps.db, userId) };
}

const LIMIT_PROBLEMS: Record<
  SpendingLimitProblem,
  'spending_limit_invalid' | 'spending_limit_too_low' | 'spending_limit_too_high'
> = {
  invalid: 'spending_limit_invalid',
  too_low: 'spending_limit_too_low',
  too_high: 'spending_limit_too_high',
};

/**
 * Sets the shopper's spending limit (dollars, as a bid amount is typed) or removes it (null or blank;
 * docs/product.md "What you could owe"). Only the limit changes: maximums and groups already placed
 * stay as they are even when 'At most' is now above it; the limit applies to the next change.
 */
export async function updateSpendingLimit(
  deps: ProfileDeps,
  userId: string,
  input: string | number | null,
  now: Date,
) {
  const parsed = parseSpendingLimit(input);
  if (!parsed.ok) throw new AppError(LIMIT_PROBLEMS[parsed.problem]);
  await repo.updateSpendingLimit(deps.db, userId, parsed.cents, now);
  return {
    message: parsed.cents === null ? SPENDING_TEXT.limitRemoved : SPENDING_TEXT.limitSaved,
    profile: await getProfile(deps.db, userId),
  };
}
