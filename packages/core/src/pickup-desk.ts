// The pickup desk's rules.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How many days before its booked day an appointment is handed over: the shop's date of the slot
 * against the shop's today (both 'YYYY-MM-DD' keys in the shop's zone). 0 on the day and after it
 * (a late pickup is usual: storage fees cover it); above 0 the desk is told it is early, and hands
 * over only when staff confirm it on purpose.
 */
export function daysEarly(bookedDateKey: string, todayKey: string): number {
  const diff = Date.parse(`${bookedDateKey}T00:00:00Z`) - Date.parse(`${todayKey}T00:00:00Z`);
  return Number.isFinite(diff) && diff > 0 ? Math.round(diff / DAY_MS) : 0;
}
