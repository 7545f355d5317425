import type { ServerEvent } from '@rebound/contract/realtime';
import WebSocket from 'ws';

/**
 * A socket client on the app's /ws that collects events and can wait for one. With a session
 * cookie, the server also joins it to that shopper's own room.
 */
export async function connectSocket(baseUrl: string, cookie?: string) {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, cookie ? { headers: { cookie } } : {});
  const events: ServerEvent[] = [];
  const waiters: { pred: (e: ServerEvent) => boolean; resolve: (e: ServerEvent) => void }[] = [];
  ws.on('message', (raw) => {
    const e = JSON.parse(String(raw)) as ServerEvent;
    events.push(e);
    for (const w of [...waiters]) {
      if (w.pred(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waitFor = (pred: (e: ServerEvent) => boolean, ms = 5_000) =>
    new Promise<ServerEvent>((resolve, reject) => {
      const found = events.find(pred);
      if (found) return resolve(found);
      const timer = setTimeout(
        () => reject(new Error(`no matching event; got ${JSON.stringify(events)}`)),
        ms,
      );
      waiters.push({
        pred,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  return { ws, events, waitFor, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}
