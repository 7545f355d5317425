import { describe, expect, it } from 'vitest';
import { type PickupNoticeFacts, pickupConfirmedNotice, pickupReminderNotice } from './notices';
import { locationAddressLabel, pickupDateLabel } from './pickup-notices';

const facts: PickupNoticeFacts = {
  productTitle: 'Desk Lamp',
  dateLabel: pickupDateLabel('2026-06-16'),
  timeLabel: '10:00 – 10:30 a.m. PT',
  locationName: 'Burnaby Warehouse',
  shortCode: 'ABC234',
};

describe('pickup notices', () => {
  it('label a Vancouver date in full, whatever the zone this runs in', () => {
    expect(pickupDateLabel('2026-06-16')).toBe('Tuesday, June 16, 2026');
    expect(pickupDateLabel('2026-11-01')).toBe('Sunday, November 1, 2026');
    expect(pickupDateLabel('2027-03-14')).toBe('Sunday, March 14, 2027');
  });

  it('put an address on one line', () => {
    expect(
      locationAddressLabel({
        addressLine1: '8035 North Fraser Way, Unit 110',
        city: 'Burnaby',
        province: 'BC',
        postalCode: 'V5J 5M8',
      }),
    ).toBe('8035 North Fraser Way, Unit 110, Burnaby, BC V5J 5M8');
  });

  it('confirm a booking and a move with the date, time, place and the code read aloud', () => {
    expect(pickupConfirmedNotice(facts, false)).toBe(
      'Your pickup of Desk Lamp is booked for Tuesday, June 16, 2026, 10:00 – 10:30 a.m. PT at Burnaby Warehouse. Show pickup code ABC-234 and a photo ID at the desk.',
    );
    expect(pickupConfirmedNotice(facts, true)).toMatch(
      /^Your pickup of Desk Lamp has moved to Tuesday, June 16/,
    );
    expect(pickupConfirmedNotice({ ...facts, shortCode: null }, false)).toMatch(
      /Show your order number and a photo ID at the desk\.$/,
    );
  });

  it('remind the evening before and an hour before', () => {
    expect(pickupReminderNotice(facts, 'day_before')).toBe(
      'Reminder: your pickup of Desk Lamp is tomorrow, Tuesday, June 16, 2026, 10:00 – 10:30 a.m. PT at Burnaby Warehouse. Bring a photo ID and pickup code ABC-234.',
    );
    expect(pickupReminderNotice(facts, 'hour_before')).toBe(
      'Reminder: your pickup of Desk Lamp is in about an hour (10:00 – 10:30 a.m. PT) at Burnaby Warehouse. Bring a photo ID and pickup code ABC-234.',
    );
  });
});
