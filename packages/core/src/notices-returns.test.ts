import { describe, expect, it } from 'vitest';
import { RETURN_QUESTIONS, returnNotice } from './notices-returns';
import { isRefusalReasonClear, returnByLabel, returnDeadline, returnLastDayLabel } from './returns';

describe("a return's deadline, in one wording", () => {
  it('names the last day and the zone: by the end of Mon, Dec 7 (PT)', () => {
    // Handed over Mon Nov 30, mid-afternoon PT: seven days, the last one Mon Dec 7; the window
    // closes at midnight PT after it.
    const deadline = returnDeadline(new Date('2026-11-30T23:00:00.000Z'));
    expect(returnLastDayLabel(deadline)).toBe('Mon, Dec 7');
    expect(returnByLabel(returnLastDayLabel(deadline))).toBe('by the end of Mon, Dec 7 (PT)');
  });

  it('is the one the notices use', () => {
    const f = { productTitle: 'Blue kettle', lastDayLabel: 'Mon, Dec 7' };
    expect(returnNotice('requested', f)).toBe(
      'Return requested for Blue kettle. Book a drop-off time and bring it back by the end of Mon, Dec 7 (PT).',
    );
    expect(returnNotice('expired', f)).toContain('not brought back by the end of Mon, Dec 7 (PT).');
  });
});

describe('a refused return', () => {
  const f = {
    productTitle: 'Blue kettle',
    lastDayLabel: 'Mon, Dec 7',
    refusalReason: 'Water damage not in the listing',
  };

  it('says what happens to the item and what the shopper can do', () => {
    expect(returnNotice('refused', { ...f, itemKept: false })).toBe(
      `Return refused for Blue kettle: Water damage not in the listing. The item stays yours: if you did not take it with you, ask for it at the pickup desk. ${RETURN_QUESTIONS}`,
    );
    expect(returnNotice('refused', { ...f, itemKept: true })).toContain(
      'You left the item with us, so it stays with the shop and no refund is made.',
    );
    expect(returnNotice('refused', { ...f, refusalReason: 'Opened and used!' })).toContain(
      ': Opened and used! The',
    );
  });

  it('needs a reason of more than one word', () => {
    expect(isRefusalReasonClear('Damaged')).toBe(false);
    expect(isRefusalReasonClear('  No  ')).toBe(false);
    expect(isRefusalReasonClear('No - ')).toBe(false);
    expect(isRefusalReasonClear('Water damage')).toBe(true);
    expect(isRefusalReasonClear('Écran fissuré')).toBe(true);
  });
});
