import type { FailureRecord } from '@rebound/core/throttle';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SharedLimits, WindowHit } from './types';

// rate_limit_counters and throttle_records (migration 0009). Each step is one statement: an
// INSERT … ON CONFLICT DO UPDATE takes the row lock, so concurrent hits on one key queue up in the
// database and every one is counted.

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const toMs = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

export function postgresLimits(db: Db): SharedLimits {
  return {
    kind: 'postgres',
    async hit(key, windowMs, now) {
      const at = new Date(now);
      const resetAt = new Date(now + windowMs);
      const result = await db.execute(sql`
        insert into rate_limit_counters (key, hits, reset_at) values (${key}, 1, ${resetAt})
        on conflict (key) do update set
          hits = case when rate_limit_counters.reset_at <= ${at} then 1 else rate_limit_counters.hits + 1 end,
          reset_at = case when rate_limit_counters.reset_at <= ${at} then excluded.reset_at
                          else rate_limit_counters.reset_at end
        returning hits, reset_at`);
      const [row] = rows<{ hits: number; reset_at: unknown }>(result);
      return { hits: Number(row!.hits), resetAt: toMs(row!.reset_at) };
    },
    async peek(key, now) {
      const result = await db.execute(
        sql`select hits, reset_at from rate_limit_counters where key = ${key} and reset_at > ${new Date(now)}`,
      );
      const [row] = rows<{ hits: number; reset_at: unknown }>(result);
      return row ? ({ hits: Number(row.hits), resetAt: toMs(row.reset_at) } satisfies WindowHit) : null;
    },
    async failureGet(key, now) {
      const result = await db.execute(
        sql`select data from throttle_records where key = ${key} and expires_at > ${new Date(now)}`,
      );
      const [row] = rows<{ data: unknown }>(result);
      return row ? asFailure(row.data) : null;
    },
    async failureAdd(key, now, forgetAfterMs) {
      const at = new Date(now);
      const expiresAt = new Date(now + forgetAfterMs);
      const first = JSON.stringify({ failures: 1, lastFailureAt: now });
      // A record whose last failure is forgetAfterMs old starts again (core's withFailure).
      const result = await db.execute(sql`
        insert into throttle_records (key, data, expires_at) values (${key}, ${first}::jsonb, ${expiresAt})
        on conflict (key) do update set
          data = case
            when throttle_records.expires_at <= ${at}
              or coalesce((throttle_records.data->>'failures')::int, 0) <= 0
              or ${now}::bigint - coalesce((throttle_records.data->>'lastFailureAt')::bigint, 0) >= ${forgetAfterMs}::bigint
            then excluded.data
            else jsonb_build_object(
              'failures', (throttle_records.data->>'failures')::int + 1, 'lastFailureAt', ${now}::bigint)
          end,
          expires_at = excluded.expires_at
        returning data`);
      const [row] = rows<{ data: unknown }>(result);
      return asFailure(row!.data);
    },
    async failureRemove(key) {
      await db.execute(sql`
        with changed as (
          update throttle_records
             set data = jsonb_set(data, '{failures}', to_jsonb((data->>'failures')::int - 1))
           where key = ${key} and (data->>'failures')::int > 1
          returning key)
        delete from throttle_records
         where key = ${key} and not exists (select 1 from changed)
           and coalesce((data->>'failures')::int, 0) <= 1`);
    },
    async failureClear(key) {
      await db.execute(sql`delete from throttle_records where key = ${key}`);
    },
    async markHas(key, now) {
      const result = await db.execute(
        sql`select 1 as one from throttle_records where key = ${key} and expires_at > ${new Date(now)}`,
      );
      return rows(result).length > 0;
    },
    async markSet(key, now, ttlMs) {
      await db.execute(sql`
        insert into throttle_records (key, data, expires_at) values (${key}, '{}'::jsonb, ${new Date(now + ttlMs)})
        on conflict (key) do update set data = excluded.data, expires_at = excluded.expires_at`);
    },
    async purge(now) {
      const at = new Date(now);
      const a = await db.execute(sql`delete from rate_limit_counters where reset_at <= ${at} returning 1`);
      const b = await db.execute(sql`delete from throttle_records where expires_at <= ${at} returning 1`);
      return rows(a).length + rows(b).length;
    },
    async close() {},
  };
}

function asFailure(data: unknown): FailureRecord {
  const d = (typeof data === 'string' ? JSON.parse(data) : data) as Partial<FailureRecord>;
  return { failures: Number(d.failures ?? 0), lastFailureAt: Number(d.lastFailureAt ?? 0) };
}
