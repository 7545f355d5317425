// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RevenueChart } from './RevenueChart';

afterEach(cleanup);

function bars(container: HTMLElement) {
  return [...container.querySelectorAll('rect:not(.fill-ink-100)')].map((r) => ({
    height: r.getAttribute('height'),
    className: r.getAttribute('class'),
  }));
}

describe('the dashboard’s revenue chart', () => {
  it('the revenue chart: today darker, each day labelled, the amounts in the table', () => {
    const { container } = render(
      <RevenueChart
        days={[
          { date: '2026-11-27', cents: 1_000 },
          { date: '2026-11-28', cents: 4_000 },
        ]}
        today="2026-11-28"
      />,
    );
    expect(bars(container)).toEqual([
      { height: '30', className: 'fill-brand-400' },
      { height: '120', className: 'fill-brand-700' },
    ]);
    expect([...container.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['Fri', 'Sat']);
    const table = screen.getByRole('table', { name: 'Paid revenue by day this week' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$10.00', '$40.00']);
  });
});
