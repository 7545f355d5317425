import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { PushSender } from './types';
import { localPushSender, type VapidDetails, webPushSender } from './web-push';

/**
 * Web push when VAPID keys are configured; outside production without them, the development
 * mailbox (plus best-effort pushes with the generated keys); production without them: every push
 * is a dead letter saying so (decisions.md §10; docs/decisions/018-outbox-sender.md).
 */
export function createPushSender(
  config: Config,
  db: DbOrTx,
  vapid: () => Promise<VapidDetails | null>,
  onError?: (err: string) => void,
): PushSender {
  if (config.push.vapid || config.env === 'production') return webPushSender({ db, vapid });
  return localPushSender({ db, vapid, ...(onError ? { onError } : {}) });
}
