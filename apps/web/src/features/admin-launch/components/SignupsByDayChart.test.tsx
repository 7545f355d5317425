// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignupsByDayChart } from './SignupsChart';

afterEach(cleanup);

function bars(container: HTMLElement) {
  return [...container.querySelectorAll('rect:not(.fill-ink-100)')].map((r) => ({
    height: r.getAttribute('height'),
    className: r.getAttribute('class'),
  }));
}

describe('the launch list’s signups chart', () => {
  it('the signups chart: confirmed over all signups, every other day labelled, pending counted', () => {
    const { container } = render(
      <SignupsByDayChart
        byDay={[
          { date: '2026-11-22', total: 4, confirmed: 1 },
          { date: '2026-11-23', total: 2, confirmed: 2 },
        ]}
      />,
    );
    expect(bars(container).slice(-4)).toEqual([
      { height: '120', className: 'fill-brand-200' },
      { height: '30', className: 'fill-brand-700' },
      { height: '60', className: 'fill-brand-200' },
      { height: '60', className: 'fill-brand-700' },
    ]);
    expect([...container.querySelectorAll('text')].map((t) => t.textContent).slice(-2)).toEqual([
      '11/21',
      '11/23',
    ]);
    const table = screen.getByRole('table', { name: 'Launch signups by day, the last 14 days' });
    expect(within(table).getAllByRole('row').at(-2)?.textContent).toBe('Sun, Nov 2213');
  });
});
