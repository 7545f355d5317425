// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderPage, watchErrorToasts } from '../../../../test/render';
import { DropSignupForm } from './DropSignupForm';

// 'Get the Drop First': an address refused, then one that joins: the error toast does not stay
// beside the success (docs/product.md "Error messages close when the action later works").

describe("the footer's 'Get the Drop First'", () => {
  it('an address refused before sending, then one that joins: the earlier error toast closes', async () => {
    const server = fakeServer({
      'POST /api/list-signups': { title: 'Check your email', message: 'Confirm to join.' },
    });
    const toasts = await watchErrorToasts();
    const { user } = renderPage(<DropSignupForm />, { user: null });
    const box = screen.getByLabelText('Email address');
    await user.type(box, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    await vi.waitFor(() => expect(toasts.errorIds()).toHaveLength(1));
    const [errorId] = toasts.errorIds();
    expect(errorId).toBeTruthy();
    expect(server.calls('POST', '/api/list-signups')).toEqual([]);
    await user.clear(box);
    await user.type(box, 'pat@example.test');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    await vi.waitFor(() => expect(toasts.closed(errorId)).toBe(true));
    expect(server.calls('POST', '/api/list-signups')).toHaveLength(1);
    toasts.stop();
  });
});
