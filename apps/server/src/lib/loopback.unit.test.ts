import { describe, expect, it } from 'vitest';
import { isLoopback } from './loopback';

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.9.8.7', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1'])(
    '%s is this machine',
    (ip) => expect(isLoopback(ip)).toBe(true),
  );
  it.each(['10.0.0.5', '128.0.0.1', '::ffff:10.0.0.5', '2001:db8::1', '0.0.0.0', '', 'localhost', undefined])(
    '%s is not',
    (ip) => expect(isLoopback(ip)).toBe(false),
  );
});
