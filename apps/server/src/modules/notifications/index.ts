// The notifications module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { notificationsChanged } from './changed';
export {
  countDeadLetters,
  deliveryByKey,
  discardDeadLetter,
  pageDeadLetters,
  retryDeadLetter,
} from './dead-letters';
export { runEndingReminders } from './ending-reminders';
export type { Contact, Notice, NoticeOf, NotificationRow, OutboxRow } from './enqueue';
export { enqueueNotices, loadContacts, noticeRows } from './enqueue';
export type { QueuedMessage } from './outbox';
export { listDeadLetters, outboxGauges, outboxSentLastDay, queueMessages } from './outbox';
export { pushRoutes } from './push-routes';
export { renderEmail, renderSms } from './render';
export { hasPushSql, type NoticeWrites, noticeWritesJson, noticeWritesSql } from './repository';
export { notificationRoutes } from './routes';
export type { RunStats } from './sender';
export { createOutboxSender, OutboxSender, outboxSenderPlugin, PUSH_OFF_WARNING } from './sender';
export type { Channels } from './sender-channels';
export { TEMPLATES } from './templates/registry';
export { unsubscribeRoutes } from './unsubscribe-routes';
