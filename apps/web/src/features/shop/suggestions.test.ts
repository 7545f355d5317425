import { SUGGEST_MIN_CHARS as CORE_SUGGEST_MIN_CHARS } from '@rebound/core/search';
import { describe, expect, it } from 'vitest';
import { itemSearch, matchParts, moveActive, SUGGEST_MIN_CHARS, suggestionsOf } from './suggestions';

describe('search suggestions', () => {
  it("start where the server's do", () => {
    expect(SUGGEST_MIN_CHARS).toBe(CORE_SUGGEST_MIN_CHARS);
  });

  it('searches an item by its title, with the brand first when the title lacks it', () => {
    expect(itemSearch('Dyson Supersonic Hair Dryer', 'Dyson')).toBe('Dyson Supersonic Hair Dryer');
    expect(itemSearch('V15 Detect Vacuum', 'Dyson')).toBe('Dyson V15 Detect Vacuum');
    expect(itemSearch('Helios Hair Dryer', 'ghd')).toBe('ghd Helios Hair Dryer');
    expect(itemSearch('Lamp', '')).toBe('Lamp');
  });

  it('lists the items then the categories, each category searching the typed words', () => {
    const list = suggestionsOf(
      {
        serverTime: '',
        items: [{ title: 'A Lamp', brand: 'A', lots: 2 }],
        categories: [{ slug: 'home', name: 'Home', count: 4 }],
      },
      'lam',
    );
    expect(list).toEqual([
      { kind: 'item', title: 'A Lamp', lots: 2, q: 'A Lamp' },
      { kind: 'category', name: 'Home', count: 4, q: 'lam', category: 'home' },
    ]);
    expect(suggestionsOf(undefined, 'lam')).toEqual([]);
  });

  it('moves the highlight with the arrows, wrapping at both ends', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowDown')).toBe(1);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(2, 3, 'ArrowUp')).toBe(1);
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1);
  });

  it('marks where a typed word starts a word of the title', () => {
    expect(matchParts('Dyson Supersonic', 'dyso')).toEqual([
      { text: 'Dyso', match: true },
      { text: 'n Supersonic', match: false },
    ]);
    expect(matchParts('Hair Dryer, Fuchsia', 'dr hai')).toEqual([
      { text: 'Hai', match: true },
      { text: 'r ', match: false },
      { text: 'Dr', match: true },
      { text: 'yer, Fuchsia', match: false },
    ]);
    // Not inside a word, and regular-expression characters are plain text.
    expect(matchParts('Sonicare', 'car')).toEqual([{ text: 'Sonicare', match: false }]);
    expect(matchParts('C++ (book)', 'c++ (')).toEqual([
      { text: 'C', match: true },
      { text: '++ (book)', match: false },
    ]);
    expect(matchParts('a.b', '.')).toEqual([{ text: 'a.b', match: false }]);
    expect(matchParts('Lamp', '  ')).toEqual([{ text: 'Lamp', match: false }]);
  });
});
