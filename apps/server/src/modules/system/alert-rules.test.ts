// ops/prometheus/rules.yml and ops/grafana/rebound-dashboard.json name metrics; a rule or panel on
// a metric the server does not expose never fires or stays empty, silently. This scrapes a real
// app's /metrics and fails on any name they use that it does not have (docs/operations.md,
// "Metrics and alerts").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, type TestApp } from '../../../test/harness';
import { REPO_ROOT } from '../../config';
import { startJobs } from '../../jobs/runner';

interface Rule {
  alert?: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const read = (rel: string) => readFileSync(path.join(REPO_ROOT, rel), 'utf8');
const rules: Rule[] = (
  parse(read('ops/prometheus/rules.yml')) as { groups: { name: string; rules: Rule[] }[] }
).groups.flatMap((g) => g.rules);
const dashboard = JSON.parse(read('ops/grafana/rebound-dashboard.json')) as {
  panels: { title: string; targets?: { expr: string }[] }[];
};

/** Series Prometheus makes itself for every target: not on /metrics. */
const FROM_PROMETHEUS = new Set(['up']);
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/** The metric names a PromQL expression reads (not its functions, labels, keywords or numbers). */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values, label_replace arguments
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // ranges and subqueries, Grafana's $__rate_interval
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' '); // label lists
  const names = new Set<string>();
  for (const m of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const before = bare[m.index - 1];
    if (before && /[0-9.$]/.test(before)) continue; // 1.5e9, 1h, $variables
    if (
      bare
        .slice(m.index + m[0].length)
        .trimStart()
        .startsWith('(')
    )
      continue; // a function
    if (KEYWORDS.has(m[0].toLowerCase())) continue;
    names.add(m[0]);
  }
  return [...names];
}

/** Names declared on the scrape (`# TYPE`) that have at least one sample, and what type each is. */
function exposed(text: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(m[1]!, m[2]!);
  const sampled = new Set(
    text
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(l)?.[0] ?? ''),
  );
  const out = new Map<string, string>();
  for (const [name, type] of types) {
    const series =
      type === 'histogram' || type === 'summary'
        ? [`${name}_count`, `${name}_sum`, `${name}_bucket`, name]
        : [name];
    if (series.some((s) => sampled.has(s))) out.set(name, type);
  }
  return out;
}

/** Whether `name` (maybe a histogram's _bucket/_count/_sum series) is on the scrape. */
function isExposed(name: string, metrics: Map<string, string>): boolean {
  if (FROM_PROMETHEUS.has(name) || metrics.has(name)) return true;
  const m = /^(.*)_(bucket|count|sum)$/.exec(name);
  if (!m) return false;
  const type = metrics.get(m[1]!);
  return type === 'histogram' || (type === 'summary' && m[2] !== 'bucket');
}

let t: TestApp;
let stopJobs: () => Promise<void>;
let metrics: Map<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  // One job through the real runner, so the job metrics have a series as on a running server.
  stopJobs = startJobs(t.app, [{ name: 'probe', everyMs: 60_000, run: async () => {} }]);
  // A request first: the request histogram has series once something was answered.
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  metrics = exposed(res.body);
});
afterAll(async () => {
  await stopJobs?.();
  await t?.close();
});

describe('metricNames', () => {
  it('reads metric names and skips functions, labels, keywords, durations and numbers', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (le, route) (rate(a_bucket{route=~"/x|/y"}[5m]))) > 1.5e9 and max(b offset 1h) - on(instance) c[$__rate_interval]',
      ).sort(),
    ).toEqual(['a_bucket', 'b', 'c']);
  });
});

describe('ops/prometheus/rules.yml', () => {
  it('has rules, each with a severity and a runbook section that exists in docs/operations.md', () => {
    expect(rules.length).toBeGreaterThan(10);
    const anchors = new Set(
      [...read('docs/operations.md').matchAll(/^#+ (.+)$/gm)].map((m) =>
        m[1]!
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    for (const rule of rules) {
      expect(['page', 'warning'], rule.alert).toContain(rule.labels?.severity);
      const runbook = /^docs\/operations\.md#([a-z0-9-]+)$/.exec(rule.annotations?.runbook ?? '');
      expect(runbook, `${rule.alert}: runbook`).not.toBeNull();
      expect(anchors.has(runbook![1]!), `${rule.alert}: section #${runbook![1]} in docs/operations.md`).toBe(
        true,
      );
    }
  });

  it('uses only metrics a real server exposes', () => {
    const missing = rules.flatMap((r) =>
      metricNames(r.expr)
        .filter((n) => !isExposed(n, metrics))
        .map((n) => `${r.alert}: ${n}`),
    );
    expect(missing).toEqual([]);
    // The parser found the metrics (an empty list would pass the check above).
    expect(new Set(rules.flatMap((r) => metricNames(r.expr))).size).toBeGreaterThan(10);
  });
});

describe('ops/grafana/rebound-dashboard.json', () => {
  it('uses only metrics a real server exposes, and shows each metric the rules alert on', () => {
    const panelNames = dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((x) => metricNames(x.expr)));
    expect(panelNames.filter((n) => !isExposed(n, metrics))).toEqual([]);
    const base = (n: string) => n.replace(/_(bucket|count|sum)$/, '');
    const shown = new Set(panelNames.map(base));
    const alerted = rules.flatMap((r) => metricNames(r.expr)).filter((n) => !FROM_PROMETHEUS.has(n));
    expect(alerted.map(base).filter((n) => !shown.has(n))).toEqual([]);
  });

  it('exposes what an operator needs (docs/operations.md, Metrics and alerts)', () => {
    for (const name of [
      'http_request_duration_seconds',
      'rebound_bid_batch_duration_seconds',
      'rebound_outbox_pending',
      'rebound_outbox_oldest_pending_age_seconds',
      'rebound_outbox_dead',
      'rebound_job_lag_seconds',
      'rebound_auction_close_lag_seconds',
      'rebound_realtime_listen_connected',
      'rebound_db_pool_waiting',
      'rebound_db_pool_waits_total',
      'rebound_db_jobs_pool_waiting',
      'rebound_db_jobs_pool_wait_seconds_total',
    ])
      expect(metrics.has(name), name).toBe(true);
    expect(metrics.get('http_request_duration_seconds')).toBe('histogram');
  });
});
