import { describe, expect, it } from 'vitest';
import { notificationHref, unreadBadge } from './labels';

describe('unreadBadge', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%i reads %s', (count, label) => {
    expect(unreadBadge(count)).toBe(label);
  });
});

describe('notificationHref', () => {
  it('follows a path inside the site', () => {
    expect(notificationHref('/product/dyson-v8')).toBe('/product/dyson-v8');
    expect(notificationHref('/account?tab=orders')).toBe('/account?tab=orders');
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'product/x',
  ])('sends %s to /shop', (target) => {
    expect(notificationHref(target)).toBe('/shop');
  });
});
