import { describe, expect, it } from 'vitest';
import { isOtpCode, MIN_PHONE_LENGTH, normalizePhone, OTP_CODE_LENGTH, PHONE_INVALID_MESSAGE } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['6045551234', '+16045551234'], // 10 digits: +1
    ['(604) 555-1234', '+16045551234'],
    ['604.555.1234', '+16045551234'],
    ['16045551234', '+16045551234'], // 11 digits starting with 1: +
    ['1-604-555-1234', '+16045551234'],
    ['+1 (604) 555-1234', '+16045551234'], // leading + kept
    ['  +44 20 7946 0958 ', '+442079460958'],
    ['+33612345678', '+33612345678'],
    ['+6045551234', '+6045551234'], // an explicit + wins over the 10-digit rule (+60 is Malaysia)
    ['442079460958', '+442079460958'], // 12 digits: + added
    ['26045551234', '+26045551234'], // 11 digits not starting with 1: + added
    ['+1234567', '+1234567'], // exactly 8 characters
    ['1234567', '+1234567'], // 7 digits become 8 characters
    ['+123456789012345', '+123456789012345'], // 15 digits, the E.164 maximum
  ])('%j -> %s', (input, e164) => {
    expect(normalizePhone(input)).toEqual({ ok: true, e164 });
  });

  it.each([
    '',
    '   ',
    '+',
    'phone',
    '123456', // '+123456' is 7 characters
    '+123456',
    '+1 234 56',
    '+1234567890123456', // 16 digits
    '0044 20 7946 0958', // international prefix instead of +: no country code starts with 0
    '+0123456789',
  ])('rejects %j', (input) => {
    expect(normalizePhone(input)).toEqual({ ok: false, message: PHONE_INVALID_MESSAGE });
  });

  it('uses the phone message and limits', () => {
    expect(PHONE_INVALID_MESSAGE).toBe('Please enter a valid phone number with country code');
    expect(MIN_PHONE_LENGTH).toBe(8);
  });

  it('is idempotent on its own output', () => {
    for (const input of ['6045551234', '16045551234', '+44 20 7946 0958', '1234567']) {
      const first = normalizePhone(input);
      if (!first.ok) throw new Error(`expected ${input} to be valid`);
      expect(normalizePhone(first.e164)).toEqual(first);
    }
  });
});

describe('isOtpCode', () => {
  it('accepts exactly six digits', () => {
    expect(OTP_CODE_LENGTH).toBe(6);
    expect(isOtpCode('123456')).toBe(true);
    expect(isOtpCode('000000')).toBe(true);
  });

  it.each(['', '12345', '1234567', '12345a', ' 123456', '123456 ', '123 456', '١٢٣٤٥٦', '12.456', '-12345'])(
    'rejects %j',
    (code) => {
      expect(isOtpCode(code)).toBe(false);
    },
  );
});
