import { LAUNCH_PAGES } from '@rebound/contract/launch-text';
import { describe, expect, it, vi } from 'vitest';
import { launchTitle, launchViewOf, readUtm } from './launch-view';
import { signUp, signupOutcomeOf } from './signup';

describe('launchViewOf', () => {
  it('shows the result pages on their paths (a trailing slash allowed)', () => {
    expect(launchViewOf(LAUNCH_PAGES.success)).toBe('success');
    expect(launchViewOf(`${LAUNCH_PAGES.alreadyConfirmed}/`)).toBe('alreadyConfirmed');
    expect(launchViewOf(LAUNCH_PAGES.error)).toBe('error');
  });
  it('shows the landing page on every other path', () => {
    for (const path of ['/', '/shop', '/product/some-thing', '/launch-successful', '/launch-error/x']) {
      expect(launchViewOf(path)).toBe('landing');
    }
  });
  it("titles the result pages '<title> | Rebound'", () => {
    expect(launchTitle('success')).toBe('Launch Confirmed | Rebound');
    expect(launchTitle('alreadyConfirmed')).toBe('Already Confirmed | Rebound');
    expect(launchTitle('error')).toBe('Confirmation Error | Rebound');
  });
});

describe('readUtm', () => {
  it('takes the five utm_* parameters, trimmed, and leaves out blank and unknown ones', () => {
    expect(
      readUtm(
        '?utm_source=ig&utm_medium=%20social%20&utm_campaign=launch&utm_term=&utm_content=a&utm_x=1&q=2',
      ),
    ).toEqual({ source: 'ig', medium: 'social', campaign: 'launch', content: 'a' });
    expect(readUtm('')).toEqual({});
  });
  it('cuts a value to the contract limit of 200 characters', () => {
    expect(readUtm(`?utm_source=${'x'.repeat(300)}`).source).toHaveLength(200);
  });
});

describe('signup outcome', () => {
  it('treats ok and 429 as sent, and anything else as failed', () => {
    expect(signupOutcomeOf(200, { title: 't', message: 'm', bypass: false })).toEqual({ kind: 'sent' });
    expect(signupOutcomeOf(201, undefined)).toEqual({ kind: 'sent' });
    expect(signupOutcomeOf(429, undefined)).toEqual({ kind: 'sent' });
    for (const status of [400, 403, 404, 500, 502, 503]) {
      expect(signupOutcomeOf(status, undefined)).toEqual({ kind: 'failed' });
    }
  });
  it('passes the bypass and its unlock token on', () => {
    expect(signupOutcomeOf(200, { bypass: true, unlockToken: 'tok' })).toEqual({
      kind: 'bypass',
      unlockToken: 'tok',
    });
  });
  it('posts the payload as JSON and reports a network failure as failed', async () => {
    const ok = vi.fn(async () => new Response(JSON.stringify({ title: 't', message: 'm' }), { status: 200 }));
    const input = {
      email: 'a@b.co',
      source: 'landing-page' as const,
      utm: {},
      metadata: { locale: 'en-CA' },
    };
    expect(await signUp(input, ok as unknown as typeof fetch)).toEqual({ kind: 'sent' });
    const [path, init] = ok.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/launch/signups');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual(input);
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await signUp(input, down as unknown as typeof fetch)).toEqual({ kind: 'failed' });
  });
});
