import { lazy, Suspense } from 'react';
import { usePicks } from '../picks';

// The tray's own chunk loads with the first lot picked: a shop page nobody picks on never loads it
// (the shop's first scripts, e2e/tests/budget.spec.ts).
const GroupTray = lazy(async () => ({ default: (await import('./GroupTray')).GroupTray }));

/** The tray of lots picked with 'Add to a group', once there is one. */
export function PickedTray() {
  const picks = usePicks();
  if (picks.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <GroupTray />
    </Suspense>
  );
}
