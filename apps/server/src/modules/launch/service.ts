import type {
  AdminLaunchSignupsQuery,
  AdminLaunchSignupsResponse,
  AdminLaunchStatsResponse,
  AdminSiteSettings,
  LaunchSignupRequest,
} from '@rebound/contract/launch';
import { LAUNCH_TEXT } from '@rebound/contract/launch';
import { toCsv } from '@rebound/core/manifest';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { queueMessages } from '../notifications';
import { recordAudit } from '../staff';
import * as repo from './repository';
import { joinList } from './signup-lists';
import { createBypassToken, isBypassEmail } from './tokens';

// Pre-launch mode (docs/decisions/028-pre-launch-mode.md): the double opt-in launch
// list, the bypass, the site lock, and the staff's view of the list.

export interface LaunchDeps {
  db: Db;
  clock: Clock;
  config: Config;
  lock: SiteLock;
  emailLimit: WindowCounter;
  log?: FastifyBaseLogger;
}

// ── The lock ─────────────────────────────────────────────────────────────────────────────────

export const SITE_LOCK_KEY = 'site_lock';
/** How long a server trusts its copy of the lock before reading it again. */
export const SITE_LOCK_CACHE_MS = 3_000;

function lockedValue(value: unknown): boolean | null {
  if (typeof value === 'object' && value !== null && 'locked' in value) {
    const locked = (value as { locked: unknown }).locked;
    if (typeof locked === 'boolean') return locked;
  }
  return null;
}

/**
 * The lock, read from site_settings ('site_lock', else the configured default) and kept for a few
 * seconds: every request asks, and one indexed read per few seconds is nothing. A change made on
 * this server takes effect at once (set()); other servers see it when their copy runs out.
 */
export class SiteLock {
  private cached: { locked: boolean; until: number } | null = null;
  private reading: Promise<boolean> | null = null;

  constructor(
    private readonly db: Db,
    private readonly lockedByDefault: boolean,
    private readonly ttlMs = SITE_LOCK_CACHE_MS,
  ) {}

  async locked(): Promise<boolean> {
    const now = Date.now();
    if (this.cached && this.cached.until > now) return this.cached.locked;
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(): Promise<boolean> {
    try {
      const locked = lockedValue(await repo.readSetting(this.db, SITE_LOCK_KEY)) ?? this.lockedByDefault;
      this.set(locked);
      return locked;
    } catch {
      // The database is away: the last known state (or the default) rather than an error page.
      return this.cached?.locked ?? this.lockedByDefault;
    }
  }

  set(locked: boolean) {
    this.cached = { locked, until: Date.now() + this.ttlMs };
  }
}

// ── Per-email limit ──────────────────────────────────────────────────────────────────────────

/**
 * Counts attempts per key in a window by the app's clock (tests move it). Kept in the shared store
 * (lib/shared-limits' SharedWindowCounter: the database, or Redis), so several servers count together.
 */
export interface WindowCounter {
  /** Counts one attempt; false once more than the limit fell in the window. */
  hit(key: string, now: Date): Promise<boolean>;
}

// ── Signup and confirmation ──────────────────────────────────────────────────────────────────

export type SignupOutcome =
  | { kind: 'bypass'; unlockToken: string }
  | { kind: 'listed'; emailQueued: boolean };

function cleanUtm(utm: Record<string, string | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(utm ?? {})) if (v) out[k] = v;
  return out;
}

/**
 * The launch-signup: the bypass address unlocks instead (nothing stored or sent); any other address
 * joins the launch list (signup-lists.ts: stored or refreshed as pending with a new single-use token,
 * the confirmation email queued in the same transaction; an address already confirmed gets no email).
 */
export async function signup(
  deps: LaunchDeps,
  input: Pick<LaunchSignupRequest, 'email' | 'source'> &
    Partial<Pick<LaunchSignupRequest, 'utm' | 'metadata'>>,
): Promise<SignupOutcome> {
  const { email } = input;
  if (isBypassEmail(deps.config.launch.bypassEmail, email)) {
    return {
      kind: 'bypass',
      unlockToken: createBypassToken(deps.config.authSecret, email, deps.clock.now()),
    };
  }
  const emailQueued = await joinList({ ...deps, publicUrl: deps.config.publicUrl }, 'launch', {
    email,
    source: input.source,
    utm: cleanUtm(input.utm),
    locale: input.metadata?.locale || null,
  });
  return { kind: 'listed', emailQueued };
}

export const CHECK_EMAIL = {
  title: LAUNCH_TEXT.checkEmailTitle,
  message: LAUNCH_TEXT.checkEmailMessage,
} as const;

// ── Sign-up of a launch-list member (the auth module asks) ─────────────────────────────────────

/** A confirmed signup of this address without an account yet, or null. */
export function confirmedLaunchSignup(db: DbOrTx, email: string) {
  return repo.confirmedSignupWithoutAccount(db, email);
}

export function linkLaunchSignup(db: DbOrTx, signupId: string, userId: string, now: Date) {
  return repo.linkSignup(db, signupId, userId, now);
}

// ── Staff ────────────────────────────────────────────────────────────────────────────────────

export async function stats(db: DbOrTx): Promise<AdminLaunchStatsResponse> {
  const { totals, byDay, bySource } = await repo.stats(db);
  return {
    total: totals.total,
    confirmed: totals.confirmed,
    pending: totals.total - totals.confirmed,
    byDay,
    bySource,
    launchedAt: totals.launchedAt ? new Date(totals.launchedAt).toISOString() : null,
    awaitingOpenNotice: totals.awaiting,
  };
}

function utmOf(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

export async function listSignups(
  db: DbOrTx,
  query: AdminLaunchSignupsQuery,
): Promise<AdminLaunchSignupsResponse> {
  const { rows, total } = await repo.launchSignupsPage(db, query);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      source: r.source,
      status: r.status,
      locale: r.locale,
      utm: utmOf(r.utm),
      createdAt: r.createdAt.toISOString(),
      confirmedAt: r.confirmedAt?.toISOString() ?? null,
      hasAccount: r.userId !== null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** CSV of the confirmed, subscribed addresses (spreadsheet-safe); the export is audited. */
export async function exportConfirmed(db: Db, staff: SessionUser): Promise<{ csv: string; count: number }> {
  return db.transaction(async (tx) => {
    const rows = await repo.confirmedSignups(tx);
    const csv = toCsv([
      [
        'email',
        'confirmed_at',
        'signed_up_at',
        'source',
        'locale',
        'utm_source',
        'utm_medium',
        'utm_campaign',
      ],
      ...rows.map((r) => {
        const utm = utmOf(r.utm);
        return [
          r.email,
          r.confirmedAt?.toISOString() ?? '',
          r.createdAt.toISOString(),
          r.source,
          r.locale,
          utm.source,
          utm.medium,
          utm.campaign,
        ];
      }),
    ]);
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'launch_list.export',
      entityType: 'launch_list',
      entityId: null,
      after: { rows: rows.length },
    });
    return { csv, count: rows.length };
  });
}

export async function readSettings(deps: Pick<LaunchDeps, 'lock'>): Promise<AdminSiteSettings> {
  return { locked: await deps.lock.locked() };
}

/** Switches the lock (audited with before and after); this server follows at once. */
export async function updateSettings(
  deps: Pick<LaunchDeps, 'db' | 'clock' | 'config' | 'lock'>,
  staff: SessionUser,
  input: { locked: boolean; reason?: string | undefined },
): Promise<AdminSiteSettings> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before =
      lockedValue(await repo.readSetting(tx, SITE_LOCK_KEY, true)) ?? deps.config.launch.lockedByDefault;
    await repo.writeSetting(tx, SITE_LOCK_KEY, { locked: input.locked }, now);
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'site.lock',
      entityType: 'site_settings',
      entityId: SITE_LOCK_KEY,
      before: { locked: before },
      after: { locked: input.locked },
      reason: input.reason ?? null,
    });
  });
  deps.lock.set(input.locked);
  return { locked: input.locked };
}

/**
 * The launch action: queues the 'we are open' email for every confirmed, subscribed signup not
 * told yet (once each: open_notice_sent_at, and the outbox's dedupe key), audited.
 */
export async function announce(deps: Pick<LaunchDeps, 'db' | 'clock'>, staff: SessionUser) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const told = await repo.claimOpenNotices(tx, now);
    await queueMessages(
      tx,
      now,
      told.map((s) => ({
        channel: 'email' as const,
        template: 'launch_open',
        userId: s.userId,
        recipient: s.email,
        // `kind: 'launch'`: the email carries a one-click unsubscribe from the launch list.
        payload: { kind: 'launch', signupId: s.id },
        dedupeKey: `launch_open:${s.id}`,
      })),
    );
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'launch_list.announce',
      entityType: 'launch_list',
      entityId: null,
      after: { queued: told.length },
    });
    return { queued: told.length };
  });
}
