// The one clock all server code reads. Tests and demos move an adjustable clock forward
// (docs/product.md "The shop's clock") instead of waiting for real time.
export interface Clock {
  now(): Date;
}

export interface AdjustableClock extends Clock {
  readonly adjustable: true;
  advance(ms: number): Date;
  set(at: Date): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Real time plus an offset that only ever moves forward from where it is told to. */
export function adjustableClock(start?: Date): AdjustableClock {
  let offsetMs = start ? start.getTime() - Date.now() : 0;
  return {
    adjustable: true,
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
      return new Date(Date.now() + offsetMs);
    },
    set(at) {
      offsetMs = at.getTime() - Date.now();
      return new Date(Date.now() + offsetMs);
    },
  };
}

export function isAdjustable(clock: Clock): clock is AdjustableClock {
  return (clock as Partial<AdjustableClock>).adjustable === true;
}
