import { describe, expect, it } from 'vitest';
import {
  CONSENT_REQUIRED_KINDS,
  DEFAULT_NOTIFICATION_SETTINGS,
  isNotificationKind,
  mergeNotificationSettings,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  shouldSendNotification,
} from './notifications';

describe('kinds and channels', () => {
  it('has the six kinds and three channels', () => {
    expect(NOTIFICATION_KINDS).toEqual([
      'outbid_alerts',
      'auction_won',
      'auction_ending',
      'bid_confirmation',
      'new_drops',
      'marketing',
    ]);
    expect(NOTIFICATION_CHANNELS).toEqual(['email', 'sms', 'push']);
    expect(isNotificationKind('auction_won')).toBe(true);
    expect(isNotificationKind('bid_placed')).toBe(false);
  });
});

describe('DEFAULT_NOTIFICATION_SETTINGS', () => {
  it('matches the documented defaults', () => {
    expect(DEFAULT_NOTIFICATION_SETTINGS).toEqual({
      outbid_alerts: { email: true, sms: false, push: true },
      auction_won: { email: true, sms: true, push: true },
      auction_ending: { email: false, sms: false, push: true },
      bid_confirmation: { email: true, sms: false, push: false },
      new_drops: { email: true, sms: false, push: true },
      marketing: { email: false, sms: false, push: false },
    });
  });

  it('cannot be changed by accident', () => {
    expect(Object.isFrozen(DEFAULT_NOTIFICATION_SETTINGS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_NOTIFICATION_SETTINGS.auction_won)).toBe(true);
  });
});

describe('mergeNotificationSettings', () => {
  it('gives the defaults for nothing', () => {
    expect(mergeNotificationSettings(undefined)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(mergeNotificationSettings(null)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(mergeNotificationSettings({})).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('keeps given values and fills the rest per channel', () => {
    const merged = mergeNotificationSettings({
      marketing: { email: true },
      auction_won: { sms: false },
      outbid_alerts: null,
    });
    expect(merged.marketing).toEqual({ email: true, sms: false, push: false });
    expect(merged.auction_won).toEqual({ email: true, sms: false, push: true });
    expect(merged.outbid_alerts).toEqual(DEFAULT_NOTIFICATION_SETTINGS.outbid_alerts);
    expect(merged.bid_confirmation).toEqual(DEFAULT_NOTIFICATION_SETTINGS.bid_confirmation);
  });

  it('ignores junk from stored JSON', () => {
    const merged = mergeNotificationSettings({
      auction_ending: { push: 'no', email: 1, sms: true, fax: true },
      bogus_kind: { email: true },
      new_drops: 'off',
    });
    expect(merged.auction_ending).toEqual({ email: false, sms: true, push: true });
    expect(merged.new_drops).toEqual(DEFAULT_NOTIFICATION_SETTINGS.new_drops);
    expect(Object.keys(merged)).toEqual([...NOTIFICATION_KINDS]);
    expect(Object.keys(merged.auction_ending)).toEqual([...NOTIFICATION_CHANNELS]);
    expect(mergeNotificationSettings('nonsense')).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(mergeNotificationSettings([1, 2])).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('does not read inherited properties', () => {
    const proto = { marketing: { email: true, sms: true, push: true } };
    expect(mergeNotificationSettings(Object.create(proto)).marketing).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS.marketing,
    );
  });

  it('returns a fresh object that does not alias the defaults', () => {
    const merged = mergeNotificationSettings(undefined);
    merged.marketing.email = true;
    expect(DEFAULT_NOTIFICATION_SETTINGS.marketing.email).toBe(false);
    expect(mergeNotificationSettings(undefined).marketing.email).toBe(false);
  });
});

describe('shouldSendNotification', () => {
  const defaults = mergeNotificationSettings(undefined);

  it('follows the settings', () => {
    expect(shouldSendNotification(defaults, 'outbid_alerts', 'email', false)).toBe(true);
    expect(shouldSendNotification(defaults, 'outbid_alerts', 'sms', false)).toBe(false);
    expect(shouldSendNotification(defaults, 'auction_ending', 'push', false)).toBe(true);
    expect(shouldSendNotification(defaults, 'auction_ending', 'email', true)).toBe(false);
  });

  it('sends new drops and marketing only with consent', () => {
    expect(CONSENT_REQUIRED_KINDS).toEqual(['new_drops', 'marketing']);
    expect(shouldSendNotification(defaults, 'new_drops', 'email', false)).toBe(false);
    expect(shouldSendNotification(defaults, 'new_drops', 'email', true)).toBe(true);
    const optedIn = mergeNotificationSettings({ marketing: { email: true } });
    expect(shouldSendNotification(optedIn, 'marketing', 'email', false)).toBe(false);
    expect(shouldSendNotification(optedIn, 'marketing', 'email', true)).toBe(true);
    expect(shouldSendNotification(defaults, 'marketing', 'email', true)).toBe(false);
  });
});
