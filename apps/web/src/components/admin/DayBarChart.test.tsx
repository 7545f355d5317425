// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DayBarChart } from './DayBarChart';
import { UploadProgress } from './UploadProgress';

afterEach(cleanup);

const days = [
  { date: '2026-11-23', a: 50, b: 20 },
  { date: '2026-11-24', a: 0, b: 0 },
  { date: '2026-11-25', a: 100, b: 100 },
];

function bars(container: HTMLElement) {
  return [...container.querySelectorAll('rect:not(.fill-ink-100)')].map((r) => ({
    height: r.getAttribute('height'),
    className: r.getAttribute('class'),
  }));
}

describe('the back-office day bar chart', () => {
  it('scales every bar to the largest, draws a day’s bars in order over its track and none of zero', () => {
    const { container } = render(
      <DayBarChart
        days={days}
        bars={(d) => [
          { value: d.a, className: 'whole' },
          { value: d.b, className: 'part' },
        ]}
        label={(d) => d.date.slice(8)}
        barWidth={10}
        gap={2}
        radius={1}
        labelClassName="label"
        caption={<figcaption>Things</figcaption>}
        table={{ caption: 'Things by day', columns: ['A', 'B'], cells: (d) => [d.a, d.b] }}
      />,
    );
    expect(container.querySelectorAll('rect.fill-ink-100')).toHaveLength(3);
    expect(bars(container)).toEqual([
      { height: '60', className: 'whole' },
      { height: '24', className: 'part' },
      { height: '120', className: 'whole' },
      { height: '120', className: 'part' },
    ]);
    expect([...container.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['23', '24', '25']);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    const table = screen.getByRole('table', { name: 'Things by day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'A', 'B']);
    expect(within(table).getAllByRole('row').at(-1)?.textContent).toBe('Wed, Nov 25100100');
  });
});

describe('the upload progress bar', () => {
  it('says uploading with the percentage, then what follows once every byte is sent', () => {
    const { rerender } = render(<UploadProgress progress={0.424} afterUpload="Resizing…" />);
    expect(screen.getByText('Uploading…')).toBeTruthy();
    expect(screen.getByText('42%')).toBeTruthy();
    expect((screen.getByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement).value).toBe(
      0.424,
    );
    rerender(<UploadProgress progress={1} afterUpload="Resizing…" />);
    expect(screen.getByText('Resizing…')).toBeTruthy();
    expect(screen.getByText('100%')).toBeTruthy();
  });
});
