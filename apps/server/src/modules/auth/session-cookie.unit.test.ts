import { describe, expect, it } from 'vitest';
import { sessionCookie } from './plugin';

// The one reading of the session cookie (plugin.ts): whether a request has one (private answers,
// the session lookup) and its value (the in-process session cache's key).

describe('sessionCookie', () => {
  it('reads the value under both names better-auth gives it', () => {
    expect(sessionCookie('rebound.session_token=abc.def')).toBe('abc.def');
    expect(sessionCookie('__Secure-rebound.session_token=abc.def')).toBe('abc.def');
  });

  it('finds it among other cookies, and stops at the next one', () => {
    expect(sessionCookie('theme=dark; rebound.session_token=abc; other=1')).toBe('abc');
    expect(sessionCookie('theme=dark;rebound.session_token=abc')).toBe('abc');
  });

  it('tells an empty cookie from none', () => {
    expect(sessionCookie('rebound.session_token=')).toBe('');
    expect(sessionCookie(undefined)).toBeNull();
    expect(sessionCookie('')).toBeNull();
    expect(sessionCookie('theme=dark')).toBeNull();
  });

  it('does not take a cookie whose name only ends the same way', () => {
    expect(sessionCookie('xrebound.session_token=abc')).toBeNull();
    expect(sessionCookie('theme=rebound.session_token=abc')).toBeNull();
  });
});
