// @vitest-environment jsdom
import type { ServerEvent } from '@rebound/contract/realtime';
import { SESSION_ENDED_CLOSE_CODE } from '@rebound/contract/routes';
import { ACCOUNT_SUSPENDED_BANNER, ACCOUNT_SUSPENDED_CANNOT_BID } from '@rebound/core/bidding-text';
import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage, shopper } from '../../test/render';
import { getJson } from '../lib/api-client';
import { useSession } from '../lib/session';
import { SuspendedBanner } from './layout/SuspendedBanner';
import { useRealtimeSession } from './use-realtime-session';

// A page left open when the account is suspended (docs/product.md "Accounts and sign-in"): it learns
// the session ended (a 401 from any call, or AccountChangedV1 on the user's room) and shows signed
// out; a suspended account still signed in sees the banner.

/** The browser's WebSocket, stood in for: the test delivers the server's events. */
class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  /** The server ends the socket: its session ended (docs/decisions/047). */
  closeWith(code: number) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
  deliver(event: ServerEvent) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(event) }));
  }
}

function Who() {
  const { user } = useSession();
  return <p>{user ? `Signed in as ${user.handle}` : 'Signed out'}</p>;
}

/** A page whose own call the server refuses with 401 (the session ended elsewhere). */
function PageWithACall() {
  useQuery({ queryKey: ['me', 'thing'], queryFn: () => getJson('/api/me/thing'), retry: false });
  return <Who />;
}

function LayoutBits() {
  useRealtimeSession();
  return (
    <>
      <SuspendedBanner />
      <Who />
    </>
  );
}

describe('a page open when the session ends', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });

  it('a 401 from any call asks who is signed in, and the page shows signed out', async () => {
    const server = fakeServer({
      'GET /api/me/thing': answer(401, {
        error: { code: 'auth_required', message: 'Authentication required' },
      }),
      'GET /api/auth/session': { user: null },
    });
    renderPage(<PageWithACall />);
    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(server.calls('GET', '/api/auth/session')).toHaveLength(1);
  });

  it('AccountChangedV1 on the user’s room asks again: signed out after a staff suspension', async () => {
    const server = fakeServer({ 'GET /api/auth/session': { user: null } });
    renderPage(<LayoutBits />);
    expect(screen.getByText('Signed in as pat')).toBeTruthy();
    const socket = FakeSocket.all[0];
    if (!socket) throw new Error('no socket opened');
    act(() => socket.deliver({ type: 'AccountChangedV1', serverTime: new Date().toISOString() }));
    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(server.calls('GET', '/api/auth/session')).toHaveLength(1);
  });

  it('the server closing the socket for an ended session (4401) asks again: signed out', async () => {
    const server = fakeServer({ 'GET /api/auth/session': { user: null } });
    renderPage(<LayoutBits />);
    const socket = FakeSocket.all[0];
    if (!socket) throw new Error('no socket opened');
    act(() => socket.closeWith(SESSION_ENDED_CLOSE_CODE));
    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(server.calls('GET', '/api/auth/session')).toHaveLength(1);
  });

  it('a strikes suspension keeps the session: the banner shows, with the contact page', async () => {
    fakeServer({ 'GET /api/auth/session': { user: shopper({ status: 'suspended' }) } });
    renderPage(<LayoutBits />);
    expect(screen.queryByText(ACCOUNT_SUSPENDED_BANNER)).toBeNull();
    const socket = FakeSocket.all[0];
    if (!socket) throw new Error('no socket opened');
    act(() => socket.deliver({ type: 'AccountChangedV1', serverTime: new Date().toISOString() }));
    expect(await screen.findByText(ACCOUNT_SUSPENDED_BANNER)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(ACCOUNT_SUSPENDED_CANNOT_BID).toBe('Your account is suspended: you cannot bid.');
  });

  it('no banner for an active shopper or for staff', () => {
    fakeServer({});
    renderPage(<SuspendedBanner />);
    expect(screen.queryByText(ACCOUNT_SUSPENDED_BANNER)).toBeNull();
  });
});
