import { describe, expect, it } from 'vitest';
import { checkLaunchEmail, isEmailShape, MAX_EMAIL_LENGTH, normalizeEmail } from './email';

describe('isEmailShape', () => {
  it.each(['a@b.c', 'jane.doe@example.com', 'first+tag@sub.example.co.uk', 'JANE@EXAMPLE.CA'])(
    'accepts %s',
    (email) => {
      expect(isEmailShape(email)).toBe(true);
    },
  );

  it.each([
    '',
    'plain',
    '@example.com',
    'jane@',
    'jane@example',
    'jane@.',
    'jane @example.com',
    'jane@exa mple.com',
    ' jane@example.com',
    'jane@@example.com',
    'ja@ne@example.com',
    'jane@example.',
  ])('rejects %j', (email) => {
    expect(isEmailShape(email)).toBe(false);
  });

  it('rejects addresses longer than the limit', () => {
    const local = 'a'.repeat(MAX_EMAIL_LENGTH);
    expect(isEmailShape(`${local}@example.com`)).toBe(false);
    expect(isEmailShape(`${'a'.repeat(MAX_EMAIL_LENGTH - '@example.com'.length)}@example.com`)).toBe(true);
  });
});

describe('normalizeEmail', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM \n')).toBe('jane.doe@example.com');
  });
});

describe('checkLaunchEmail', () => {
  it('requires an email', () => {
    const required = { ok: false, title: 'Email required', message: 'Please enter your email address.' };
    expect(checkLaunchEmail('')).toEqual(required);
    expect(checkLaunchEmail('   ')).toEqual(required);
    expect(checkLaunchEmail(undefined)).toEqual(required);
    expect(checkLaunchEmail(null)).toEqual(required);
  });

  it('rejects a malformed email', () => {
    const invalid = { ok: false, title: 'Invalid email', message: 'Please enter a valid email address.' };
    expect(checkLaunchEmail('jane')).toEqual(invalid);
    expect(checkLaunchEmail('jane@example')).toEqual(invalid);
    expect(checkLaunchEmail('jane doe@example.com')).toEqual(invalid);
  });

  it('returns the trimmed, lowercased address', () => {
    expect(checkLaunchEmail('  Jane@Example.com ')).toEqual({ ok: true, email: 'jane@example.com' });
  });
});
