#!/usr/bin/env node
// Two demo shoppers use the stack through its proxy, as a browser would, and the outbid email must
// reach the mail catcher over SMTP. Run by scripts/stack-smoke.sh (Debian nginx, built servers, the
// Node catcher) and scripts/compose-smoke.sh (compose.yaml, mailpit): both catchers answer mailpit's
// `GET /api/v1/messages`.
//   STACK_URL        the proxy's https address, e.g. https://localhost:4320 (= the servers' PUBLIC_URL)
//   STACK_HTTP_URL   the proxy's plain-http address (optional: checks it redirects to https)
//   MAIL_API_URL     the catcher's HTTP API, e.g. http://127.0.0.1:8025
//   SHOPPER_A, SHOPPER_B, SHOPPER_PASSWORD   demo shoppers (default ava and ben, the demo password)
// Trust the proxy's self-signed certificate with NODE_EXTRA_CA_CERTS=<tls.crt>; nothing here turns
// certificate checks off. Prints `ok: …` per check; the first failure prints `FAIL: …` and exits 1.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

const base = required('STACK_URL').replace(/\/$/, '');
const httpBase = process.env.STACK_HTTP_URL?.replace(/\/$/, '');
const mailApi = required('MAIL_API_URL').replace(/\/$/, '');
const shopperA = process.env.SHOPPER_A ?? 'ava@rebound.test';
const shopperB = process.env.SHOPPER_B ?? 'ben@rebound.test';
const password = process.env.SHOPPER_PASSWORD ?? 'shopper-demo-2026';
const MAIL_WAIT_MS = Number(process.env.MAIL_WAIT_MS ?? 45_000);
const origin = new URL(base).origin;

function required(name) {
  const v = process.env[name];
  if (!v) fail(`${name} is not set`);
  return v;
}

function ok(what) {
  console.log(`ok: ${what}`);
}

function fail(what) {
  console.log(`FAIL: ${what}`);
  process.exit(1);
}

/** fetch with a timeout; a network or TLS error fails the run with its cause. */
async function get(url, init = {}) {
  try {
    return await fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(15_000) });
  } catch (err) {
    const cause = err?.cause?.code ?? err?.cause?.message ?? '';
    fail(`${init.method ?? 'GET'} ${url}: ${err.message}${cause ? ` (${cause})` : ''}`);
  }
}

async function json(res, what) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    fail(`${what}: not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
}

// 1. The proxy: TLS with the stack's certificate, both health endpoints, and the http port redirecting.
for (const p of ['/healthz', '/readyz']) {
  const res = await get(`${base}${p}`);
  if (res.status !== 200) fail(`${p} through the proxy answered ${res.status}: ${await res.text()}`);
  ok(`${p} through the proxy over https (certificate trusted): 200`);
}
const hsts = (await get(`${base}/api/time`)).headers.get('strict-transport-security');
if (hsts) ok(`the servers see https through the proxy (Strict-Transport-Security: ${hsts})`);
if (httpBase) {
  const res = await get(`${httpBase}/api/time`);
  const to = res.headers.get('location') ?? '';
  if (res.status !== 308 || !to.startsWith(`${base}/`)) {
    fail(`plain http should redirect to ${base}: got ${res.status} ${to}`);
  }
  ok(`plain http redirects to https (${res.status} ${to})`);
}

// 2. Two shoppers sign in through the proxy (the session cookie is Secure: it needs https).
async function signIn(email) {
  const res = await get(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) fail(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  const setCookies = res.headers.getSetCookie();
  if (!setCookies.some((c) => /;\s*secure/i.test(c))) fail(`sign-in of ${email}: no Secure session cookie`);
  const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
  const session = await json(await get(`${base}/api/auth/session`, { headers: { cookie } }), 'session');
  if (session?.user?.email !== email) fail(`session of ${email}: ${JSON.stringify(session)}`);
  ok(`${email} signed in through the proxy (Secure cookie; the session is known to the servers)`);
  return cookie;
}
const cookieA = await signIn(shopperA);
const cookieB = await signIn(shopperB);

// 3. A live auction nobody has bid on, ending in more than 15 minutes (no soft close in the way).
let auction;
for (let page = 1; page <= 10 && !auction; page++) {
  const shop = await json(await get(`${base}/api/shop?sort=newest&page=${page}`), 'shop');
  if (!Array.isArray(shop.items)) fail(`/api/shop: ${JSON.stringify(shop).slice(0, 200)}`);
  const soon = Date.parse(shop.serverTime) + 15 * 60_000;
  auction = shop.items.find((c) => c.status === 'live' && c.bidCount === 0 && Date.parse(c.endTime) > soon);
  if (page >= shop.pageCount) break;
}
if (!auction) fail('no live auction without bids ending after 15 minutes (is the demo store seeded?)');
ok(`a live auction to bid on: "${auction.title}" (${auction.auctionId})`);

// The product's picture: seeded into the media folder both servers share (compose: the media volume).
if (auction.image?.url) {
  const url = new URL(auction.image.url, base).href;
  for (let i = 0; i < 2; i++) {
    const res = await get(url);
    const type = res.headers.get('content-type') ?? '';
    await res.arrayBuffer();
    if (res.status !== 200 || !type.startsWith('image/')) fail(`${url} answered ${res.status} ${type}`);
  }
  ok(`its picture through the proxy, twice (${new URL(url).pathname}): 200 image`);
}

// 4. Shopper A's live connection through the proxy (WebSocket upgrade, signed in by the cookie).
const events = [];
const socket = new WebSocket(`${base.replace(/^https/, 'wss')}/ws`, { headers: { cookie: cookieA, origin } });
const socketOpen = new Promise((resolve, reject) => {
  socket.once('open', resolve);
  socket.once('error', reject);
  setTimeout(() => reject(new Error('timed out')), 10_000);
});
socket.on('message', (raw) => events.push(JSON.parse(String(raw))));
await socketOpen.catch((err) => fail(`WebSocket through the proxy: ${err.message}`));
async function waitForEvent(pred, what, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const e = events.find(pred);
    if (e) return e;
    await new Promise((r) => setTimeout(r, 100));
  }
  fail(`${what}: not within ${ms / 1000} s; got ${JSON.stringify(events.map((e) => e.type))}`);
}
await waitForEvent((e) => e.type === 'HelloV1' && e.signedIn === true, `${shopperA}'s WebSocket hello`);
ok(`${shopperA}'s WebSocket through the proxy is open and signed in (wss, /ws)`);

// 5. A bids the minimum, B bids more: A is outbid.
async function bid(cookie, amountCents, who) {
  const res = await get(`${base}/api/auctions/${auction.auctionId}/bids`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ amount: (amountCents / 100).toFixed(2) }),
  });
  const body = await json(res, `${who}'s bid`);
  if (res.status !== 200)
    fail(`${who}'s bid of ${amountCents} cents answered ${res.status}: ${JSON.stringify(body)}`);
  // The proxy's request id (nginx's $request_id: 32 hex digits, not the server's own UUID) came back.
  const requestId = res.headers.get('x-request-id') ?? '';
  if (!/^[0-9a-f]{32}$/.test(requestId))
    fail(`${who}'s bid: no proxy request id in the answer (${requestId})`);
  return { ...body, requestId };
}
const state = await json(await get(`${base}/api/auctions/${auction.auctionId}`), 'auction');
const first = state.auction.minimumNextBidCents;
const a = await bid(cookieA, first, shopperA);
if (!a.isLeader) fail(`${shopperA} should lead after bidding first: ${JSON.stringify(a.me)}`);
ok(`${shopperA} bid $${(first / 100).toFixed(2)} and leads`);
const b = await bid(cookieB, first * 3 + 500, shopperB);
if (!b.isLeader) fail(`${shopperB} should lead after the higher maximum: ${JSON.stringify(b.me)}`);
ok(`${shopperB} bid a higher maximum and leads at $${(b.auction.currentPriceCents / 100).toFixed(2)}`);
ok(`the bids carried the proxy's request ids end to end (${a.requestId}, ${b.requestId})`);
await waitForEvent(
  (e) => e.type === 'OutbidV1' && e.auctionId === auction.auctionId,
  `${shopperA}'s live outbid notice`,
);
ok(`${shopperA}'s WebSocket heard OutbidV1 (live updates fan out through Redis)`);
socket.close();

// 6. The outbid email, through the outbox and the servers' SMTP adapter, in the catcher.
const since = Date.now();
let mail;
while (!mail && Date.now() - since < MAIL_WAIT_MS) {
  const res = await get(`${mailApi}/api/v1/messages`);
  if (res.status !== 200) fail(`mail catcher API answered ${res.status}`);
  const list = await json(res, 'mail catcher');
  mail = (list.messages ?? []).find(
    (m) =>
      (m.To ?? []).some((t) => t.Address?.toLowerCase() === shopperA) &&
      /outbid/i.test(m.Subject ?? '') &&
      (m.Subject ?? '').includes(auction.title.slice(0, 20)),
  );
  if (!mail) await new Promise((r) => setTimeout(r, 500));
}
if (!mail) fail(`no outbid email for ${shopperA} in the catcher within ${MAIL_WAIT_MS / 1000} s`);
ok(
  `the outbid email reached the catcher over SMTP in ${((Date.now() - since) / 1000).toFixed(1)} s: "${mail.Subject}" to ${shopperA}`,
);
