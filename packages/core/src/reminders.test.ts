import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auctionEndingNotice, auctionsEndingNotice, newDropsNotice } from './notices';
import {
  DIGEST_HOUR,
  digestKey,
  digestTime,
  dueEndingReminder,
  ENDING_MARK_MS,
  endingReminderKey,
  latestDigest,
  minutesLeft,
} from './reminders';

const MIN = 60_000;
const END = Date.parse('2026-06-15T20:00:00Z');

describe('dueEndingReminder', () => {
  const at = (minutesBeforeEnd: number) => END - minutesBeforeEnd * MIN;

  it('is nothing more than an hour before the end', () => {
    expect(dueEndingReminder({ endMs: END, sent: {} }, at(61))).toBeNull();
    expect(dueEndingReminder({ endMs: END, sent: {} }, at(60) - 1)).toBeNull();
  });

  it('is the 1-hour one from the hour mark until the 5-minute window, once', () => {
    expect(dueEndingReminder({ endMs: END, sent: {} }, at(60))).toBe('1h');
    expect(dueEndingReminder({ endMs: END, sent: {} }, at(6))).toBe('1h');
    expect(dueEndingReminder({ endMs: END, sent: { '1h': true } }, at(30))).toBeNull();
  });

  it('is the 5-minute one in the last 5 minutes, once', () => {
    expect(dueEndingReminder({ endMs: END, sent: { '1h': true } }, at(5))).toBe('5m');
    expect(dueEndingReminder({ endMs: END, sent: { '1h': true } }, END - 1)).toBe('5m');
    expect(dueEndingReminder({ endMs: END, sent: { '1h': true, '5m': true } }, at(2))).toBeNull();
  });

  it('skips a 1-hour one that was never sent when the lot is first seen inside 5 minutes', () => {
    expect(dueEndingReminder({ endMs: END, sent: {} }, at(4))).toBe('5m');
    expect(dueEndingReminder({ endMs: END, sent: { '5m': true } }, at(3))).toBeNull();
  });

  it('is nothing after the 5-minute one, even if an extension pushes the end back out', () => {
    expect(dueEndingReminder({ endMs: END + 30 * MIN, sent: { '5m': true } }, at(4))).toBeNull();
  });

  it('is nothing at or after the end', () => {
    expect(dueEndingReminder({ endMs: END, sent: {} }, END)).toBeNull();
    expect(dueEndingReminder({ endMs: END, sent: {} }, END + MIN)).toBeNull();
  });

  it('follows the current end: an extension moves the unsent 5-minute one', () => {
    const extended = END + 10 * MIN;
    expect(dueEndingReminder({ endMs: END, sent: { '1h': true } }, at(5))).toBe('5m');
    expect(dueEndingReminder({ endMs: extended, sent: { '1h': true } }, at(5))).toBeNull();
    expect(dueEndingReminder({ endMs: extended, sent: { '1h': true } }, extended - 5 * MIN)).toBe('5m');
  });

  it('property: each mark is due only inside its own window and never once sent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10 * MIN, max: 3 * 60 * MIN }),
        fc.boolean(),
        fc.boolean(),
        (left, sent1h, sent5m) => {
          const due = dueEndingReminder({ endMs: END, sent: { '1h': sent1h, '5m': sent5m } }, END - left);
          if (due === '5m') expect(left > 0 && left <= ENDING_MARK_MS['5m'] && !sent5m).toBe(true);
          else if (due === '1h')
            expect(left > ENDING_MARK_MS['5m'] && left <= ENDING_MARK_MS['1h'] && !sent1h && !sent5m).toBe(
              true,
            );
          else
            expect(
              left <= 0 || left > ENDING_MARK_MS['1h'] || sent5m || (left > ENDING_MARK_MS['5m'] && sent1h),
            ).toBe(true);
        },
      ),
    );
  });

  it('property: walking the clock forward sends each mark at most once, and the 5-minute one always', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 * MIN }),
        fc.array(fc.integer({ min: 1, max: 20 * 1000 }), { minLength: 1, maxLength: 400 }),
        (firstSeenLeft, steps) => {
          const sent: { '1h'?: boolean; '5m'?: boolean } = {};
          const counts = { '1h': 0, '5m': 0 };
          let now = END - firstSeenLeft;
          for (const step of [0, ...steps, END]) {
            // The last step lands just before the end, wherever the walk got to.
            now = Math.min(now + step, END - 1);
            const due = dueEndingReminder({ endMs: END, sent }, now);
            if (due) {
              sent[due] = true;
              counts[due] += 1;
            }
          }
          expect(counts['1h']).toBeLessThanOrEqual(1);
          expect(counts['5m']).toBe(1);
          if (firstSeenLeft <= ENDING_MARK_MS['5m']) expect(counts['1h']).toBe(0);
        },
      ),
    );
  });
});

describe('reminder keys and texts', () => {
  it('keys are per lot, shopper and mark', () => {
    expect(endingReminderKey('a1', 'u1', '1h')).toBe('ending:a1:u1:1h');
    expect(endingReminderKey('a1', 'u1', '5m')).toBe('ending:a1:u1:5m');
    expect(digestKey('2026-03-08', 'u1')).toBe('digest:2026-03-08:u1');
  });

  it('says the real time left, rounded up', () => {
    expect(minutesLeft(END, END - 4 * MIN - 10_000)).toBe(5);
    expect(minutesLeft(END, END - 1)).toBe(1);
    expect(auctionEndingNotice('Desk Lamp', END, END - 60 * MIN, 2_500)).toBe(
      'Desk Lamp ends in 1 hour. The price is $25.00.',
    );
    expect(auctionEndingNotice('Desk Lamp', END, END - 5 * MIN, 2_500)).toBe(
      'Desk Lamp ends in 5 minutes. The price is $25.00.',
    );
    expect(auctionEndingNotice('Desk Lamp', END, END - 30_000, 100)).toContain('in 1 minute.');
  });

  it("one shopper's lots at the same mark are one text: the first two named, within the time to the last", () => {
    const lot = (title: string, minutes: number, cents: number) => ({
      title,
      endMs: END + minutes * MIN,
      currentPriceCents: cents,
    });
    const now = END - 5 * MIN;
    // One lot reads as before.
    expect(auctionsEndingNotice([lot('Desk Lamp', 0, 2_500)], now)).toBe(
      auctionEndingNotice('Desk Lamp', END, now, 2_500),
    );
    expect(auctionsEndingNotice([lot('Desk Lamp', 0, 2_500), lot('Chair', 1, 900)], now)).toBe(
      '2 lots you follow end within 6 minutes: Desk Lamp ($25.00) and Chair ($9.00).',
    );
    expect(
      auctionsEndingNotice(
        [lot('Desk Lamp', 0, 2_500), lot('Chair', 0, 900), lot('Rug', 0, 100), lot('Kettle', -4, 1)],
        now,
      ),
    ).toBe('4 lots you follow end within 5 minutes: Desk Lamp ($25.00), Chair ($9.00) and 2 more.');
    expect(auctionsEndingNotice([lot('A', 0, 1), lot('B', 0, 1)], END - 60 * MIN)).toBe(
      '2 lots you follow end within 1 hour: A ($0.01) and B ($0.01).',
    );
    expect(auctionsEndingNotice([lot('A', 0, 1), lot('B', 0, 1)], END - 30_000)).toContain(
      'within 1 minute:',
    );
    expect(() => auctionsEndingNotice([], now)).toThrow(RangeError);
  });

  it('the digest text counts lots and saved-search matches', () => {
    expect(newDropsNotice(1, 0)).toBe('1 new lot went live since yesterday.');
    expect(newDropsNotice(14, 2)).toBe('14 new lots went live since yesterday. 2 match your saved searches.');
    expect(newDropsNotice(3, 1)).toContain('1 matches');
  });
});

describe('the daily digest time (08:00 America/Vancouver)', () => {
  it('was 16:00 UTC in winter before 2026 (PST); is 15:00 UTC in summer and, from 2026 on, in winter too', () => {
    expect(DIGEST_HOUR).toBe(8);
    expect(digestTime('2026-06-15').toISOString()).toBe('2026-06-15T15:00:00.000Z');
    expect(digestTime('2026-01-15').toISOString()).toBe('2026-01-15T16:00:00.000Z');
    expect(digestTime('2027-01-15').toISOString()).toBe('2027-01-15T15:00:00.000Z');
  });

  it('follows the March change (spring forward on 2026-03-08)', () => {
    expect(digestTime('2026-03-07').toISOString()).toBe('2026-03-07T16:00:00.000Z');
    expect(digestTime('2026-03-08').toISOString()).toBe('2026-03-08T15:00:00.000Z');
    // The window of the 8th is 23 hours long: the night lost an hour.
    const slot = latestDigest(new Date('2026-03-08T15:00:00Z'));
    expect(slot.date).toBe('2026-03-08');
    expect(slot.since.toISOString()).toBe('2026-03-07T16:00:00.000Z');
    expect(slot.until.getTime() - slot.since.getTime()).toBe(23 * 60 * MIN);
  });

  it('stays at 15:00Z from 2026-11-01 on (British Columbia keeps UTC-7 all year: no fall back)', () => {
    expect(digestTime('2026-10-31').toISOString()).toBe('2026-10-31T15:00:00.000Z');
    expect(digestTime('2026-11-01').toISOString()).toBe('2026-11-01T15:00:00.000Z');
    expect(digestTime('2027-01-15').toISOString()).toBe('2027-01-15T15:00:00.000Z');
    const slot = latestDigest(new Date('2026-11-01T15:30:00Z'));
    expect(slot.date).toBe('2026-11-01');
    expect(slot.until.getTime() - slot.since.getTime()).toBe(24 * 60 * MIN);
  });

  it("is yesterday's before 08:00 and today's from 08:00", () => {
    expect(latestDigest(new Date('2026-06-15T14:59:59Z')).date).toBe('2026-06-14');
    expect(latestDigest(new Date('2026-06-15T15:00:00Z')).date).toBe('2026-06-15');
    // 23:30 in Vancouver on the 15th is already the 16th in UTC: still the 15th's digest.
    expect(latestDigest(new Date('2026-06-16T06:30:00Z')).date).toBe('2026-06-15');
  });

  it('property: the latest digest is due, and the next one is not yet', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01'), max: new Date('2028-12-31'), noInvalidDate: true }),
        (now) => {
          const slot = latestDigest(now);
          expect(slot.at.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(now.getTime() - slot.at.getTime()).toBeLessThan(25 * 60 * MIN);
          expect(slot.since.getTime()).toBeLessThan(slot.until.getTime());
          const span = slot.until.getTime() - slot.since.getTime();
          expect([23, 24, 25].map((h) => h * 60 * MIN)).toContain(span);
        },
      ),
    );
  });
});
