// Notification preferences (docs/product.md "Notifications").
// Six kinds x three channels. In-app notifications are always written; these settings govern
// email, SMS and browser push only. Marketing and new-drop messages additionally need the user's
// marketing consent (CASL), whatever the settings say.

export const NOTIFICATION_KINDS = [
  'outbid_alerts',
  'auction_won',
  'auction_ending',
  'bid_confirmation',
  'new_drops',
  'marketing',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ChannelSettings = Record<NotificationChannel, boolean>;
export type NotificationSettings = Record<NotificationKind, ChannelSettings>;
export type PartialNotificationSettings = { [K in NotificationKind]?: Partial<ChannelSettings> | null };

/** Kinds that may be sent only to users who gave marketing consent (CASL). */
export const CONSENT_REQUIRED_KINDS: readonly NotificationKind[] = Object.freeze([
  'new_drops',
  'marketing',
] as const);

const channels = (email: boolean, sms: boolean, push: boolean): Readonly<ChannelSettings> =>
  Object.freeze({ email, sms, push });

export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<Record<NotificationKind, Readonly<ChannelSettings>>> =
  Object.freeze({
    outbid_alerts: channels(true, false, true),
    auction_won: channels(true, true, true),
    auction_ending: channels(false, false, true),
    bid_confirmation: channels(true, false, false),
    new_drops: channels(true, false, true),
    marketing: channels(false, false, false),
  });

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Complete settings from a partial (or untrusted, e.g. stored JSON) value: every boolean that is
 * present is kept, everything else comes from the defaults. Unknown kinds or channels and
 * non-boolean values are ignored. Always returns a fresh object. Typed callers pass a
 * PartialNotificationSettings; the parameter is `unknown` so that raw JSON can be passed too.
 */
export function mergeNotificationSettings(partial: unknown): NotificationSettings {
  const source = isRecord(partial) ? partial : {};
  const result = {} as NotificationSettings;
  for (const kind of NOTIFICATION_KINDS) {
    const given = Object.hasOwn(source, kind) ? source[kind] : undefined;
    const kindSource = isRecord(given) ? given : {};
    const merged = { ...DEFAULT_NOTIFICATION_SETTINGS[kind] };
    for (const channel of NOTIFICATION_CHANNELS) {
      const value = Object.hasOwn(kindSource, channel) ? kindSource[channel] : undefined;
      if (typeof value === 'boolean') merged[channel] = value;
    }
    result[kind] = merged;
  }
  return result;
}

/**
 * Whether a message of this kind goes out on this channel: the user's setting, and for new drops
 * and marketing also their marketing consent.
 */
export function shouldSendNotification(
  settings: NotificationSettings,
  kind: NotificationKind,
  channel: NotificationChannel,
  hasMarketingConsent: boolean,
): boolean {
  if (CONSENT_REQUIRED_KINDS.includes(kind) && !hasMarketingConsent) return false;
  return settings[kind][channel];
}

/**
 * Whether the daily new-drops email (with saved-search matches) reaches this user: they gave marketing
 * consent and their new-drops email setting is on. What the saved-search dialog may promise.
 */
export function receivesNewDropsEmail(settings: NotificationSettings, hasMarketingConsent: boolean): boolean {
  return shouldSendNotification(settings, 'new_drops', 'email', hasMarketingConsent);
}
