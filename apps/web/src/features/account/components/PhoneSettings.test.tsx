// @vitest-environment jsdom
import type { Profile } from '@rebound/contract/profile';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderPage } from '../../../../test/render';
import { PhoneSettings } from './PhoneSettings';

// A profile change's error toast belongs to the change (docs/product.md "Error messages close when
// the action later works"): the number refused before sending is one of its errors too.

const profile = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'pat@example.test',
  phone: null,
  phoneVerified: false,
} as Profile;

describe('the phone number form', () => {
  it('a number refused before sending, then one saved: the earlier error toast closes', async () => {
    fakeServer({
      'PATCH /api/profile/phone': {
        message: 'Phone number saved successfully',
        profile: { ...profile, phone: '+16045550123' },
      },
    });
    // sonner's own calls, watched (a toast expires by itself): the error under the change's id, closed on success.
    const { toast: sonnerToast } = await import('sonner');
    const shown = vi.spyOn(sonnerToast, 'error');
    const closed = vi.spyOn(sonnerToast, 'dismiss');
    const { user } = renderPage(<PhoneSettings profile={profile} />);
    const box = screen.getByRole('textbox', { name: /mobile number/i });
    await user.type(box, '12');
    await user.click(screen.getByRole('button', { name: 'Save phone' }));
    await vi.waitFor(() => expect(shown).toHaveBeenCalled());
    const errorId = shown.mock.calls[0]?.[1]?.id;
    expect(errorId).toBeTruthy();
    expect(closed).not.toHaveBeenCalledWith(errorId);
    await user.clear(box);
    await user.type(box, '+1 604 555 0123');
    await user.click(screen.getByRole('button', { name: 'Save phone' }));
    await vi.waitFor(() => expect(closed).toHaveBeenCalledWith(errorId));
    shown.mockRestore();
    closed.mockRestore();
  });
});
