import { DROP_LIST_PAGES } from '@rebound/contract/drop-list';
import { API } from '@rebound/contract/routes';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { CONFIRM_TOKEN_LIFETIME_MS, hashConfirmToken, isConfirmTokenShape, newConfirmToken } from '../launch';
import { queueMessages } from '../notifications';
import * as repo from './repository';

// The open store's new-drops email list (docs/decisions/045-texts-that-are-true.md): the drops page's
// early-access form and the footer join it while the store is open (the launch list is the locked
// store's). Double opt-in: a single-use link, 48 hours, only its hash stored; confirming is the consent.

export interface DropListDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** The per-address limit shared with the launch list's forms. */
  emailLimit: { hit(key: string, now: Date): Promise<boolean> };
}

export function dropListConfirmUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${API.dropListConfirm}?token=${encodeURIComponent(token)}`;
}

/**
 * Joins the list: a new or pending address gets a confirmation email with a fresh link (an older
 * link stops working); a confirmed, subscribed address gets nothing. The answer is the same either
 * way, so the form does not tell who is on the list. Returns whether an email was queued.
 */
export async function signup(deps: DropListDeps, input: { email: string; source: string }): Promise<boolean> {
  const now = deps.clock.now();
  if (!(await deps.emailLimit.hit(input.email, now))) throw new AppError('rate_limited');
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockOrInsert(tx, input.email, input.source, now);
    if (row.status === 'confirmed' && !row.unsubscribedAt) return false;
    const { token, hash } = newConfirmToken();
    await repo.setConfirmToken(tx, row.id, hash, new Date(now.getTime() + CONFIRM_TOKEN_LIFETIME_MS), now);
    await queueMessages(tx, now, [
      {
        channel: 'email',
        template: 'drop_list_confirm',
        userId: null,
        recipient: row.email,
        payload: { url: dropListConfirmUrl(deps.publicUrl, token) },
      },
    ]);
    return true;
  });
}

/**
 * The confirmation link: records the consent (the signup's confirmed_at; an account with this
 * address also gets its marketing consent and its new-drops email turned on), then says where to go.
 */
export async function confirm(
  deps: Pick<DropListDeps, 'db' | 'clock'>,
  token: unknown,
): Promise<(typeof DROP_LIST_PAGES)[keyof typeof DROP_LIST_PAGES]> {
  if (!isConfirmTokenShape(token)) return DROP_LIST_PAGES.error;
  const hash = hashConfirmToken(token);
  const now = deps.clock.now();
  const confirmed = await deps.db.transaction(async (tx) => {
    const row = await repo.confirmByToken(tx, hash, now);
    if (row) await repo.consentAccount(tx, row.email, now);
    return row !== null;
  });
  if (confirmed) return DROP_LIST_PAGES.success;
  const row = await repo.signupByTokenHash(deps.db, hash);
  if (row && row.status === 'confirmed' && row.expiresAt === null) return DROP_LIST_PAGES.alreadyConfirmed;
  return DROP_LIST_PAGES.error;
}

/** The daily digest's readers on this list: confirmed, subscribed, without an account; by id from `after`. */
export function dropListReaders(db: DbOrTx, after: string | null, limit: number) {
  return repo.digestReaders(db, after, limit);
}
