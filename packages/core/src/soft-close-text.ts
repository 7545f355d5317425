// What the product page says when a late bid moves an auction's end (soft close), without the rest of
// the notices: the product page loads only this (e2e/tests/budget.spec.ts).
import { formatMovedShopDateTime } from './shop-clock';

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How far a soft close moved the end: '45 seconds', '2 minutes', '1 minute 30 seconds'. */
export function extensionLabel(previousEndMs: number, endMs: number): string {
  const seconds = Math.max(0, Math.round((endMs - previousEndMs) / 1000));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return unit(s, 'second');
  return s === 0 ? unit(m, 'minute') : `${unit(m, 'minute')} ${unit(s, 'second')}`;
}

/**
 * The live notice of a soft-close extension: what changed (by how much) and the new end in the one
 * format, so it never reads as a repeat of the 'Ends ...' line beside it; with the seconds when the
 * new end falls in the minute shown before (formatMovedShopDateTime).
 */
export function extensionNotice(previousEnd: Date, end: Date): { title: string; text: string } {
  return {
    title: `Extended by ${extensionLabel(previousEnd.getTime(), end.getTime())}!`,
    text: `A late bid moved the end to ${formatMovedShopDateTime(previousEnd, end)}.`,
  };
}
