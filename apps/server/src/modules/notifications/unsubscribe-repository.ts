import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dropListSignups, launchSignups, users } from '../../db/schema';
import type { UnsubscribeScope } from './unsubscribe-token';

// SQL of the one-click unsubscribe (unsubscribe-service.ts has the rule).

export async function unsubscribeContact(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      settings: users.notificationSettings,
      marketingConsent: users.marketingConsent,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Turns email off for the kind, in one statement so that a settings change saved at the same moment
 * is not lost (the kind's other channels are kept). For marketing, the marketing consent is also
 * withdrawn. Stored settings that are not objects (never written so, but JSON) are treated as empty.
 */
export async function turnOffEmail(
  db: DbOrTx,
  userId: string,
  scope: Exclude<UnsubscribeScope, 'launch' | 'drop_list'>,
  now: Date,
) {
  const settings = sql`case when jsonb_typeof(${users.notificationSettings}) = 'object' then ${users.notificationSettings} else '{}'::jsonb end`;
  const kind = sql`case when jsonb_typeof(${settings} -> ${scope}::text) = 'object' then ${settings} -> ${scope}::text else '{}'::jsonb end`;
  await db
    .update(users)
    .set({
      notificationSettings: sql`${settings} || jsonb_build_object(${scope}::text, ${kind} || '{"email": false}'::jsonb)`,
      ...(scope === 'marketing' ? { marketingConsent: false, marketingConsentAt: null } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** A drop-list signup as the drop_list scope's unsubscribe sees it (the token names the signup). */
export async function dropListContact(db: DbOrTx, signupId: string) {
  const [row] = await db
    .select({ email: dropListSignups.email, unsubscribedAt: dropListSignups.unsubscribedAt })
    .from(dropListSignups)
    .where(eq(dropListSignups.id, signupId))
    .limit(1);
  return row ?? null;
}

/** Takes the address off the new-drops email list; the first time is kept (idempotent). */
export async function unsubscribeDropList(db: DbOrTx, signupId: string, now: Date) {
  await db
    .update(dropListSignups)
    .set({
      unsubscribedAt: sql`coalesce(${dropListSignups.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(dropListSignups.id, signupId));
}

/** A launch-list signup as the launch scope's unsubscribe sees it (the token names the signup). */
export async function launchContact(db: DbOrTx, signupId: string) {
  const [row] = await db
    .select({ email: launchSignups.email, unsubscribedAt: launchSignups.unsubscribedAt })
    .from(launchSignups)
    .where(eq(launchSignups.id, signupId))
    .limit(1);
  return row ?? null;
}

/** Takes the address off the launch list's emails; the first time is kept (idempotent). */
export async function unsubscribeLaunch(db: DbOrTx, signupId: string, now: Date) {
  await db
    .update(launchSignups)
    .set({
      unsubscribedAt: sql`coalesce(${launchSignups.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(launchSignups.id, signupId));
}
