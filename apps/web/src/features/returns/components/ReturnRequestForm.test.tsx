// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage } from '../../../../test/render';
import { ReturnRequestForm } from './ReturnRequestForm';

const ORDER = '00000000-0000-4000-8000-0000000000a1';
const RETURNS = '/api/me/returns';
const DAY = 86_400_000;

function renderForm({ deadline = new Date(Date.now() + 3 * DAY).toISOString() } = {}) {
  const onDone = vi.fn();
  const view = renderPage(
    <ReturnRequestForm
      orderId={ORDER}
      productTitle="Cordless drill"
      deadline={deadline}
      onDone={onDone}
      onCancel={() => {}}
    />,
  );
  return { ...view, onDone };
}

const photo = (name: string, bytes = 1024, type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('the return request form', () => {
  it('requires a reason before anything is sent', async () => {
    const server = fakeServer({});
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    expect(screen.getByText('Please choose a reason for the return.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /reason/i }).getAttribute('aria-invalid')).toBe('true');
    expect(server.seen).toHaveLength(0);
  });

  it('sends the reason and the trimmed note, then is done', async () => {
    const server = fakeServer({ [`POST ${RETURNS}`]: { return: { id: 'r1' } } });
    const { user, onDone } = renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: /reason/i }), 'Arrived damaged');
    await user.type(screen.getByRole('textbox', { name: /note/i }), '  Cracked lid  ');
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(server.calls('POST', RETURNS)[0]?.body).toEqual({
      orderId: ORDER,
      reason: 'damaged',
      note: 'Cracked lid',
    });
  });

  it('shows the server’s refusal in its words', async () => {
    fakeServer({
      [`POST ${RETURNS}`]: answer(409, {
        error: {
          code: 'return_window_closed',
          message: 'The 7-day return window for this order has closed.',
        },
      }),
    });
    const { user, onDone } = renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: /reason/i }), 'Changed my mind');
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    expect(await screen.findByText('The 7-day return window for this order has closed.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('takes at most 4 photos, and refuses a file that is not a photo or is too large', async () => {
    fakeServer({});
    const { user } = renderForm();
    const input = screen.getByLabelText(/photos/i, { selector: 'input' }) as HTMLInputElement;
    await user.upload(input, [
      photo('a.jpg'),
      photo('b.jpg'),
      photo('c.jpg'),
      photo('d.jpg'),
      photo('e.jpg'),
    ]);
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(4);
    expect(screen.getByRole('alert').textContent).toContain('At most 4 photos.');
    expect(input.disabled).toBe(true);
    expect(screen.getByText('4/4')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(3);
    await user.upload(input, [photo('big.jpg', 16 * 1024 * 1024)]);
    expect(screen.getByRole('alert').textContent).toContain('big.jpg is larger than 15 MB.');
    await user.upload(input, photo('notes.pdf', 10, 'application/pdf'));
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(3);
  });

  it('once the window has closed, says when and offers no form', () => {
    fakeServer({});
    renderForm({ deadline: new Date(Date.now() - DAY).toISOString() });
    expect(screen.getByTestId('return-window-closed').textContent).toMatch(
      /^This item could be returned by the end of \w{3}, \w{3} \d{1,2} \(PT\): that window has closed\.$/,
    );
    expect(screen.queryByRole('button', { name: 'Send return request' })).toBeNull();
  });
});
