const longDateKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

const shortDateKey = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', weekday: 'short' });
const dayMonthKey = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', month: 'short', day: 'numeric' });

const atNoon = (key: string) => new Date(`${key}T12:00:00Z`);

/** A Vancouver date key in full: 'Tuesday, November 25, 2026'. */
export function formatDateKeyLong(key: string): string {
  return longDateKey.format(atNoon(key));
}

/** A date button's two lines: 'Tue' and 'Nov 25'. */
export function dateKeyParts(key: string): { weekday: string; day: string } {
  const at = atNoon(key);
  return { weekday: shortDateKey.format(at), day: dayMonthKey.format(at) };
}
