import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { listSignups, type SignupList, users } from '../../db/schema';
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

/**
 * A signup as its list's unsubscribe sees it (the launch and drop_list scopes: the token names the
 * signup, which may have no account).
 */
export async function signupContact(db: DbOrTx, list: SignupList, signupId: string) {
  const [row] = await db
    .select({ email: listSignups.email, unsubscribedAt: listSignups.unsubscribedAt })
    .from(listSignups)
    .where(and(eq(listSignups.id, signupId), eq(listSignups.list, list)))
    .limit(1);
  return row ?? null;
}

/** Takes the address off the list's emails; the first time is kept (idempotent). */
export async function unsubscribeSignup(db: DbOrTx, list: SignupList, signupId: string, now: Date) {
  await db
    .update(listSignups)
    .set({
      unsubscribedAt: sql`coalesce(${listSignups.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(and(eq(listSignups.id, signupId), eq(listSignups.list, list)));
}
