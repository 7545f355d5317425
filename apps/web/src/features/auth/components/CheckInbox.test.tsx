// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage, watchErrorToasts } from '../../../../test/render';
import { CheckInbox } from './CheckInbox';

// 'Resend link': an error toast belongs to the action (docs/product.md "Error messages close when the
// action later works").

describe('check your inbox', () => {
  it('a resend that failed, then one that works: the earlier error toast closes', async () => {
    let tries = 0;
    const server = fakeServer({
      'POST /api/auth/resend-confirmation': () =>
        ++tries === 1
          ? answer(503, { error: { code: 'unavailable', message: 'The service is unavailable.' } })
          : { title: 'Link sent', message: 'Check your inbox.' },
    });
    const toasts = await watchErrorToasts();
    const { user } = renderPage(
      <CheckInbox email="pat@example.test" launch={false} onStartOver={() => {}} />,
      {
        user: null,
      },
    );
    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    await vi.waitFor(() => expect(toasts.errorIds()).toHaveLength(1));
    const [errorId] = toasts.errorIds();
    expect(errorId).toBeTruthy();
    expect(toasts.closed(errorId)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    await vi.waitFor(() => expect(toasts.closed(errorId)).toBe(true));
    expect(server.calls('POST', '/api/auth/resend-confirmation')).toHaveLength(2);
    toasts.stop();
  });
});
