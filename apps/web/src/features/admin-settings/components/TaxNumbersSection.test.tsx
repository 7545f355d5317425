// @vitest-environment jsdom
import type { AdminTaxRegistration } from '@rebound/contract/tax-registration';
import { GST_NUMBER_INVALID } from '@rebound/core/tax-registration';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer, renderPage, shopper } from '../../../../test/render';
import SettingsPage from './SettingsPage';

const CONFIGURED = { gstNumber: '987654321 RT0001', pstNumber: 'PST-8765-4321' };
const START: AdminTaxRegistration = {
  saved: { gstNumber: null, pstNumber: null },
  configured: CONFIGURED,
  inUse: CONFIGURED,
};
const staff = shopper({ role: 'staff' });

function server(put: Parameters<typeof fakeServer>[0][string]) {
  return fakeServer({
    'GET /api/admin/settings': { locked: false },
    'GET /api/admin/settings/tax-registration': START,
    'PUT /api/admin/settings/tax-registration': put,
  });
}

describe('Settings › tax numbers on receipts', () => {
  it('shows the numbers in use and saves new ones, which receipts then print', async () => {
    const changed = { gstNumber: '111222333 RT0002', pstNumber: 'PST-2222-3333' };
    const fake = server({ saved: changed, configured: CONFIGURED, inUse: changed });
    const { user } = renderPage(<SettingsPage />, { user: staff });
    const inUse = await screen.findByTestId('tax-numbers-in-use');
    expect(inUse.textContent).toContain('987654321 RT0001');
    expect(screen.getByLabelText('GST/HST registration number')).toHaveProperty('value', '');
    expect(
      screen.getByText(/Left empty, receipts print the server's configured number, 987654321 RT0001/),
    ).toBeTruthy();

    await user.type(screen.getByLabelText('GST/HST registration number'), '111222333rt0002');
    await user.type(screen.getByLabelText('BC PST registration number'), 'PST-2222-3333');
    await user.click(screen.getByRole('button', { name: 'Save tax numbers' }));
    await within(inUse).findByText('111222333 RT0002');
    expect(fake.calls('PUT', '/api/admin/settings/tax-registration').map((r) => r.body)).toEqual([
      { gstNumber: '111222333rt0002', pstNumber: 'PST-2222-3333' },
    ]);
    expect(screen.getByLabelText('GST/HST registration number')).toHaveProperty('value', '111222333 RT0002');
  });

  it('says a number of the wrong shape at the field and sends nothing', async () => {
    const fake = server(START);
    const { user } = renderPage(<SettingsPage />, { user: staff });
    await user.type(await screen.findByLabelText('GST/HST registration number'), '12345 RT0001');
    await user.click(screen.getByRole('button', { name: 'Save tax numbers' }));
    expect(await screen.findByText(GST_NUMBER_INVALID)).toBeTruthy();
    expect(screen.getByLabelText('GST/HST registration number').getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls('PUT', '/api/admin/settings/tax-registration')).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    const message =
      'Please enter the GST/HST number: the server has no configured number for receipts to fall back to.';
    server(answer(400, { error: { code: 'tax_number_required', message } }));
    const { user } = renderPage(<SettingsPage />, { user: staff });
    await user.click(await screen.findByRole('button', { name: 'Save tax numbers' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });
});
