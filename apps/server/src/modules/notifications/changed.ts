import { userRoom } from '@rebound/contract/rooms';
import type { Published } from '../../realtime/hub';

/**
 * The realtime events that tell each shopper's open tabs to refetch their notifications (the Mail
 * menu and /notifications). Publish them after the transaction that wrote the notices commits.
 */
export function notificationsChanged(userIds: Iterable<string>, now: Date): Published[] {
  const serverTime = now.toISOString();
  return [...new Set(userIds)].map((id) => ({
    room: userRoom(id),
    event: { type: 'NotificationsChangedV1', serverTime },
  }));
}
