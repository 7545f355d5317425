import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino, { type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../config';
import {
  CLIENT_LEFT,
  loggerOptions,
  quietLogController,
  REDACTED,
  redactUrl,
  requestLineLevel,
  requestLogPlugin,
  SLOW_REQUEST_MS,
} from './logging';

/** A JSON logger as production has it, writing into an array. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const options = loggerOptions({ logLevel: 'info', logFormat: 'json' }) as LoggerOptions;
  return { lines, logger: pino(options, stream) };
}

describe('a client that left mid-response', () => {
  it('is a debug line without a stack, however it is reported; other errors stay errors', () => {
    const { lines, logger } = capture();
    const eos = new Error('premature close');
    const node = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    logger.error(eos);
    logger.error({ err: node }, 'stream failed');
    logger.warn({ err: eos }, 'response terminated');
    expect(lines).toEqual([]);
    logger.level = 'debug';
    logger.error(eos);
    expect(lines).toEqual([expect.objectContaining({ level: 20, msg: CLIENT_LEFT })]);
    expect(lines[0]).not.toHaveProperty('err');
    logger.error(new Error('disk full'));
    expect(lines[1]).toMatchObject({ level: 50, msg: 'disk full' });
  });
});

describe('log redaction', () => {
  it('replaces cookies, authorization headers, passwords and tokens, and keeps the rest', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        req: { headers: { cookie: 'rb.session=abc', authorization: 'Bearer s3cr3t', host: 'rebound.test' } },
        res: { headers: { 'set-cookie': 'rb.session=def' } },
        password: 'hunter2',
        body: { email: 'ava@rebound.test', newPassword: 'n3w-pass', token: 'tok-123' },
        headers: { authorization: 'Basic eA==' },
      },
      'something happened',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['abc', 's3cr3t', 'def', 'hunter2', 'n3w-pass', 'tok-123', 'eA==']) {
      expect(text).not.toContain(secret);
    }
    const [line] = lines as [
      { req: { headers: Record<string, string> }; body: Record<string, string>; password: string },
    ];
    expect(line.req.headers).toEqual({ cookie: REDACTED, authorization: REDACTED, host: 'rebound.test' });
    expect(line.body).toEqual({ email: 'ava@rebound.test', newPassword: REDACTED, token: REDACTED });
    expect(line.password).toBe(REDACTED);
  });

  it('takes secrets out of logged URLs: token-like query values and reset-link path segments', () => {
    expect(redactUrl('/api/launch/confirm?token=abc123&next=%2F')).toBe(
      `/api/launch/confirm?token=${REDACTED}&next=%2F`,
    );
    expect(redactUrl('/unsubscribe?t=1&Token=xyz')).toBe(`/unsubscribe?t=1&Token=${REDACTED}`);
    expect(redactUrl('/api/auth/reset-password/r3s3t?callbackURL=%2Fa')).toBe(
      `/api/auth/reset-password/${REDACTED}?callbackURL=%2Fa`,
    );
    expect(redactUrl('/cb?code=oauth-code&state=s&api_key=k&x')).toBe(
      `/cb?code=${REDACTED}&state=s&api_key=${REDACTED}&x`,
    );
    expect(redactUrl('/api/lots?q=lamp&page=2')).toBe('/api/lots?q=lamp&page=2');
    expect(redactUrl('/api/lots')).toBe('/api/lots');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1'); // a malformed name is left alone
  });
});

describe('log configuration', () => {
  it('is readable in development and JSON elsewhere unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs).toBe(2_500);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('turns the logger off with LOG_LEVEL=silent (tests)', () => {
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(loggerOptions({ logLevel: 'silent', logFormat: 'json' })).toBe(false);
    expect(loggerOptions({ logLevel: 'info', logFormat: 'pretty' })).toMatchObject({
      transport: { target: 'pino-pretty' },
    });
  });
});

describe('request lines', () => {
  it('production: 5xx and slow requests only; development: every request', () => {
    const line = (status: number, ms: number) => ({ method: 'GET', url: '/', status, ms });
    expect(requestLineLevel(line(200, 12), false)).toBeNull();
    expect(requestLineLevel(line(404, 12), false)).toBeNull();
    expect(requestLineLevel(line(503, 12), false)).toBe('error');
    expect(requestLineLevel(line(200, SLOW_REQUEST_MS + 1), false)).toBe('warn');
    expect(requestLineLevel(line(200, 12), true)).toBe('info');
    expect(requestLineLevel(line(500, 12), true)).toBe('error');
  });

  it('writes one JSON line for a failed request, with its id and a redacted URL, and none for a good one', async () => {
    const { lines, logger } = capture();
    const app = Fastify({ loggerInstance: logger, logController: quietLogController() });
    app.decorate('deps', { config: { logFormat: 'json' } as Config } as never);
    await app.register(requestLogPlugin);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/down', async (_request, reply) => reply.status(503).send({ down: true }));
    await app.inject({ method: 'GET', url: '/ok?token=t0k3n' });
    await app.inject({ method: 'GET', url: '/down?token=t0k3n', headers: { cookie: 'rb.session=abc' } });
    await app.close();

    const requestLines = lines.filter((l) => 'status' in l);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 50,
      method: 'GET',
      url: `/down?token=${REDACTED}`,
      status: 503,
      reqId: expect.any(String),
    });
    expect(JSON.stringify(lines)).not.toContain('t0k3n');
    expect(lines.filter((l) => /incoming request|request completed/.test(String(l.msg)))).toEqual([]);
  });
});
