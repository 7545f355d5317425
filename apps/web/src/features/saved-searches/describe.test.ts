import { describe, expect, it } from 'vitest';
import { describeSearch, suggestedName } from './describe';

describe('describeSearch', () => {
  it('says each filter in words', () => {
    expect(
      describeSearch({
        q: 'desk lamp',
        category: 'home-garden',
        condition: 'open_box',
        minPrice: 0,
        maxPrice: 300,
        location: 'burnaby',
      }),
    ).toEqual(['"desk lamp"', 'Home Garden', 'Open Box', '$0 – $300', 'Burnaby']);
  });

  it('uses the real names when it has them, and says when nothing narrows the search', () => {
    expect(
      describeSearch({ category: 'home' }, { categories: new Map([['home', 'Home & Kitchen']]) }),
    ).toEqual(['Home & Kitchen']);
    expect(describeSearch({})).toEqual(['Every live auction']);
    // Dollars to the cent by core's exact rule (the float parse showed 'From $1').
    expect(describeSearch({ minPrice: 1.005 })).toEqual(['From $1.01']);
  });

  it('suggests the keywords, then the category, as the name', () => {
    expect(suggestedName({ q: 'bike' })).toBe('bike');
    expect(suggestedName({ category: 'home' }, 'Home & Kitchen')).toBe('Home & Kitchen');
    expect(suggestedName({})).toBe('My search');
  });
});
