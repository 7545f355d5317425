// Calendar helpers in America/Vancouver (decisions.md §1: pickup days and slots are Vancouver dates).
// Intl only, so the seed needs no date library.

export const VANCOUVER = 'America/Vancouver';

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: VANCOUVER,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parts(at: Date): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of partsFormat.formatToParts(at)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out;
}

/** Vancouver offset from UTC at `at`, in ms (negative: -7 h or -8 h). */
function offsetMs(at: Date): number {
  const p = parts(at);
  const asUtc = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** 'YYYY-MM-DD' of `at` in Vancouver. */
export function vancouverDate(at: Date): string {
  const p = parts(at);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday, as in pickup_schedules.weekday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** The instant of a Vancouver wall-clock time on a Vancouver date. */
export function vancouverTime(date: string, hour: number, minute: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour, minute);
  const first = guess - offsetMs(new Date(guess));
  const second = guess - offsetMs(new Date(first));
  return new Date(second);
}

/** 'Thursday, March 12 at 2:30 p.m.' style label for messages. */
export function vancouverLabel(at: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: VANCOUVER,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(at);
  const time = new Intl.DateTimeFormat('en-CA', {
    timeZone: VANCOUVER,
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
  return `${day} at ${time}`;
}
