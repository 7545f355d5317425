// @vitest-environment jsdom
import type { SuggestResponse } from '@rebound/contract/catalog';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderPage } from '../../../../test/render';
import { SearchBox } from './SearchBox';

// The search box's suggestions (docs/product.md "Search"): an ARIA combobox whose list the keys and
// the pointer move through and choose from, while the focus stays in the box.

const ANSWER: SuggestResponse = {
  serverTime: '2026-11-29T12:00:00.000Z',
  items: [
    { title: 'Dyson Supersonic Hair Dryer', brand: 'Dyson', lots: 1 },
    { title: 'V15 Detect Cordless Vacuum', brand: 'Dyson', lots: 3 },
  ],
  categories: [
    { slug: 'beauty-health', name: 'Beauty & Health', count: 1 },
    { slug: 'home-kitchen', name: 'Home & Kitchen', count: 3 },
  ],
};

function setup(value = '') {
  const server = fakeServer({ 'GET /api/shop/suggest': ANSWER });
  const onSearch = vi.fn();
  const view = renderPage(<SearchBox value={value} onSearch={onSearch} />);
  const box = screen.getByRole('combobox', { name: 'Search auctions' });
  return { ...view, server, onSearch, box };
}

const options = () => screen.getAllByRole('option');
const highlighted = (box: HTMLElement) => {
  const id = box.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('SearchBox suggestions', () => {
  it('lists up to the answer’s titles then its categories, after two characters, and moves with the arrows', async () => {
    const { user, box, server } = setup();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.type(box, 'd');
    await user.type(box, 'yso');

    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    await waitFor(() =>
      expect(options().map((o) => o.textContent)).toEqual([
        'Dyson Supersonic Hair Dryer',
        'V15 Detect Cordless Vacuum3 lots',
        'dyso in Beauty & Health (1)',
        'dyso in Home & Kitchen (3)',
      ]),
    );
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    // One character asks nothing: every request had at least two.
    for (const r of server.calls('GET', '/api/shop/suggest')) {
      expect(new URL(r.path, 'http://x').searchParams.get('q')?.length).toBeGreaterThanOrEqual(2);
    }

    // Nothing highlighted until an arrow; the focus stays in the box throughout.
    expect(highlighted(box)).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(highlighted(box)).toBe(options()[0]);
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted(box)).toBe(options()[2]);
    await user.keyboard('{ArrowUp}');
    expect(highlighted(box)).toBe(options()[1]);
    expect(options()[2]?.getAttribute('aria-selected')).toBe('false');
    // Up from the first wraps to the last, down from the last to the first.
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(highlighted(box)).toBe(options()[3]);
    await user.keyboard('{ArrowDown}');
    expect(highlighted(box)).toBe(options()[0]);
    expect(document.activeElement).toBe(box);

    // Escape closes the list and keeps the words; Down opens it again.
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('dyso');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(highlighted(box)).toBe(options()[0]);
  });

  it('searches a chosen title (brand first when the title lacks it) and closes the list', async () => {
    const { user, box, onSearch } = setup();
    await user.type(box, 'dyso');
    await waitFor(() => expect(options()).toHaveLength(4));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSearch).toHaveBeenCalledWith('Dyson V15 Detect Cordless Vacuum', undefined);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect((box as HTMLInputElement).value).toBe('Dyson V15 Detect Cordless Vacuum');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('searches the typed words within a chosen category', async () => {
    const { user, box, onSearch } = setup();
    await user.type(box, 'dyso');
    await waitFor(() => expect(options()).toHaveLength(4));
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onSearch).toHaveBeenCalledWith('dyso', 'home-kitchen');
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('searches the words as typed on Enter with nothing highlighted', async () => {
    const { user, box, onSearch } = setup();
    await user.type(box, 'dyso');
    await waitFor(() => expect(options()).toHaveLength(4));
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('dyso');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('chooses with the pointer: hovering highlights, a click searches', async () => {
    const { user, box, onSearch } = setup();
    await user.type(box, 'dyso');
    await waitFor(() => expect(options()).toHaveLength(4));
    const category = options()[2] as HTMLElement;
    await user.hover(category);
    expect(highlighted(box)).toBe(category);
    await user.click(category);
    expect(onSearch).toHaveBeenCalledWith('dyso', 'beauty-health');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows no list while the box does not have the focus', async () => {
    const { user, box } = setup();
    await user.type(box, 'dyso');
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
    await user.tab();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
  });
});
