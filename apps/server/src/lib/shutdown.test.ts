import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { HANG_MS, startChildServer, stopChildServers, within } from '../../test/child-server';
import { createTestDatabase, TEST_DB_KIND } from '../../test/database';
import type { Database } from '../db/client';
import { RESTART_CLOSE_CODE, RESTART_CLOSE_REASON } from '../realtime/routes';

// The real server (main.ts) in a child process, stopped with SIGTERM while a WebSocket is open and
// a request is in flight (decision 032). Limits only guard against hangs.

/** Resolves when nothing listens on the port any more (a connection attempt is refused). */
function refused(port: number): Promise<void> {
  return vi.waitFor(
    async () => {
      const outcome = await new Promise<'refused' | 'accepted'>((resolve) => {
        const socket = net.connect({ host: '127.0.0.1', port });
        socket.once('connect', () => {
          socket.destroy();
          resolve('accepted');
        });
        socket.once('error', (err: NodeJS.ErrnoException) =>
          resolve(err.code === 'ECONNREFUSED' ? 'refused' : 'accepted'),
        );
      });
      if (outcome !== 'refused') throw new Error(`port ${port} still accepts connections`);
    },
    // within() below bounds the wait; this only has to outlast it.
    { timeout: HANG_MS, interval: 20 },
  );
}

describe('graceful shutdown (SIGTERM)', () => {
  let database: Database | undefined;
  afterAll(async () => {
    await stopChildServers();
    await database?.close();
  });

  it('finishes the request in flight, refuses new connections, closes sockets with 1012 and exits 0', async () => {
    // PostgreSQL runs get a fresh database of their own; PGlite runs an in-memory one in the child.
    database = TEST_DB_KIND === 'postgres' ? await createTestDatabase() : undefined;
    const server = startChildServer({
      port: 0,
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        DATABASE_URL: database?.url ?? '',
        SEED_ON_START: 'false',
        WEB_DIST: 'apps/web/dist-none',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        SHUTDOWN_GRACE_MS: '30000',
      },
    });
    const base = await server.listening();
    const port = Number(new URL(base).port);

    // A live socket.
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    const hello = new Promise<void>((resolve) => ws.once('message', () => resolve()));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    await within(hello, 'the socket’s hello');

    // A request in flight: its headers are in (the server answered 100 Continue), its body is not.
    const body = JSON.stringify({ advanceMs: 0 });
    const request = http.request(`${base}/api/test/clock`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on('response', (res) => {
        let text = '';
        res.on('data', (d) => {
          text += String(d);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      request.on('error', reject);
    });
    const continued = new Promise<void>((resolve) => request.once('continue', () => resolve()));
    request.flushHeaders();
    await within(continued, 'the server to take the request');

    // A request that reached the server before the shutdown but is only complete after it (a
    // balancer's connection whose request was still arriving): its headers begin, the rest follows.
    const late = net.connect({ host: '127.0.0.1', port });
    let lateText = '';
    late.setEncoding('utf8');
    late.on('data', (d) => {
      lateText += d;
    });
    const lateEnded = new Promise<void>((resolve, reject) => {
      late.once('close', () => resolve());
      late.once('error', reject);
    });
    await within(
      new Promise<void>((resolve) => late.once('connect', () => resolve())),
      'the late connection',
    );
    late.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');

    server.child.kill('SIGTERM');

    // The socket is told the server restarts, and the listener closes...
    expect(await within(closed, 'the socket to close')).toEqual({
      code: RESTART_CLOSE_CODE,
      reason: RESTART_CLOSE_REASON,
    });
    await within(refused(port), 'new connections to be refused');
    expect(server.running()).toBe(true); // ...while the request in flight still holds the process.

    // The late request is answered (not 503), and told its connection closes.
    late.write('\r\n');
    await within(lateEnded, 'the late request’s connection to close');
    expect(lateText).toMatch(/^HTTP\/1\.1 200 /);
    expect(lateText.toLowerCase()).toContain('connection: close');

    // The request finishes normally.
    request.end(body);
    const answer = await within(response, 'the answer to the request in flight');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toHaveProperty('serverTime');

    expect(await within(server.exited, 'the server to exit')).toBe(0);

    // Structured, quiet logs: JSON lines only, no line for a request that went well.
    const raw = server.stdoutLines;
    expect(raw.filter((l) => l.trim() !== '' && !l.startsWith('{'))).toEqual([]);
    const messages = raw.flatMap((l) => {
      try {
        return [String((JSON.parse(l) as { msg?: unknown }).msg)];
      } catch {
        return [];
      }
    });
    expect(messages).toContain('shutting down: finishing requests in flight');
    expect(messages).toContain('stopped');
    expect(messages.filter((m) => /incoming request|request completed/.test(m))).toEqual([]);
    expect(messages.filter((m) => m.includes('/ws'))).toEqual([]);
  });
});

describe('SIGTERM when nobody reads the server\u2019s output any more', () => {
  afterAll(async () => {
    await stopChildServers();
  });

  // stdout is a pipe whose reader has gone (a log shipper that died, `npm start | head`): writing a
  // log line fails with EPIPE. The server still stops and exits, whichever log format it writes.
  it.each(['json', 'pretty'])('exits (LOG_FORMAT=%s)', async (format) => {
    const server = startChildServer({
      port: 0,
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        DATABASE_URL: '',
        SEED_ON_START: 'false',
        WEB_DIST: 'apps/web/dist-none',
        LOG_LEVEL: 'info',
        LOG_FORMAT: format,
        SHUTDOWN_GRACE_MS: '30000',
      },
    });
    await server.ready();
    // The reader goes: the parent's end of the pipe is closed.
    server.child.stdout!.destroy();
    // A request writes nothing in json; in pretty it writes a line that now fails.
    await fetch(`${server.base}/readyz`);
    server.child.kill('SIGTERM');
    expect(await within(server.exited, 'the server to exit after SIGTERM', 30_000)).not.toBeUndefined();
    expect(server.running()).toBe(false);
  });
});
