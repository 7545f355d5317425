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
export { pushRoutes } from './push-routes';
export { renderEmail, renderSms } from './render';
export { hasPushSql } from './repository';
export { notificationRoutes } from './routes';
export type { Channels, QueuedMessage, RunStats } from './sender';
export {
  createOutboxSender,
  listDeadLetters,
  OutboxSender,
  outboxGauges,
  outboxSenderPlugin,
  outboxSentLastDay,
  PUSH_OFF_WARNING,
  queueMessages,
} from './sender';
export { TEMPLATES } from './templates/registry';
export { unsubscribeRoutes } from './unsubscribe-routes';
