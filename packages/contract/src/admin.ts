import { z } from 'zod';
import { Instant, Uuid } from './common';

// The back-office: shapes shared by every /api/admin list and the audit log. Other
// admin areas keep their own shapes in admin-<area>.ts and reuse these helpers.

export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;

/**
 * A list query for a server-side table: page (1-based), pageSize (at most 100), free-text q, and
 * sort/dir among the given keys. Query strings arrive as text, so numbers are coerced.
 */
export function adminListQuery<const K extends readonly [string, ...string[]]>(
  sortKeys: K,
  defaultSort: K[number],
) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_DEFAULT_PAGE_SIZE),
    q: z.string().trim().max(200).optional(),
    sort: z.enum(sortKeys).default(defaultSort as never),
    dir: z.enum(['asc', 'desc']).default('desc'),
  });
}

/** A page of rows plus the total matching the filters (for "1–25 of 312" and the page count). */
export function adminPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

/** A reason staff give for a change; kept in the audit log. */
export const Reason = z
  .string()
  .trim()
  .min(3, 'Please give a reason (at least 3 characters).')
  .max(500, 'Please keep the reason under 500 characters.');

// ── Audit log ────────────────────────────────────────────────────────────────────────────────

export const AUDIT_SORTS = ['at'] as const;
export const AuditQuery = adminListQuery(AUDIT_SORTS, 'at').extend({
  entityType: z.string().trim().min(1).max(50).optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  actorId: Uuid.optional(),
  action: z.string().trim().min(1).max(80).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

const Json = z.json();

export const AuditEntry = z.object({
  id: Uuid,
  at: Instant,
  /** `<entity>.<verb>`, e.g. 'user.suspend'. */
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** Who did it; null when that account was deleted. */
  actor: z.object({ id: Uuid, email: z.string(), handle: z.string() }).nullable(),
  before: Json.nullable(),
  after: Json.nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditResponse = adminPage(AuditEntry);
export type AuditResponse = z.infer<typeof AuditResponse>;

/** Readable names for the actions the log shows (others show as they are). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.suspend': 'Suspended an account',
  'user.restore': 'Restored an account',
  'user.role': 'Changed a role',
  'user.notes': 'Edited staff notes',
  'user.signals_reviewed': 'Reviewed an account’s signals',
  'strike.remove': 'Removed a strike',
  'refund.create': 'Refunded an order',
  'refund.fail': 'A refund the provider refused',
  'product.create': 'Created a product',
  'product.update': 'Edited a product',
  'product.withdraw': 'Withdrew a product',
  'product.images.add': 'Added product photos',
  'product.images.reorder': 'Reordered product photos',
  'product.images.delete': 'Deleted a product photo',
  'auction.create': 'Scheduled an auction',
  'auction.update': 'Edited an auction',
  'auction.cancel': 'Cancelled an auction',
  'auction.relist': 'Relisted an item',
  'drop.create': 'Scheduled a drop',
  'offer.create': 'Made a second-chance offer',
  'import.run': 'Imported a manifest',
  'import.discard': 'Discarded a manifest preview',
  'contact.reply': 'Replied to a contact message',
  'contact.close': 'Closed a contact message',
  'contact.reopen': 'Reopened a contact message',
  'outbox.retry': 'Retried a failed message',
  'outbox.discard': 'Discarded a failed message',
};
