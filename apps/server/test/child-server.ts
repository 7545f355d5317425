import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../src/config';

// One way for tests to run the real server (main.ts, or the built dist/main.js) in a child process:
// start it with an environment and arguments, wait until it is ready (a log line or /readyz),
// keep its output for failure messages, and stop it (a signal, then SIGKILL after a grace period).
// Every child started here is killed when the test process exits, whatever the test did.
// Waits are for conditions; their limits only stop hangs.

/** The limit on every wait here unless a caller gives its own: it only stops a hang. */
export const HANG_MS = 60_000;

/** The server's entry point run through tsx: `node --import tsx apps/server/src/main.ts`. */
export const MAIN_TS_ARGS = ['--import', 'tsx', fileURLToPath(new URL('../src/main.ts', import.meta.url))];

/** Resolves once `check` gives something truthy, polling; fails after `ms` saying what it waited for. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  ms = HANG_MS,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `promise`, or an error naming `what` once `ms` have passed. */
export function within<T>(promise: Promise<T>, what: string, ms = HANG_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    }),
  ]);
}

/** A TCP port nothing listens on at the moment of asking (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface ChildServerOptions {
  /** Node's arguments: the server's main.ts through tsx unless given (e.g. the built dist/main.js). */
  args?: string[];
  /** Settings on top of `baseEnv`; an undefined value removes the variable. */
  env?: Record<string, string | undefined>;
  /** The environment to start from: this process's unless given (a production host's is bare). */
  baseEnv?: NodeJS.ProcessEnv;
  /** The working directory: the repository's root unless given. */
  cwd?: string;
  /** The port it is told to listen on (PORT): `base` is known before it starts. 0 = it picks. */
  port?: number;
}

export interface ChildServer {
  readonly child: ChildProcess;
  readonly pid: number;
  /** http://127.0.0.1:<port> when a port was given, or once `listening()` has read it from the log. */
  base: string;
  /** Every complete output line, stdout and stderr, in the order they arrived. */
  readonly lines: string[];
  /** The complete lines written to stdout. */
  readonly stdoutLines: string[];
  /** Everything written to stderr. */
  readonly stderr: () => string;
  /** Resolves with the exit code (null when a signal ended it) once it has exited and its output is read. */
  readonly exited: Promise<number | null>;
  /** Whether the process is still running. */
  running(): boolean;
  /** What it has printed so far (for failure messages). */
  output(): string;
  /** Resolves with the first line (in `lines`) that matches; fails if the process exits first. */
  waitForLine(match: RegExp | ((line: string) => boolean), what: string, ms?: number): Promise<string>;
  /** Waits for the "listening at http://…" log line (LOG_LEVEL info or lower), sets and returns `base`. */
  listening(ms?: number): Promise<string>;
  /** Waits until GET `base`/readyz answers 200; fails if the process exits first. */
  ready(ms?: number): Promise<void>;
  /** Sends `signal` (SIGTERM) and waits for the exit; after `graceMs` it is killed. Resolves the exit code. */
  stop(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<number | null>;
  /** SIGKILL to it and to every process it started; resolves once it has exited. */
  kill(): Promise<void>;
}

const started = new Set<ChildServer>();
let exitHookInstalled = false;

/** Kills the process group synchronously: for the exit hook, where nothing asynchronous runs. */
function killGroup(child: ChildProcess) {
  if (child.pid === undefined) return;
  try {
    // Started detached, the child leads a process group of its own: this reaches its workers too.
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    try {
      child.kill('SIGKILL');
    } catch {}
  }
}

/** Starts a server in a child process. Stop it in the test (or `stopChildServers()` in afterAll). */
export function startChildServer(options: ChildServerOptions = {}): ChildServer {
  const env: NodeJS.ProcessEnv = { ...(options.baseEnv ?? process.env) };
  if (options.port !== undefined) env.PORT = String(options.port);
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child = spawn(process.execPath, options.args ?? MAIN_TS_ARGS, {
    cwd: options.cwd ?? REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid === undefined) throw new Error(`could not start ${options.args?.join(' ') ?? 'main.ts'}`);

  const lines: string[] = [];
  const stdoutLines: string[] = [];
  let stderr = '';
  const splitter = (into: string[] | null) => {
    let rest = '';
    const take = (d: Buffer) => {
      rest += String(d);
      const parts = rest.split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
      into?.push(...parts);
    };
    const flush = () => {
      if (rest === '') return;
      lines.push(rest);
      into?.push(rest);
      rest = '';
    };
    return { take, flush };
  };
  const out = splitter(stdoutLines);
  const err = splitter(null);
  child.stdout!.on('data', out.take);
  child.stdout!.on('end', out.flush);
  child.stderr!.on('data', (d: Buffer) => {
    stderr += String(d);
    err.take(d);
  });
  child.stderr!.on('end', err.flush);

  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  // Its output is all read once its pipes close; a process it left behind could hold them open, so
  // the wait for that is bounded.
  const exited = exit.then(async (code) => {
    await Promise.race([closed, new Promise((r) => setTimeout(r, 5_000))]);
    return code;
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const output = () => {
    const text = lines.join('\n');
    return text.length > 8_000 ? `…${text.slice(-8_000)}` : text;
  };
  const gone = (what: string) =>
    new Error(
      `the server exited (${child.exitCode ?? child.signalCode}) before ${what}; its output:\n${output()}`,
    );

  const server: ChildServer = {
    child,
    pid: child.pid,
    base: options.port ? `http://127.0.0.1:${options.port}` : '',
    lines,
    stdoutLines,
    stderr: () => stderr,
    exited,
    running,
    output,
    async waitForLine(match, what, ms = HANG_MS) {
      const test = typeof match === 'function' ? match : (line: string) => match.test(line);
      let seen = 0;
      return until(
        what,
        () => {
          for (; seen < lines.length; seen++) if (test(lines[seen]!)) return lines[seen]!;
          if (!running()) throw gone(what);
          return undefined;
        },
        ms,
      ).catch((e: Error) => {
        throw e.message.startsWith('timed out') ? new Error(`${e.message}; its output:\n${output()}`) : e;
      });
    },
    async listening(ms = HANG_MS) {
      const line = await server.waitForLine(
        /listening at http:\/\/127\.0\.0\.1:\d+/,
        'the server to listen',
        ms,
      );
      server.base = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)![1]!;
      return server.base;
    },
    async ready(ms = HANG_MS) {
      if (!server.base) await server.listening(ms);
      await until(
        `${server.base}/readyz to answer 200`,
        async () => {
          if (!running()) throw gone(`${server.base}/readyz answered 200`);
          try {
            return (await fetch(`${server.base}/readyz`)).ok;
          } catch {
            return false;
          }
        },
        ms,
      ).catch((e: Error) => {
        throw e.message.startsWith('timed out') ? new Error(`${e.message}; its output:\n${output()}`) : e;
      });
    },
    async stop({ signal = 'SIGTERM', graceMs = HANG_MS } = {}) {
      if (running()) child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((r) => {
        timer = setTimeout(() => r('late'), graceMs);
      });
      const outcome = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (outcome === 'late') {
        await server.kill();
        throw new Error(
          `the server did not exit within ${graceMs} ms of ${signal}; its output:\n${output()}`,
        );
      }
      started.delete(server);
      return outcome;
    },
    async kill() {
      killGroup(child);
      await exited;
      started.delete(server);
    },
  };

  started.add(server);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const s of started) killGroup(s.child);
    });
  }
  return server;
}

/** Kills every child server still running (and its workers): for afterAll. */
export async function stopChildServers(): Promise<void> {
  await Promise.all([...started].map((s) => s.kill()));
}
