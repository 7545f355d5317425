import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('accounts configuration', () => {
  it('uses the local stand-ins and a development secret by default', () => {
    const c = loadConfig({});
    expect(c.email).toEqual({ smtpUrl: null, from: 'Rebound <no-reply@rebound.local>' });
    expect(c.sms.twilio).toBeNull();
    expect(c.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('selects SMTP and Twilio when configured', () => {
    const c = loadConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Rebound <hello@example.com>',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+16045550000',
    });
    expect(c.email.smtpUrl).toBe('smtps://user:pass@smtp.example.com:465');
    expect(c.sms.twilio).toEqual({
      accountSid: 'AC1',
      authToken: 'token',
      from: '+16045550000',
      apiUrl: 'https://api.twilio.com',
    });
  });

  it.each([
    [{ NODE_ENV: 'production' }, /AUTH_SECRET is required/],
    [{ AUTH_SECRET: 'short' }, /AUTH_SECRET/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ TWILIO_ACCOUNT_SID: 'AC1' }, /TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together/],
  ])('stops with one clear line for %j', (env, pattern) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(pattern);
  });
});
