/**
 * The private room's session checks, batched: an event for a signed-in socket is sent only after a
 * check, made after the event arrived, that the socket's session still stands (routes.ts). The first
 * event runs its check at once; every event that arrives while a check is running waits for the next
 * one, which asks about all their sessions in a single query. Events are handed back in the order
 * they arrived, so one socket never sees its events reordered. A check that fails hands back
 * nothing: its events are not sent (onError says so) and the next batch goes on.
 */
export function batchedSessionChecks<State>(
  check: (tokens: string[]) => Promise<Map<string, State>>,
  onError: (err: unknown, events: number) => void,
): (token: string, then: (state: State | undefined) => void) => void {
  let pending: { token: string; then: (state: State | undefined) => void }[] = [];
  let running = false;
  const run = async () => {
    running = true;
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      let states: Map<string, State>;
      try {
        states = await check([...new Set(batch.map((e) => e.token))]);
      } catch (err) {
        onError(err, batch.length);
        continue;
      }
      for (const e of batch) e.then(states.get(e.token));
    }
    running = false;
  };
  return (token, then) => {
    pending.push({ token, then });
    if (!running) void run();
  };
}
