import { describe, expect, it } from 'vitest';
import { clampPan, gestureOf, stepIndex } from './lightbox-gestures';

describe('the photo viewer’s gestures', () => {
  it('a short movement is a tap, zoomed or not', () => {
    expect(gestureOf(0, 0, false)).toBe('tap');
    expect(gestureOf(5, -6, true)).toBe('tap');
  });

  it('a long mostly horizontal drag swipes: left is the next photo, right the previous', () => {
    expect(gestureOf(-80, 10, false)).toBe('next');
    expect(gestureOf(90, -20, false)).toBe('previous');
  });

  it('a vertical or short drag, or any drag on a zoomed photo, changes no photo', () => {
    expect(gestureOf(-60, 70, false)).toBe('none');
    expect(gestureOf(-30, 0, false)).toBe('none');
    expect(gestureOf(-200, 0, true)).toBe('none');
  });

  it('a zoomed photo pans at most half its extra size each way', () => {
    expect(clampPan(500, -500, { width: 400, height: 300 })).toEqual({ x: 200, y: -150 });
    expect(clampPan(20, 30, { width: 400, height: 300 })).toEqual({ x: 20, y: 30 });
  });

  it('steps wrap round', () => {
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
});
