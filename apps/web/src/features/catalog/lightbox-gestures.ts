// The photo viewer's gestures as plain functions (components/PhotoLightbox.tsx draws and listens):
// what a finished pointer movement means, and how far a zoomed photo may be dragged.

/** A movement shorter than this (CSS pixels) is a tap or a click, not a drag. */
export const TAP_SLOP_PX = 10;
/** A horizontal movement at least this long, and mostly horizontal, is a swipe to the next photo. */
export const SWIPE_MIN_PX = 50;
/** Two taps closer than this (ms) are a double tap. */
export const DOUBLE_TAP_MS = 300;
/** The zoomed scale. */
export const ZOOM_SCALE = 2;

export type Gesture = 'tap' | 'next' | 'previous' | 'none';

/**
 * What a pointer that went down and up `dx`, `dy` pixels apart did, on a photo that is not zoomed:
 * a tap, a swipe left (the next photo) or right (the previous one), or nothing (a vertical or short
 * drag). On a zoomed photo a drag pans, so only taps count there (`zoomed`).
 */
export function gestureOf(dx: number, dy: number, zoomed: boolean): Gesture {
  if (Math.hypot(dx, dy) < TAP_SLOP_PX) return 'tap';
  if (zoomed) return 'none';
  if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.5) return dx < 0 ? 'next' : 'previous';
  return 'none';
}

/**
 * The pan offset kept inside the photo: at `scale`, a box `width` x `height` may move at most
 * (scale - 1) / 2 of its size each way, so no empty edge shows.
 */
export function clampPan(
  x: number,
  y: number,
  box: { width: number; height: number },
  scale = ZOOM_SCALE,
): { x: number; y: number } {
  const maxX = ((scale - 1) * box.width) / 2;
  const maxY = ((scale - 1) * box.height) / 2;
  const clamp = (v: number, max: number) => Math.min(max, Math.max(-max, v));
  return { x: clamp(x, maxX), y: clamp(y, maxY) };
}

/** The index after a step of `by` (wrapping round), among `count` photos. */
export function stepIndex(index: number, by: 1 | -1, count: number): number {
  return count === 0 ? 0 : (index + by + count) % count;
}
