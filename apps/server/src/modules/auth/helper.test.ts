import { API } from '@rebound/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('signedInUser test helper', () => {
  it('makes a confirmed shopper whose cookie signs requests in', async () => {
    const { user, cookie } = await signedInUser(t);
    expect(user.role).toBe('shopper');
    const res = await t.app.inject({ method: 'GET', url: API.authSession, headers: { cookie } });
    expect(res.json()).toEqual({
      user: { id: user.id, email: user.email, handle: user.handle, role: 'shopper', status: 'active' },
    });
  });

  it('makes staff on request, with the handle and email asked for', async () => {
    const { user, cookie } = await signedInUser(t, {
      role: 'staff',
      handle: 'Staffer_1',
      email: 'staff1@example.test',
    });
    expect(user).toMatchObject({ role: 'staff', handle: 'Staffer_1', email: 'staff1@example.test' });
    const res = await t.app.inject({ method: 'GET', url: API.adminPing, headers: { cookie } });
    expect(res.statusCode).toBe(200);
  });
});
