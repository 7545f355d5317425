// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderPage, shopper } from '../../../test/render';
import { AuthRoute } from '../routes/AuthRoute';
import SignedInHeader from './SignedInHeader';

// Staff land on the back-office after signing in and see no bid counts; on a phone the header keeps
// the cart in view (docs/product.md "Accounts and sign-in").

class ClosedSocket extends EventTarget {
  static readonly OPEN = 1;
  readyState = 0;
  send() {}
  close() {}
}

const staff = shopper({ role: 'staff', handle: 'desk', email: 'staff@example.test' });
const summary = { winning: 2, losing: 1, watching: 3, watchedAuctionIds: [], bidAuctionIds: [] };

/** Every class on the element and its ancestors: what decides whether it shows at a width. */
function classesUp(element: Element | null): string[] {
  const all: string[] = [];
  for (let e = element; e; e = e.parentElement) all.push(...e.classList);
  return all;
}

describe('the header', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', ClosedSocket);
  });

  it('staff: a link to the back-office, no Winning / Losing counts and no cart', async () => {
    fakeServer({ 'GET /api/me/summary': summary });
    renderPage(<SignedInHeader user={staff} />, { user: staff });
    expect(screen.getByTestId('back-office-link').getAttribute('href')).toBe('/admin');
    expect(screen.queryByText(/Winning/)).toBeNull();
    expect(screen.queryByText(/Losing/)).toBeNull();
    expect(screen.queryByTestId('cart-link')).toBeNull();
  });

  it('a shopper on a 375-pixel phone keeps the cart link in view (hidden by no breakpoint class)', async () => {
    fakeServer({ 'GET /api/me/summary': summary });
    renderPage(<SignedInHeader user={shopper()} />);
    const cart = screen.getByTestId('cart-link');
    // Below Tailwind's md (768 px) a `hidden` without a later `*:block`/`*:flex` hides it; none may apply.
    const classes = classesUp(cart);
    expect(classes).not.toContain('hidden');
    expect(classes).not.toContain('sr-only');
    expect(screen.queryByTestId('back-office-link')).toBeNull();
    // The badges are the shopper's (on phones in the side menu).
    await waitFor(() => expect(screen.getAllByText(/Winning/).length).toBeGreaterThan(0));
  });
});

describe('signing in', () => {
  async function signIn(path: string, user: ReturnType<typeof shopper>) {
    fakeServer({
      'POST /api/auth/sign-in': { title: 'Welcome back!', message: 'Signed in.', user },
    });
    const view = renderPage(<AuthRoute />, { user: null, path, routePath: '/auth' });
    await view.user.type(await screen.findByLabelText(/email/i), user.email);
    await view.user.type(screen.getByLabelText(/^password/i), 'correct-horse-battery');
    await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(view.router.state.location.pathname).not.toBe('/auth'));
    return view.router.state.location;
  }

  it('takes staff to the back-office', async () => {
    expect((await signIn('/auth', staff)).pathname).toBe('/admin');
  });

  it('takes staff to ?next= when one was given', async () => {
    expect((await signIn('/auth?next=%2Fshop', staff)).pathname).toBe('/shop');
  });

  it('takes a shopper home', async () => {
    expect((await signIn('/auth', shopper())).pathname).toBe('/');
  });
});
