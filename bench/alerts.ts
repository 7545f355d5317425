// Outbid alert latency, measured per message from the times the server records
// (docs/decisions/066-outbid-alerts-in-two-seconds.md):
// - email, SMS, push: the outbox row's created_at (the bid's transaction time) to its handed_at (the
//   moment the sender handed it to its channel's adapter). A coalesced alert counts until the later
//   alert sent in its place was handed: that is when the shopper heard of it.
// - in-app: an OutbidV1 event's serverTime (the bid's transaction time) to its receipt on the
//   outbid shopper's open socket in this process (same machine, same clock).
// - the sender's lag: sampled every 250 ms, the age of the oldest message not yet handed.
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import type { createTestDatabase } from '../apps/server/test/database';
import { fmt, summary } from './lib';

type Db = Awaited<ReturnType<typeof createTestDatabase>>['db'];
type Summary = ReturnType<typeof summary>;

const rowsOf = async <T>(db: Db, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** Per channel: outbid alerts written since `since`, commit to adapter (ms), and how many were coalesced. */
export async function adapterLatencies(
  db: Db,
  since: Date,
): Promise<Record<string, Summary & { coalesced: number; unsent: number }>> {
  const rows = await rowsOf<{ channel: string; ms: number | null; coalesced: boolean }>(
    db,
    // A coalesced alert may name one that was itself coalesced later (decision 069): follow the chain
    // to the message that was handed over.
    sql`with recursive chain as (
          select o.id as start, o.coalesced_into as next, o.handed_at, 0 as depth
          from outbox o
          where o.template = 'outbid' and o.created_at >= ${since.toISOString()}::timestamptz
          union all
          select c.start, w.coalesced_into, w.handed_at, c.depth + 1
          from chain c join outbox w on w.id = c.next
          where c.handed_at is null and c.depth < 1000
        ), handed as (
          select distinct on (start) start, handed_at from chain
          where handed_at is not null order by start, depth
        )
        select o.channel,
          extract(epoch from h.handed_at - o.created_at) * 1000 as ms,
          o.status = 'coalesced' as coalesced
        from outbox o left join handed h on h.start = o.id
        where o.template = 'outbid' and o.created_at >= ${since.toISOString()}::timestamptz`,
  );
  const out: Record<string, Summary & { coalesced: number; unsent: number }> = {};
  for (const channel of ['email', 'sms', 'push']) {
    const mine = rows.filter((r) => r.channel === channel);
    out[channel] = {
      ...summary(mine.filter((r) => r.ms !== null).map((r) => Number(r.ms))),
      coalesced: mine.filter((r) => r.coalesced).length,
      unsent: mine.filter((r) => r.ms === null).length,
    };
  }
  return out;
}

/**
 * Per template and channel, every message written since `since` and handed over: how many, and from
 * its queueing (created_at) to its hand-over (handed_at), p50 / p99 / max in ms. Where the sender's
 * lag comes from.
 */
export async function handOverByTemplate(db: Db, since: Date) {
  return rowsOf<{ template: string; channel: string; n: number; p50: number; p99: number; max: number }>(
    db,
    sql`with m as (
          select template, channel,
            extract(epoch from handed_at - created_at) * 1000 as ms
          from outbox where created_at >= ${since.toISOString()}::timestamptz and handed_at is not null)
        select template, channel, count(*)::int as n,
          round(percentile_cont(0.5) within group (order by ms))::int as p50,
          round(percentile_cont(0.99) within group (order by ms))::int as p99,
          round(max(ms))::int as max
        from m group by template, channel order by max desc`,
  );
}

/** Samples the age of the oldest message not yet handed (pending, or claimed and waiting). */
export function lagSampler(db: Db) {
  const samples: number[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      const [r] = await rowsOf<{ ms: number | null }>(
        db,
        sql`select extract(epoch from clock_timestamp() - min(created_at)) * 1000 as ms
            from outbox where status in ('pending', 'sending')`,
      );
      samples.push(r?.ms == null ? 0 : Math.max(0, Number(r.ms)));
      await new Promise((res) => setTimeout(res, 250));
    }
  })();
  return {
    async stop(): Promise<number> {
      on = false;
      await loop;
      return samples.length ? Math.max(...samples) : 0;
    },
  };
}

/** Opens one socket per cookie (each shopper's own room) and records each OutbidV1's delay. */
export async function outbidSockets(base: string, cookies: string[], rampMs = 0) {
  const delays: number[] = [];
  const sockets = await Promise.all(
    cookies.map(
      (cookie) =>
        new Promise<WebSocket>((resolve, reject) => {
          // Opened over `rampMs` (shoppers arriving), or all at once.
          if (rampMs > 0) {
            setTimeout(() => open(cookie, resolve, reject), Math.random() * rampMs);
            return;
          }
          open(cookie, resolve, reject);
        }),
    ),
  );
  function open(cookie: string, resolve: (ws: WebSocket) => void, reject: (err: Error) => void) {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie, origin: base } });
    ws.on('open', () => resolve(ws));
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const at = Date.now();
      const text = String(raw);
      if (!text.includes('"OutbidV1"')) return;
      const e = JSON.parse(text) as { serverTime: string };
      delays.push(at - Date.parse(e.serverTime));
    });
  }
  return {
    delays,
    /** Forgets the delays so far (what came before a phase). */
    reset() {
      delays.length = 0;
    },
    close() {
      for (const s of sockets) s.terminate();
    },
  };
}

export interface AlertFigures {
  adapter: Awaited<ReturnType<typeof adapterLatencies>>;
  socket: Summary;
  lagMs: number;
}

export function alertText(f: AlertFigures): string {
  const ch = (c: string) => {
    const s = f.adapter[c]!;
    return s.n === 0
      ? `${c} none`
      : `${c} n ${s.n} (${s.coalesced} coalesced${s.unsent ? `, ${s.unsent} NOT SENT` : ''}) p50 ${fmt(s.p50, 0)} / p99 ${fmt(s.p99, 0)} / max ${fmt(s.max, 0)} ms`;
  };
  return `commit→adapter: ${['email', 'sms', 'push'].map(ch).join('; ')}; commit→socket (OutbidV1) n ${f.socket.n} p50 ${fmt(f.socket.p50, 0)} / p99 ${fmt(f.socket.p99, 0)} / max ${fmt(f.socket.max, 0)} ms; sender's max lag ${fmt(f.lagMs / 1000, 1)} s`;
}

export function alertRows(label: string, f: AlertFigures): string {
  const cell = (c: string) => {
    const s = f.adapter[c]!;
    return s.n === 0
      ? '—'
      : `${fmt(s.p50, 0)} / **${fmt(s.p99, 0)}** / ${fmt(s.max, 0)} (${s.n}, ${s.coalesced} coalesced${s.unsent ? `, ${s.unsent} not sent` : ''})`;
  };
  return `| ${label} | ${cell('email')} | ${cell('sms')} | ${cell('push')} | ${fmt(f.socket.p50, 0)} / **${fmt(f.socket.p99, 0)}** / ${fmt(f.socket.max, 0)} (${f.socket.n}) | ${fmt(f.lagMs / 1000, 1)} s |`;
}
