import type { Publisher } from '../src/lib/publish';
import type { Published } from '../src/realtime/hub';

/** A Publisher that keeps what it was given: `events` (all of them, in order) and `calls`. */
export function recordingPublisher(): { publish: Publisher; events: Published[]; calls: Published[][] } {
  const events: Published[] = [];
  const calls: Published[][] = [];
  return {
    events,
    calls,
    publish: async (batch) => {
      calls.push([...batch]);
      events.push(...batch);
    },
  };
}
