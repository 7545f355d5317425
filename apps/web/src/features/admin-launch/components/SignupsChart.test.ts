import { describe, expect, it } from 'vitest';
import { lastDays } from './SignupsChart';

describe('lastDays', () => {
  it('is empty without signups', () => {
    expect(lastDays([])).toEqual([]);
  });
  it('ends on the latest day with signups and fills the quiet days with zeros', () => {
    const days = lastDays(
      [
        { date: '2026-10-01', total: 9, confirmed: 9 },
        { date: '2026-11-20', total: 3, confirmed: 1 },
        { date: '2026-11-23', total: 5, confirmed: 2 },
      ],
      5,
    );
    expect(days).toEqual([
      { date: '2026-11-19', total: 0, confirmed: 0 },
      { date: '2026-11-20', total: 3, confirmed: 1 },
      { date: '2026-11-21', total: 0, confirmed: 0 },
      { date: '2026-11-22', total: 0, confirmed: 0 },
      { date: '2026-11-23', total: 5, confirmed: 2 },
    ]);
  });
  it('crosses month and year ends', () => {
    expect(lastDays([{ date: '2027-01-01', total: 1, confirmed: 0 }], 3).map((d) => d.date)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
  });
});
