// @vitest-environment jsdom
import type { ProductImage } from '@rebound/contract/catalog';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../../test/render';
import { ProductGallery } from './ProductGallery';

function photo(n: number, alt: string): ProductImage {
  const at = (w: number, format: 'jpeg' | 'webp') => ({
    url: `/media/p/${n}-${w}.${format === 'jpeg' ? 'jpg' : 'webp'}`,
    width: w,
    format,
  });
  return {
    url: `/media/p/${n}-640.jpg`,
    alt,
    width: 1600,
    height: 1600,
    variants: [at(320, 'jpeg'), at(1600, 'jpeg'), at(640, 'jpeg'), at(1600, 'webp'), at(320, 'webp')],
  };
}

const photos = [photo(1, 'Lamp from the front'), photo(2, 'Lamp switch'), photo(3, 'Lamp base')];

const position = () => screen.getByTestId('lightbox-position').textContent;
const shown = () => screen.getByTestId('lightbox-photo') as HTMLImageElement;

describe('the photos opened large', () => {
  it('opens on the photo clicked, at its largest copy, with labels; arrows move, Escape closes', async () => {
    const { user } = renderPage(<ProductGallery images={photos} title="Brass Desk Lamp" />);
    await user.click(screen.getByRole('button', { name: 'Show photo 2 of 3' }));
    const opener = screen.getByRole('button', { name: 'Open photo 2 of 3 large' });
    await user.click(opener);

    const dialog = await screen.findByRole('dialog', { name: /Brass Desk Lamp/ });
    expect(position()).toBe('Photo 2 of 3');
    expect(shown().alt).toBe('Lamp switch');
    expect(shown().getAttribute('src')).toBe('/media/p/2-1600.jpg');
    expect(dialog.querySelector('source[type="image/webp"]')?.getAttribute('srcset')).toBe(
      '/media/p/2-1600.webp',
    );
    for (const name of ['Close photos', 'Previous photo', 'Next photo', 'Zoom in']) {
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    }

    await user.keyboard('{ArrowRight}');
    expect(position()).toBe('Photo 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(position()).toBe('Photo 1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(position()).toBe('Photo 3 of 3');
    await user.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
    expect(shown().alt).toBe('Lamp switch');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus goes back to the photo that opened it.
    expect(document.activeElement).toBe(opener);
  });

  it('keeps focus inside, zooms by click and the zoom button, and swipes on a phone', async () => {
    const { user } = renderPage(<ProductGallery images={photos} title="Brass Desk Lamp" />);
    await user.click(screen.getByRole('button', { name: 'Open photo 1 of 3 large' }));
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }

    const zoom = within(dialog).getByRole('button', { name: 'Zoom in' });
    await user.click(zoom);
    expect(within(dialog).getByRole('button', { name: 'Zoom out' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Zoom out' }));

    const stage = screen.getByTestId('lightbox-stage');
    const pointer = (type: string, x: number, kind = 'touch', timeStamp = 0) => {
      const event = new MouseEvent(type, { bubbles: true, clientX: x, clientY: 100, button: 0 });
      Object.assign(event, { pointerId: 1, pointerType: kind });
      Object.defineProperty(event, 'timeStamp', { value: timeStamp });
      fireEvent(stage, event);
    };
    // A swipe left: the next photo.
    pointer('pointerdown', 300);
    pointer('pointerup', 150);
    expect(position()).toBe('Photo 2 of 3');
    // A swipe right: back.
    pointer('pointerdown', 100);
    pointer('pointerup', 260);
    expect(position()).toBe('Photo 1 of 3');
    // A mouse click on the photo zooms; another zooms out.
    pointer('pointerdown', 100, 'mouse');
    pointer('pointerup', 102, 'mouse');
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toBeTruthy();
    pointer('pointerdown', 100, 'mouse');
    pointer('pointerup', 100, 'mouse');
    expect(within(dialog).getByRole('button', { name: 'Zoom in' })).toBeTruthy();
    // One tap on a phone does nothing; a double tap zooms.
    pointer('pointerdown', 100, 'touch', 1000);
    pointer('pointerup', 100, 'touch', 1000);
    expect(within(dialog).getByRole('button', { name: 'Zoom in' })).toBeTruthy();
    pointer('pointerdown', 100, 'touch', 1200);
    pointer('pointerup', 100, 'touch', 1200);
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Close photos' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a product without photos has nothing to open', () => {
    renderPage(<ProductGallery images={[]} title="Brass Desk Lamp" />);
    expect(screen.queryByRole('button', { name: /large/ })).toBeNull();
  });
});
