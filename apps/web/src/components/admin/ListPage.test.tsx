// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer, renderPage, shopper } from '../../../test/render';
import { getJson } from '../../lib/api-client';
import type { PageOf } from './DataTable';
import { AdminListPage } from './ListPage';
import { type ListState, listQueryString } from './use-list-state';

interface Thing {
  id: string;
  name: string;
}

const col = createColumnHelper<Thing>();
const columns = [col.accessor('name', { id: 'name', header: 'Name' })];

function useThings(state: ListState) {
  const qs = listQueryString(state);
  return useQuery({
    queryKey: ['things', qs],
    queryFn: ({ signal }) => getJson<PageOf<Thing>>(`/api/admin/things?${qs}`, signal),
  });
}

function ThingsPage() {
  return (
    <AdminListPage
      title="Things"
      columns={columns as never}
      useRows={useThings}
      getRowId={(t: Thing) => t.id}
      sort="name"
      search={{ label: 'Search things' }}
      filters={[
        {
          name: 'colour',
          label: 'Colour',
          options: [
            { value: '', label: 'Any' },
            { value: 'red', label: 'Red' },
          ],
        },
      ]}
      empty={({ filtered }) => (filtered ? 'No things match.' : 'No things yet.')}
    />
  );
}

const things = (from: number, count: number): Thing[] =>
  Array.from({ length: count }, (_, i) => ({ id: `t${from + i}`, name: `Thing ${from + i}` }));

function renderThings(path = '/admin/things') {
  return renderPage(<ThingsPage />, { user: shopper({ role: 'staff' }), path, routePath: '/admin/things' });
}

describe('the back-office list page', () => {
  it('says when there is nothing yet, and when nothing matches the filters', async () => {
    fakeServer({ 'GET /api/admin/things': { items: [], total: 0, page: 1, pageSize: 25 } });
    const { user } = renderThings();
    expect(await screen.findByText('No things yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Things', level: 1 })).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour' }), 'red');
    expect(await screen.findByText('No things match.')).toBeTruthy();
  });

  it('shows the error with a retry that asks again', async () => {
    let calls = 0;
    const server = fakeServer({
      'GET /api/admin/things': () => {
        calls += 1;
        return calls === 1
          ? answer(500, { error: { code: 'internal', message: 'The list is resting.' } })
          : { items: things(1, 2), total: 2, page: 1, pageSize: 25 };
      },
    });
    const { user } = renderThings();
    expect(await screen.findByText('This list could not be loaded')).toBeTruthy();
    expect(screen.getByText('The list is resting.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('Thing 2')).toBeTruthy();
    expect(server.calls('GET', '/api/admin/things')).toHaveLength(2);
    expect(screen.queryByText('This list could not be loaded')).toBeNull();
  });

  it('pages on the server: the next page asks for page 2 and the status says which rows show', async () => {
    const server = fakeServer({
      'GET /api/admin/things': (request) => {
        const page = Number(new URL(request.path, 'http://x').searchParams.get('page'));
        return { items: things((page - 1) * 25 + 1, page === 1 ? 25 : 5), total: 30, page, pageSize: 25 };
      },
    });
    const { user, router } = renderThings();
    expect(await screen.findByText('Thing 25')).toBeTruthy();
    expect(screen.getByText('1–25 of 30')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Things: pages' });
    expect(
      within(pages)
        .getByRole('button', { name: /previous/i })
        .hasAttribute('disabled'),
    ).toBe(true);

    await user.click(within(pages).getByRole('button', { name: /next/i }));
    expect(await screen.findByText('Thing 30')).toBeTruthy();
    expect(screen.getByText('26–30 of 30')).toBeTruthy();
    expect(within(pages).getByText('Page 2 of 2')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: /next/i }).hasAttribute('disabled')).toBe(true);
    expect(router.state.location.search).toBe('?page=2');
    const asked = server.calls('GET', '/api/admin/things').map((r) => r.path);
    expect(asked.at(-1)).toContain('page=2');
  });
});
