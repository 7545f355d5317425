import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TOP_10K } from './common-passwords';
import { COMMON_PASSWORDS_CHECKED, isCommonPassword } from './passwords';

const list = COMMON_PASSWORDS_TOP_10K.split(' ');

describe('isCommonPassword', () => {
  it('ships the published list whole, most common first', () => {
    expect(list).toHaveLength(COMMON_PASSWORDS_CHECKED);
    expect(list.slice(0, 4)).toEqual(['123456', 'password', '12345678', 'qwerty']);
    expect(list.every((word) => word.length > 0 && !/\s/.test(word))).toBe(true);
  });

  it('refuses every one of the top 3,000 (and the rest of the list)', () => {
    expect(list.filter((word) => !isCommonPassword(word))).toEqual([]);
  });

  it('ignores case', () => {
    for (const password of ['Password1', 'PASSWORD1', 'qwerty123', 'QWERTY123', 'Iloveyou', 'LetMeIn1']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts passwords that are not on the list', () => {
    for (const password of ['correct-horse-battery', 'shopper-demo-2026', 'qwerty123!x9']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
