// The back-office's Messages section (docs/decisions/027): the contact form's inbox and the
// outbox's dead letters. Every change locks its row, checks the state it expects, and writes the
// audit entry in the same transaction; a reply's email is queued in that transaction too, so a
// message is never marked answered without its email on the way (nor emailed without being marked).
import type {
  ContactDetail,
  ContactListQuery,
  ContactListResponse,
  DeadLetterActionResponse,
  DeadLetterQuery,
  DeadLetterResponse,
  MessagesSummary,
} from '@rebound/contract/admin-messages';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  countDeadLetters,
  deliveryByKey,
  discardDeadLetter,
  pageDeadLetters,
  queueMessages,
  retryDeadLetter,
} from '../notifications';
import { recordAudit } from '../staff';
import * as repo from './repository';

export const CONTACT_REPLY_TEMPLATE = 'contact_reply';

/** One reply email per answer: the key names the message and the moment it was answered. */
export function replyKey(messageId: string, answeredAt: Date): string {
  return `contact-reply:${messageId}:${answeredAt.getTime()}`;
}

export async function summary(db: DbOrTx): Promise<MessagesSummary> {
  const [newContact, deadLetters] = await Promise.all([repo.countNew(db), countDeadLetters(db)]);
  return { newContact, deadLetters };
}

export async function listContact(db: DbOrTx, q: ContactListQuery): Promise<ContactListResponse> {
  const [{ rows, total }, newCount] = await Promise.all([repo.listContact(db, q), repo.countNew(db)]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      preview: r.preview,
      status: r.status,
      receivedAt: r.createdAt.toISOString(),
      hasAccount: r.userId !== null,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
    newCount,
  };
}

export async function contactDetail(db: DbOrTx, id: string): Promise<ContactDetail> {
  const found = await repo.findContact(db, id);
  if (!found) throw new AppError('contact_message_not_found');
  const m = found.message;
  const delivery =
    m.status === 'answered' && m.handledAt ? await deliveryByKey(db, replyKey(m.id, m.handledAt)) : null;
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    message: m.message,
    status: m.status,
    receivedAt: m.createdAt.toISOString(),
    account: m.userId && found.authorHandle ? { id: m.userId, handle: found.authorHandle } : null,
    reply: m.reply,
    handledBy:
      m.handledBy && found.handlerEmail
        ? { id: m.handledBy, email: found.handlerEmail, handle: found.handlerHandle ?? '' }
        : null,
    handledAt: m.handledAt?.toISOString() ?? null,
    delivery: delivery
      ? { status: delivery.status, sentAt: delivery.sentAt?.toISOString() ?? null, error: delivery.error }
      : null,
  };
}

function snapshot(m: repo.ContactRecord) {
  return { status: m.status, handledBy: m.handledBy, handledAt: m.handledAt, reply: m.reply };
}

/** Answers a new message: the reply email is queued, the message becomes answered. */
export async function reply(db: Db, actorId: string, id: string, text: string, now: Date) {
  await db.transaction(async (tx) => {
    const before = await repo.lockContact(tx, id);
    if (!before) throw new AppError('contact_message_not_found');
    if (before.status !== 'new') throw new AppError('contact_message_handled');
    const after = await repo.updateContact(tx, id, {
      status: 'answered',
      handledBy: actorId,
      handledAt: now,
      reply: text,
    });
    const [outboxId] = await queueMessages(tx, now, [
      {
        channel: 'email',
        template: CONTACT_REPLY_TEMPLATE,
        userId: before.userId,
        recipient: before.email,
        payload: { name: before.name, reply: text, message: before.message, contactMessageId: id },
        dedupeKey: replyKey(id, now),
      },
    ]);
    await recordAudit(tx, {
      actorId,
      action: 'contact.reply',
      entityType: 'contact_message',
      entityId: id,
      before: snapshot(before),
      after: { ...snapshot(after), outboxId: outboxId ?? null, to: before.email },
    });
  });
  return contactDetail(db, id);
}

/** Closes a new message without a reply (spam, answered by phone, nothing to say). */
export async function close(db: Db, actorId: string, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const before = await repo.lockContact(tx, id);
    if (!before) throw new AppError('contact_message_not_found');
    if (before.status !== 'new') throw new AppError('contact_message_handled');
    const after = await repo.updateContact(tx, id, { status: 'closed', handledBy: actorId, handledAt: now });
    await recordAudit(tx, {
      actorId,
      action: 'contact.close',
      entityType: 'contact_message',
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
  });
  return contactDetail(db, id);
}

/** An answered or closed message becomes new again; the last reply and who handled it stay shown. */
export async function reopen(db: Db, actorId: string, id: string) {
  await db.transaction(async (tx) => {
    const before = await repo.lockContact(tx, id);
    if (!before) throw new AppError('contact_message_not_found');
    if (before.status === 'new') throw new AppError('contact_message_not_handled');
    const after = await repo.updateContact(tx, id, { status: 'new' });
    await recordAudit(tx, {
      actorId,
      action: 'contact.reopen',
      entityType: 'contact_message',
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
  });
  return contactDetail(db, id);
}

export async function listDeadLetters(db: DbOrTx, q: DeadLetterQuery): Promise<DeadLetterResponse> {
  const { rows, total } = await pageDeadLetters(db, q.page, q.pageSize);
  return {
    items: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      template: r.template,
      kind: r.kind,
      recipient: r.recipient,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      deadAt: (r.deadAt ?? r.createdAt).toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function retry(
  db: Db,
  actorId: string,
  id: string,
  now: Date,
): Promise<DeadLetterActionResponse> {
  const done = await db.transaction((tx) => retryDeadLetter(tx, actorId, id, now));
  if (!done) throw new AppError('dead_letter_not_found');
  return { id, result: 'retried' };
}

export async function discard(db: Db, actorId: string, id: string): Promise<DeadLetterActionResponse> {
  const done = await db.transaction((tx) => discardDeadLetter(tx, actorId, id));
  if (!done) throw new AppError('dead_letter_not_found');
  return { id, result: 'discarded' };
}
