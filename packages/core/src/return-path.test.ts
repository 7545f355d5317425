import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterSignInPath, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps paths on the site, with their query and hash', () => {
    expect(safeReturnPath('/admin')).toBe('/admin');
    expect(safeReturnPath('/admin/orders?status=paid&page=2')).toBe('/admin/orders?status=paid&page=2');
    expect(safeReturnPath('/shop#lots')).toBe('/shop#lots');
  });

  it('refuses anything that could leave the site or loop back to sign-in', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'admin',
      'https://evil.test/admin',
      '//evil.test',
      '/\\evil.test',
      '/\t/evil.test',
      '/\n/evil.test',
      ' /admin',
      'javascript:alert(1)',
      '/auth',
      '/auth?next=/admin',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });

  it('whatever the input, the answer is null or a path that stays on the site', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.string().map((s) => `/${s}`),
        ),
        (input) => {
          const out = safeReturnPath(input);
          if (out === null) return;
          expect(out.startsWith('/')).toBe(true);
          expect(out.startsWith('//')).toBe(false);
          expect(new URL(out, 'https://rebound.test').origin).toBe('https://rebound.test');
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('afterSignInPath', () => {
  it('sends staff to the back-office and shoppers home, unless a safe ?next= was given', () => {
    expect(afterSignInPath('staff', null)).toBe('/admin');
    expect(afterSignInPath('shopper', null)).toBe('/');
    expect(afterSignInPath('staff', '/shop?q=lamp')).toBe('/shop?q=lamp');
    expect(afterSignInPath('shopper', '/account')).toBe('/account');
    expect(afterSignInPath('staff', '//evil.test')).toBe('/admin');
    expect(afterSignInPath('shopper', '/auth')).toBe('/');
  });
});
