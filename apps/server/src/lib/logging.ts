import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import fp from 'fastify-plugin';
import pino, { type LoggerOptions } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from '../config';

// Logs (decision 032): one line per request at most. Production writes JSON lines at 'info' and
// says nothing about a request that went well: only 5xx answers and slow requests get a line
// (errors get theirs from the error handler). Development writes one readable line per request.
// Secrets never reach a line: cookies, authorization headers, passwords and tokens are redacted,
// in logged objects and in logged URLs.

/** A request slower than this gets a warning line, whatever its answer. */
export const SLOW_REQUEST_MS = 1_000;

export const REDACTED = '[redacted]';

/** Object paths pino replaces with REDACTED wherever they are logged (top level and one level down). */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'authorization',
  'cookie',
  'apiKey',
  'accessToken',
  'refreshToken',
];
export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
];

/** Query parameters whose values are secrets: sign-in links, unsubscribe and confirmation tokens. */
const SECRET_PARAM = /token|secret|password|signature|^sig$|^code$|key|auth/i;
/** Path segments that are secrets themselves (better-auth's reset link: /reset-password/<token>). */
const SECRET_SEGMENT_AFTER = /^(reset-password|verify-email|magic-link)$/i;

/** The URL as it may be logged: secret query values and secret path segments replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q === -1 ? url : url.slice(0, q);
  const segments = pathPart.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (SECRET_SEGMENT_AFTER.test(segments[i - 1]!) && segments[i] !== '') segments[i] = REDACTED;
  }
  const path = segments.join('/');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed name is checked as it is.
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** What is logged when a client leaves before its response was sent whole. */
export const CLIENT_LEFT = 'the client left before the response was complete';

/**
 * Whether a log call is about a client that left mid-response (a closed tab, a cancelled download):
 * the stream libraries call it 'premature close' (@fastify/compress logs it at error level, with
 * its stack). That is not a server fault.
 */
export function isPrematureClose(args: readonly unknown[]): boolean {
  const first = args[0];
  const err = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
  if (!(err instanceof Error)) return false;
  return (
    (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    err.message.toLowerCase() === 'premature close'
  );
}

/** pino options for the app's logger (Fastify's `logger`), or false when LOG_LEVEL=silent. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): LoggerOptions | false {
  if (config.logLevel === 'silent') return false;
  const base: LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    hooks: {
      // A client that left mid-response gets one debug line without a stack, whoever reported it.
      logMethod(args, method, level) {
        if (level > 20 && isPrematureClose(args)) return this.debug(CLIENT_LEFT);
        return method.apply(this, args);
      },
    },
  };
  if (config.logFormat === 'json') return base;
  return { ...base, transport: { target: 'pino-pretty', options: PRETTY_OPTIONS } };
}

/** pino-pretty's options for development's readable lines. */
const PRETTY_OPTIONS = {
  translateTime: 'HH:MM:ss',
  // The request line carries its facts in its message; the fields stay in JSON only.
  ignore: 'pid,hostname,reqId,method,url,status,ms',
  singleLine: true,
};

/** None of Fastify's own per-request lines ('incoming request', 'request completed', 'Route … not found'). */
export function quietLogController(): LogController {
  return new LogController({ disableRequestLogging: true });
}

/**
 * Where the lines go: stdout, written synchronously, in this thread. pino's default (asynchronous)
 * stdout flushes what is left when the process exits, and when stdout is a pipe whose reader has
 * gone that flush retries EPIPE forever: SIGTERM closed the port but the process never exited (and
 * pino-pretty as a worker-thread transport held the exit for 10 s). Written synchronously, the first
 * EPIPE switches logging off (pino and pino-pretty drop a broken pipe's lines) and nothing is left
 * to flush at exit. Production writes few lines (the above), so blocking on them costs little.
 */
export function logDestination(format: Config['logFormat']) {
  return format === 'json'
    ? pino.destination({ dest: 1, sync: true })
    : pinoPretty({ ...PRETTY_OPTIONS, destination: 1, sync: true });
}

/** Fastify's server options for logging: our logger, and requestLogPlugin's line instead of Fastify's. */
export function fastifyLogOptions(config: Config): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const options = loggerOptions(config);
  if (!options) return { logger: false, logController: quietLogController() };
  const { transport: _inThisThread, ...logger } = options;
  return {
    logger: { ...logger, stream: logDestination(config.logFormat) },
    logController: quietLogController(),
  };
}

export interface RequestLine {
  method: string;
  url: string;
  status: number;
  ms: number;
}

/** Which line a finished request gets: 'error' (5xx), 'warn' (slow), 'info' (every request), or none. */
export function requestLineLevel(line: RequestLine, everyRequest: boolean): 'error' | 'warn' | 'info' | null {
  if (line.status >= 500) return 'error';
  if (line.ms > SLOW_REQUEST_MS) return 'warn';
  return everyRequest ? 'info' : null;
}

/**
 * One line per finished request, from its own logger (so it carries the request id): 5xx answers
 * and slow requests always; every request in development (LOG_FORMAT=pretty).
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    const everyRequest = app.deps.config.logFormat === 'pretty';
    app.addHook('onResponse', async (request, reply) => {
      // A WebSocket lives for minutes: its upgrade request is not a slow request.
      if (request.headers.upgrade) return;
      const line: RequestLine = {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      };
      const level = requestLineLevel(line, everyRequest);
      if (!level) return;
      // Only a line that is written needs its URL redacted (most requests get none in production).
      line.url = redactUrl(line.url);
      const msg =
        level === 'warn'
          ? `slow request: ${line.method} ${line.url} ${line.status} ${line.ms} ms`
          : `${line.method} ${line.url} ${line.status} ${line.ms} ms`;
      request.log[level](line, msg);
    });
  },
  { name: 'request-log' },
);
