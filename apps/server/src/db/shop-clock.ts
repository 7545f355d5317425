// The shop's clock in SQL, without the database's time-zone data: PostgreSQL's copy of the shop's
// zone (core SHOP_TIME_ZONE) may be stale (it may fall back to UTC-8 on 2026-11-01, which British
// Columbia no longer does; docs/decisions/044). The offset is a CASE over the changes
// @rebound/core/shop-clock lists, so SQL and TypeScript read one rule.
import { shopOffsetChanges } from '@rebound/core/shop-clock';
import { type SQL, sql } from 'drizzle-orm';

/** Nothing in the shop's database predates this year; an older instant reads as UTC-8. */
const FIRST_YEAR = 2020;

const OFFSET_CASE = (() => {
  const whens = shopOffsetChanges(FIRST_YEAR)
    .reverse()
    .map((c) => `when %T >= '${new Date(c.at).toISOString()}'::timestamptz then ${c.offsetMinutes}`);
  return `(case ${whens.join(' ')} else -480 end)`;
})();

function offsetMinutesAt(instant: SQL): SQL {
  const parts = OFFSET_CASE.split('%T');
  return sql.join(
    parts.flatMap((p, i) => (i === 0 ? [sql.raw(p)] : [sql`(${instant})`, sql.raw(p)])),
    sql``,
  );
}

/** The shop's wall-clock reading (timestamp without time zone) of a timestamptz expression. */
export function shopLocalTimestamp(instant: SQL): SQL<string> {
  return sql<string>`((${instant}) at time zone 'UTC' + make_interval(mins => ${offsetMinutesAt(instant)}))`;
}

/** The shop's calendar date ('YYYY-MM-DD' text) of a timestamptz expression. */
export function shopDateKeySql(instant: SQL): SQL<string> {
  return sql<string>`to_char(${shopLocalTimestamp(instant)}, 'YYYY-MM-DD')`;
}

/**
 * The instant (timestamptz) of a shop wall-clock time (timestamp without time zone): the daylight
 * reading when the clock shows UTC-7 then, else UTC-8 (the rule of shopInstant in core).
 */
export function shopInstantSql(local: SQL): SQL<Date> {
  const asDaylight = sql`((${local}) at time zone 'UTC' + interval '7 hours')`;
  const asStandard = sql`((${local}) at time zone 'UTC' + interval '8 hours')`;
  return sql<Date>`(case when ${offsetMinutesAt(asDaylight)} = -420 then ${asDaylight} else ${asStandard} end)`;
}
