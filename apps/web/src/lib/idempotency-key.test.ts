import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  it('is fresh each time and carries the prefix it is given', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(newIdempotencyKey()).not.toBe(a);
    expect(newIdempotencyKey('refund-')).toMatch(/^refund-[0-9a-f-]{36}$/);
  });
});
