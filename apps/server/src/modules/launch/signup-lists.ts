import { DROP_LIST_PAGES } from '@rebound/contract/drop-list';
import { LAUNCH_PAGES } from '@rebound/contract/launch';
import { API } from '@rebound/contract/routes';
import type { Db, DbOrTx } from '../../db/client';
import type { SignupList } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { queueMessages } from '../notifications';
import * as repo from './repository';
import { CONFIRM_TOKEN_LIFETIME_MS, hashConfirmToken, isConfirmTokenShape, newConfirmToken } from './tokens';

// The signup lists (docs/decisions/054-one-signup-list.md): the locked store's launch list
// (docs/decisions/028-pre-launch-mode.md) and the open store's new-drops email
// (docs/decisions/045-texts-that-are-true.md). One way in and one confirmation for both, double opt-in:
// a single-use link, 48 hours, only its hash stored; a resend replaces the link; confirming is the consent.
// What differs is said once, in LISTS.

const LISTS = {
  launch: {
    template: 'launch_confirm',
    confirmPath: API.launchConfirm,
    pages: LAUNCH_PAGES,
    /** The launch list's consent stays on the list (an account made later links to it). */
    consentsAccount: false,
  },
  drops: {
    template: 'drop_list_confirm',
    confirmPath: API.dropListConfirm,
    pages: DROP_LIST_PAGES,
    /** An account with the address also gets its marketing consent and its new-drops email turned on. */
    consentsAccount: true,
  },
} as const;

type ListPage<L extends SignupList> = (typeof LISTS)[L]['pages'][keyof (typeof LISTS)[L]['pages']];

export interface SignupListDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** The per-address limit the lists' forms share. */
  emailLimit: { hit(key: string, now: Date): Promise<boolean> };
}

export function confirmUrl(list: SignupList, publicUrl: string, token: string): string {
  return `${publicUrl}${LISTS[list].confirmPath}?token=${encodeURIComponent(token)}`;
}

/**
 * Joins a list: a new or pending (or unsubscribed) address gets a confirmation email with a fresh link
 * (an older link stops working), queued in the same transaction; a confirmed, subscribed address gets
 * nothing. The answer is the same either way, so the form does not tell who is on the list. The latest
 * form's utm and locale are kept (the launch list's landing page sends them). Returns whether an email
 * was queued.
 */
export async function joinList(
  deps: SignupListDeps,
  list: SignupList,
  input: { email: string; source: string; utm?: Record<string, string>; locale?: string | null },
): Promise<boolean> {
  const now = deps.clock.now();
  const { email } = input;
  if (!(await deps.emailLimit.hit(email, now))) throw new AppError('rate_limited');
  const utm = input.utm ?? {};
  const locale = input.locale || null;
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockOrInsert(tx, list, { email, source: input.source, utm, locale, now });
    if (row.status === 'confirmed' && !row.unsubscribedAt) return false;
    const { token, hash } = newConfirmToken();
    await repo.setConfirmToken(tx, row.id, {
      hash,
      expiresAt: new Date(now.getTime() + CONFIRM_TOKEN_LIFETIME_MS),
      now,
      utm: Object.keys(utm).length > 0 ? utm : null,
      locale,
    });
    await queueMessages(tx, now, [
      {
        channel: 'email',
        template: LISTS[list].template,
        userId: null,
        recipient: row.email,
        payload: { url: confirmUrl(list, deps.publicUrl, token) },
      },
    ]);
    return true;
  });
}

/**
 * A list's confirmation link: records the consent (the signup's confirmed_at; on the new-drops email,
 * the account with this address too), then says which of the list's pages to show.
 */
export async function confirmSignup<L extends SignupList>(
  deps: Pick<SignupListDeps, 'db' | 'clock'>,
  list: L,
  token: unknown,
): Promise<ListPage<L>> {
  const { pages, consentsAccount } = LISTS[list];
  if (!isConfirmTokenShape(token)) return pages.error as ListPage<L>;
  const hash = hashConfirmToken(token);
  const now = deps.clock.now();
  const confirmed = await deps.db.transaction(async (tx) => {
    const row = await repo.confirmByToken(tx, list, hash, now);
    if (row && consentsAccount) await repo.consentAccount(tx, row.email, now);
    return row !== null;
  });
  if (confirmed) return pages.success as ListPage<L>;
  const row = await repo.signupByTokenHash(deps.db, list, hash);
  // Used already: the link was consumed (its expiry cleared) by a confirmation.
  if (row && row.status === 'confirmed' && row.expiresAt === null)
    return pages.alreadyConfirmed as ListPage<L>;
  return pages.error as ListPage<L>;
}

/** The daily digest's readers on the new-drops email: confirmed, subscribed, without an account; by id from `after`. */
export function dropListReaders(db: DbOrTx, after: string | null, limit: number) {
  return repo.dropsDigestReaders(db, after, limit);
}
