import { z } from 'zod';
import { TaxConfig } from './catalog';
import { Instant, Uuid } from './common';

// The signed-in user's own profile: phone, pickup location and notification
// settings (docs/product.md "Notifications"). Each user reads and changes only their own.

export const PROFILE_TEXT = {
  phoneSaved: 'Phone number saved successfully',
  phoneFailed: 'Failed to save phone number',
  locationSaved: 'Location updated successfully',
  locationFailed: 'Failed to update location',
  notificationsSaved: 'Notification settings updated',
  notificationsFailed: 'Failed to update notification settings',
  newDropsEmailOn: "You'll get the daily new-drops email. Unsubscribe anytime from any of them.",
} as const;

export const ChannelSettings = z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() });
export const NotificationSettings = z.object({
  outbid_alerts: ChannelSettings,
  auction_won: ChannelSettings,
  auction_ending: ChannelSettings,
  bid_confirmation: ChannelSettings,
  new_drops: ChannelSettings,
  marketing: ChannelSettings,
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
/** A change: any kinds, any channels; the rest stays as it is. */
export const NotificationSettingsPatch = z
  .object({
    outbid_alerts: ChannelSettings.partial(),
    auction_won: ChannelSettings.partial(),
    auction_ending: ChannelSettings.partial(),
    bid_confirmation: ChannelSettings.partial(),
    new_drops: ChannelSettings.partial(),
    marketing: ChannelSettings.partial(),
  })
  .partial()
  .strict();

export const ProfileLocation = z.object({
  id: Uuid,
  name: z.string(),
  slug: z.string(),
  addressLine1: z.string(),
  city: z.string(),
  province: z.string(),
  taxConfig: TaxConfig,
});

export const Profile = z.object({
  id: Uuid,
  email: z.string(),
  emailVerified: z.boolean(),
  handle: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  role: z.enum(['shopper', 'staff']),
  locationId: Uuid.nullable(),
  location: ProfileLocation.nullable(),
  notificationSettings: NotificationSettings,
  /** The shopper's own spending limit, all-in, in cents; null: none (docs/product.md "What you could owe"). */
  spendingLimitCents: z.number().int().nullable(),
  marketingConsent: z.boolean(),
  marketingConsentAt: Instant.nullable(),
  termsAcceptedAt: Instant.nullable(),
  createdAt: Instant,
});
export type Profile = z.infer<typeof Profile>;
export const ProfileResponse = z.object({ profile: Profile });

export const UpdatePhoneRequest = z.object({ phone: z.string().max(40) });
export const UpdateLocationRequest = z.object({ locationId: Uuid });
/**
 * The spending limit in dollars as a bid amount is typed ('500', '1,250.00'), or null (or blank) to
 * remove it. The server reads and bounds it (core spending.ts parseSpendingLimit) with its own messages.
 */
export const UpdateSpendingLimitRequest = z.object({
  spendingLimit: z.union([z.string().max(40), z.number()]).nullable(),
});
export const UpdateNotificationSettingsRequest = z.object({ settings: NotificationSettingsPatch });
/**
 * POST /api/profile/new-drops-email: the shopper's express consent to marketing emails (recorded with
 * its time) and the daily new-drops email turned on. Only an explicit `true` is consent.
 */
export const NewDropsEmailRequest = z.object({
  consent: z.literal(true, { error: 'Tick the box to agree to the new-drops email.' }),
});
/** Every change answers with its success text and the whole profile as it now is. */
export const ProfileUpdateResponse = z.object({ message: z.string(), profile: Profile });
