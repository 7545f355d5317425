// Worker thread: opens N WebSocket clients, subscribes them, and reports each event's receipt time
// (absolute ms: timeOrigin + now, comparable across threads).
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, count, auctionId } = workerData;
const now = () => performance.timeOrigin + performance.now();
const sockets = [];
let ready = 0;
const receipts = [];

for (let i = 0; i < count; i++) {
  const ws = new WebSocket(url);
  sockets.push(ws);
  ws.on('open', () => {
    if (auctionId) ws.send(JSON.stringify({ type: 'subscribe', auctionIds: [auctionId] }));
    ws.send(JSON.stringify({ type: 'ping' }));
  });
  ws.on('message', (raw) => {
    const text = String(raw);
    if (text.includes('"PongV1"') || text === 'ready') {
      if (++ready === count) parentPort.postMessage({ type: 'ready' });
      return;
    }
    const m = /"seq":(\d+)/.exec(text);
    receipts.push([m ? Number(m[1]) : -1, now()]);
  });
  ws.on('error', (err) => parentPort.postMessage({ type: 'error', message: String(err) }));
}

parentPort.on('message', (msg) => {
  if (msg === 'report') {
    parentPort.postMessage({ type: 'report', receipts });
    receipts.length = 0;
  } else if (msg === 'close') {
    for (const ws of sockets) ws.terminate();
    parentPort.postMessage({ type: 'closed' });
  }
});
