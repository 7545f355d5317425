// @vitest-environment jsdom
import type { IntakeLookup } from '@rebound/contract/admin-intake';
import { API } from '@rebound/contract/routes';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage, shopper } from '../../../../test/render';
import IntakePage from './IntakePage';

// The receiving bench's scanner: the camera path with a stubbed BarcodeDetector (jsdom has neither a
// camera nor a detector), and the typed path's answers.

const staff = shopper({ role: 'staff' });
const CATEGORY = '00000000-0000-4000-8000-0000000000c1';

const known: IntakeLookup = {
  found: true,
  by: 'gtin',
  nextSku: 'FRYER-03',
  item: {
    productId: '00000000-0000-4000-8000-000000000001',
    title: 'Air Fryer 5.5 L',
    brand: 'Cosori',
    description: 'Digital air fryer.',
    categoryId: CATEGORY,
    retailPriceCents: 12_999,
    resalePriceCents: 7_499,
    condition: 'open_box',
    saleTerms: 'standard',
    nonReturnableKind: null,
    gtin: '00036000291452',
    model: null,
    sku: 'FRYER-02',
    unitCount: 2,
    receivedAt: '2026-11-28T10:00:00.000Z',
  },
};

function server(lookup: IntakeLookup | ReturnType<typeof answer> = known) {
  return fakeServer({
    [`GET ${API.categories}`]: { categories: [{ id: CATEGORY, name: 'Kitchen', slug: 'kitchen' }] },
    [`GET ${API.adminIntakeLookup}`]: lookup,
  });
}

/** A camera that gives a stream, and a video element that plays it (jsdom plays nothing). */
function stubCamera() {
  const stop = vi.fn();
  const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }) as unknown as MediaStream);
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  return { getUserMedia, stop };
}

describe('Intake scanner', () => {
  it('the camera reads a barcode with the browser’s BarcodeDetector and looks its digits up', async () => {
    const seen = server();
    const camera = stubCamera();
    const detect = vi.fn<(source: unknown) => Promise<{ rawValue: string; format: string }[]>>();
    // The first frame has no barcode in it; the second has one.
    detect.mockResolvedValueOnce([]).mockResolvedValue([{ rawValue: ' 036000291452 ', format: 'upc_a' }]);
    const made: unknown[] = [];
    class FakeBarcodeDetector {
      static getSupportedFormats = async () => ['qr_code', 'upc_a', 'ean_13'];
      constructor(options: unknown) {
        made.push(options);
      }
      detect = detect;
    }
    vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector);

    const { user } = renderPage(<IntakePage />, { user: staff, path: '/admin/intake' });
    await user.click(await screen.findByRole('button', { name: 'Use camera' }));

    // The detected digits fill the field and are looked up; the known item's form opens.
    expect(await screen.findByRole('heading', { name: 'Air Fryer 5.5 L' }, { timeout: 5_000 })).toBeTruthy();
    expect(seen.calls('GET', API.adminIntakeLookup).map((c) => c.path)).toEqual([
      `${API.adminIntakeLookup}?code=036000291452`,
    ]);
    expect(camera.getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
    // Only the retail formats the browser reads are asked for; the camera is let go once read.
    expect(made).toEqual([{ formats: ['ean_13', 'upc_a'] }]);
    expect(detect.mock.calls[0]?.[0]).toBeInstanceOf(HTMLVideoElement);
    expect(camera.stop).toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Air Fryer 5.5 L');
    expect(screen.getByLabelText('Resale price ($)')).toHaveProperty('value', '74.99');
    // The condition is this unit's own: none is carried over, and it has the focus.
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.some((r) => r.checked)).toBe(false);
    expect(document.activeElement).toBe(radios[0]);
  });

  it('a camera that is not allowed says so, and the field still takes typed digits', async () => {
    server();
    const denied = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: denied } });
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect = async () => [];
      },
    );
    const { user } = renderPage(<IntakePage />, { user: staff, path: '/admin/intake' });
    await user.click(await screen.findByRole('button', { name: 'Use camera' }));
    expect(await screen.findByText(/The camera is not allowed/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stop camera' }));
    const field = screen.getByLabelText('Barcode or model number');
    expect(document.activeElement).toBe(field);
  });

  it('a wrong check digit is shown by the field, with the server’s words', async () => {
    const message = "That GTIN's check digit is wrong: please check the number.";
    server(answer(422, { error: { code: 'intake_code_invalid', message } }));
    const { user } = renderPage(<IntakePage />, { user: staff, path: '/admin/intake' });
    const field = await screen.findByLabelText('Barcode or model number');
    await user.type(field, '036000291453{Enter}');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
  });

  it('an unknown code opens an empty form with the GTIN filled in', async () => {
    server({ found: false, gtin: '00036000291452', model: null });
    const { user } = renderPage(<IntakePage />, { user: staff, path: '/admin/intake' });
    await user.type(await screen.findByLabelText('Barcode or model number'), '0036000291452{Enter}');
    expect(await screen.findByRole('heading', { name: 'New item: not in the catalogue yet' })).toBeTruthy();
    expect(screen.getByLabelText('GTIN (barcode)')).toHaveProperty('value', '036000291452');
    expect(screen.getByLabelText('Title')).toHaveProperty('value', '');
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
  });
});
