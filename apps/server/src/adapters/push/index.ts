import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { PushSender } from './types';
import { localPushSender, offPushSender, type VapidDetails, webPushSender } from './web-push';

/**
 * Web push when VAPID keys are configured; outside production without them, the development
 * mailbox (plus best-effort pushes with the generated keys); production without them: push is off,
 * and the sender records push messages as skipped, not as failures
 * (docs/decisions/021-notification-screens-and-push.md, docs/decisions/018-outbox-sender.md,
 * 041-test-servers-and-quiet-logs.md).
 */
export function createPushSender(
  config: Config,
  db: DbOrTx,
  vapid: () => Promise<VapidDetails | null>,
  onError?: (err: string) => void,
): PushSender {
  if (config.push.vapid) return webPushSender({ db, vapid });
  if (pushIsOff(config)) return offPushSender();
  return localPushSender({ db, vapid, ...(onError ? { onError } : {}) });
}

/** Whether push is off: production without VAPID keys (createPushSender gives `offPushSender`). */
export function pushIsOff(config: Config): boolean {
  return !config.push.vapid && config.env === 'production';
}
