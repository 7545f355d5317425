// @vitest-environment jsdom
import type { Profile } from '@rebound/contract/profile';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer, renderPage } from '../../../../test/render';
import { SpendingLimitSettings } from './SpendingLimitSettings';

// The spending limit in the settings (docs/product.md "What you could owe"): optional, explained,
// the server's own message under the box when it refuses the amount.

const profile = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'pat@example.test',
  role: 'shopper',
  spendingLimitCents: null,
} as Profile;

const box = () => screen.getByRole('textbox', { name: /spending limit/i }) as HTMLInputElement;

describe('the spending limit setting', () => {
  it('explains what it does, and saves the amount as typed', async () => {
    const server = fakeServer({
      'PATCH /api/profile/spending-limit': {
        message: 'Spending limit saved',
        profile: { ...profile, spendingLimitCents: 125_050 },
      },
    });
    const { user } = renderPage(<SpendingLimitSettings profile={profile} />);
    expect(screen.getByText(/would bring “At most” above your limit is refused/)).toBeTruthy();
    expect(screen.getByText('You have no limit. Leave it empty for none.')).toBeTruthy();
    await user.type(box(), '1,250.50');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Spending limit saved')).toBeTruthy();
    expect(server.calls('PATCH', '/api/profile/spending-limit')[0]?.body).toEqual({
      spendingLimit: '1,250.50',
    });
    expect(box().value).toBe('1250.50');
  });

  it('shows the server’s refusal under the box', async () => {
    fakeServer({
      'PATCH /api/profile/spending-limit': answer(400, {
        error: { code: 'spending_limit_too_low', message: 'The spending limit must be at least $1.00.' },
      }),
    });
    const { user } = renderPage(<SpendingLimitSettings profile={profile} />);
    await user.type(box(), '0.5');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findAllByText('The spending limit must be at least $1.00.')).not.toHaveLength(0);
    expect(box().getAttribute('aria-invalid')).toBe('true');
  });

  it('removes a limit with null', async () => {
    const server = fakeServer({
      'PATCH /api/profile/spending-limit': {
        message: 'Spending limit removed',
        profile: { ...profile, spendingLimitCents: null },
      },
    });
    const { user } = renderPage(
      <SpendingLimitSettings profile={{ ...profile, spendingLimitCents: 50_000 }} />,
    );
    expect(box().value).toBe('500');
    expect(screen.getByText(/Your limit is \$500\.00/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove limit' }));
    expect(await screen.findByText('Spending limit removed')).toBeTruthy();
    expect(server.calls('PATCH', '/api/profile/spending-limit')[0]?.body).toEqual({ spendingLimit: null });
    expect(box().value).toBe('');
  });
});
