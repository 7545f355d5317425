export interface PushMessage {
  /** The recipient: every browser this user subscribed gets the message. */
  userId: string;
  title: string;
  body: string;
  /** Absolute URL opened when the notification is clicked. */
  url: string;
  /** Device-side tag: a later notification with the same tag replaces this one. */
  tag: string;
  /** RFC 8030 Topic: the push service keeps one undelivered message per topic (a resend replaces it). */
  topic: string;
}

/**
 * What the service worker receives (JSON): `{ title, body, url, tag }`. The worker shows it with
 * `tag`, so a duplicate after a crash replaces the first instead of stacking.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export interface PushResult {
  /** Subscriptions the push service accepted the message for. */
  delivered: number;
  /** Subscriptions the push service says are gone (404/410): deleted. */
  removed: number;
}

/** Sends one push to every subscription of a user. Throws when a push service failed (retried). */
export interface PushSender {
  readonly kind: 'web-push' | 'local' | 'off';
  send(message: PushMessage): Promise<PushResult>;
}
