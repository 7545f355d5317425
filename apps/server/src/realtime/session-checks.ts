import { KeyedBatcher } from '../lib/batcher';

/** Events whose sessions one check asks about at most. */
const EVENTS_PER_CHECK = 1_000;

/**
 * The private room's session checks, batched: an event for a signed-in socket is sent only after a
 * check, made after the event arrived, that the socket's session still stands (routes.ts). The first
 * event runs its check at once; every event that arrives while a check is running waits for the next
 * one, which asks about all their sessions in a single query (group commit on the project's
 * KeyedBatcher, lib/batcher.ts). Events are handed back in the order they arrived, so one socket never
 * sees its events reordered. A check that fails hands back nothing: its events are not sent (onError
 * says so, once per failed check) and the next batch goes on.
 */
export function batchedSessionChecks<State>(
  check: (tokens: string[]) => Promise<Map<string, State>>,
  onError: (err: unknown, events: number) => void,
): (token: string, then: (state: State | undefined) => void) => void {
  const checks = new KeyedBatcher<string, State | undefined>(async (_key, tokens) => {
    let states: Map<string, State>;
    try {
      states = await check([...new Set(tokens)]);
    } catch (err) {
      onError(err, tokens.length);
      throw err;
    }
    return tokens.map((token) => ({ ok: true, value: states.get(token) }));
  }, EVENTS_PER_CHECK);
  return (token, then) => {
    // A failed check was reported once above; its events are dropped here.
    checks.submit('sessions', token).then(then, () => {});
  };
}
