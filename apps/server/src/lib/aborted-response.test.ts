import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, stopChildServers, within } from '../../test/child-server';

// A browser that leaves in the middle of a response (a closed tab, a cancelled download) is not a
// server fault: the server says so at debug level, with no stack, never at error level.

const dataDir = mkdtempSync(path.join(tmpdir(), 'rebound-aborted-'));
afterAll(async () => {
  await stopChildServers();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Line {
  level: number;
  msg?: string;
  err?: { stack?: string };
}

describe('a client that leaves mid-response', () => {
  it('is logged at debug level without a stack (compressed responses: gzip, br)', {
    timeout: 120_000,
  }, async () => {
    // A large, compressible file in the media folder: its response is streamed for a while.
    mkdirSync(path.join(dataDir, 'media'), { recursive: true });
    const text = Array.from({ length: 200_000 }, () => randomBytes(24).toString('hex')).join('\n');
    writeFileSync(path.join(dataDir, 'media', 'big.txt'), text);
    const server = startChildServer({
      port: 0,
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_ON_START: 'false',
        WEB_DIST: 'apps/web/dist-none',
        LOG_LEVEL: 'debug',
        LOG_FORMAT: 'json',
      },
    });
    await server.ready();

    for (const encoding of ['gzip', 'br']) {
      const seen = server.stdoutLines.length;
      // Reads the first chunk, then goes.
      await within(
        new Promise<void>((resolve, reject) => {
          const req = http.get(
            `${server.base}/media/big.txt`,
            { headers: { 'accept-encoding': encoding } },
            (res) => {
              res.once('data', () => {
                req.destroy();
                resolve();
              });
            },
          );
          req.on('error', (err) => {
            if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
          });
        }),
        'the first chunk',
      );
      // The server notices the client left (the line a compressed response gets).
      await server.waitForLine(
        (l) =>
          server.stdoutLines.indexOf(l) >= seen && /premature close|client left before the response/.test(l),
        `the ${encoding} response's closing line`,
        20_000,
      );
      // A request after it is answered: the server is well, and anything about the abort is written.
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      const lines = server.stdoutLines
        .slice(seen)
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Line);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.filter((l) => l.err?.stack)).toEqual([]);
    }
  });
});
