import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One request the stand-in push service received. */
export interface PushHit {
  path: string;
  headers: IncomingMessage['headers'];
  bytes: number;
}

/** A browser's subscription keys: a P-256 public key and a 16-byte auth secret, as PushManager makes. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/**
 * A stand-in push service on loopback HTTPS, with a self-signed certificate made for the run by
 * openssl. Each subscription's endpoint is a path on it, and `answer(path)` decides the status (201
 * unless told otherwise). It counts what it receives and, with `record`, keeps each request's path,
 * headers and size. Used by the web-push adapter's test and by the benches (which trust its
 * certificate in the server through NODE_EXTRA_CA_CERTS, `serverEnv`).
 */
export async function startPushService(opts: { answer?: (path: string) => number; record?: boolean } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
      .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'])
      .concat(['-keyout', keyFile, '-out', caFile]),
    { stdio: 'ignore' },
  );
  const cert = readFileSync(caFile);
  const hits: PushHit[] = [];
  let received = 0;
  const server = createServer({ key: readFileSync(keyFile), cert }, async (req, res) => {
    let bytes = 0;
    for await (const chunk of req) bytes += (chunk as Buffer).length;
    const at = req.url ?? '';
    received++;
    if (opts.record) hits.push({ path: at, headers: req.headers, bytes });
    res.writeHead(opts.answer?.(at) ?? 201).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The service's origin, e.g. https://127.0.0.1:40123. */
    base,
    /** An HTTPS agent in this process that trusts the service's certificate. */
    agent: new Agent({ ca: cert }),
    /** What the server process needs to push here. */
    serverEnv: { NODE_EXTRA_CA_CERTS: caFile } as Record<string, string>,
    /** The requests kept so far (only with `record`); empty it with `hits.length = 0`. */
    hits,
    received: () => received,
    /** A browser's subscription on this service at `at` (a path such as /ok/a, or a number). */
    subscription(at: string | number) {
      return { endpoint: typeof at === 'number' ? `${base}/send/${at}` : `${base}${at}`, ...browserKeys() };
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
