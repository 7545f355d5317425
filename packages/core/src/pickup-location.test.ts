import { describe, expect, it } from 'vitest';
import { impliedPickupLocation } from './pickup-location';

describe('impliedPickupLocation', () => {
  it('gives a shopper without a choice the only active location', () => {
    expect(impliedPickupLocation(null, ['burnaby'])).toBe('burnaby');
  });

  it('keeps a choice the shopper made, however many locations there are', () => {
    expect(impliedPickupLocation('victoria', ['burnaby'])).toBe('victoria');
    expect(impliedPickupLocation('victoria', ['burnaby', 'victoria'])).toBe('victoria');
  });

  it('leaves the choice to the shopper when there are several locations, or none', () => {
    expect(impliedPickupLocation(null, ['burnaby', 'victoria'])).toBeNull();
    expect(impliedPickupLocation(null, [])).toBeNull();
  });
});
