import type { Published } from '../realtime/hub';

/**
 * The one way realtime events leave the server (docs/architecture.md "Publishing after commit",
 * docs/decisions/053-one-publisher.md). A service that commits calls it with its events after its
 * own transaction has committed, never inside it and never when it failed; routes pass
 * `app.deps.publish` and jobs the same sink. It never throws: the change is committed whatever
 * happens to the fan-out, so a failure is logged and the caller carries on.
 */
export type Publisher = (events: readonly Published[]) => Promise<void>;

interface PublishLog {
  error(obj: unknown, msg?: string): void;
}

interface PublishHub {
  publish(items: Published[]): Promise<void>;
}

/** The app's sink over its realtime hub: empty lists are skipped, failures logged, never thrown. */
export function hubPublisher(hub: PublishHub, log: PublishLog): Publisher {
  return async (events) => {
    if (events.length === 0) return;
    try {
      await hub.publish([...events]);
    } catch (err) {
      log.error({ err, events: events.length }, 'publishing realtime events failed');
    }
  };
}
