// The reference server in a process of its own, and the one way to wait for its address: tests
// (crash safety, SIGTERM, production refusals), the bench and the scripts (gallery, prod-smoke) all
// start it here. The server says where it listens on stdout ("Lender app: http://host:port/",
// src/server/main.ts); a wrapper that prints something else (the e2e clock server) waits for its
// own line with `waitFor`.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/** The repository's root (the default working folder). */
export const ROOT = resolve(import.meta.dirname, '../..');

export interface ServerOptions {
  /**
   * The entry node runs, relative to `cwd` or absolute: a `.ts` source runs with tsx loaded in
   * process (so a signal hits the server itself), anything else (a built `main.mjs`) as it is.
   * Default: src/server/main.ts.
   */
  entry?: string;
  /** The environment, whole (nothing of this process's is added). */
  env: Record<string, string | undefined>;
  /** The node binary (default: this process's). */
  node?: string;
  cwd?: string;
  /** Its own process group, so `stop` ends whatever it started too. */
  detached?: boolean;
  /** Also copy the server's output (true) or its errors alone ('stderr') to this process's: a script a person watches. */
  echo?: boolean | 'stderr';
}

export interface ServerProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Resolves once stdout contains `text` (rejects if the process ends first, or after `timeoutMs`). */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** The app's address, http://host:port, once the server printed it. */
  address(timeoutMs?: number): Promise<string>;
  /** Sends `signal` (SIGTERM unless told) and resolves once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const ADDRESS = /Lender app: (http:\/\/[^/\s]+)\//;

/** The app's address in the server's output, or '' before it printed it. */
export const addressIn = (stdout: string): string => ADDRESS.exec(stdout)?.[1] ?? '';

/** Spawns the server and collects its output. */
export function spawnServer(options: ServerOptions): ServerProcess {
  const entry = options.entry ?? 'src/server/main.ts';
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : ['--enable-source-maps', entry];
  const child = spawn(options.node ?? process.execPath, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached === true,
  });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (options.echo === true) process.stdout.write(chunk);
    for (const w of waiters) w();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    if (options.echo) process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const ended = () => child.exitCode !== null || child.signalCode !== null;

  const waitFor = (text: string, timeoutMs = 30_000) =>
    new Promise<void>((resolvePromise, reject) => {
      const check = () => {
        if (out.includes(text)) done(resolvePromise);
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${out}\n${err}`))),
        timeoutMs,
      );
      const done = (then: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        then();
      };
      void exited.then(() => {
        if (!out.includes(text))
          done(() => reject(new Error(`the server exited before "${text}":\n${out}\n${err}`)));
      });
      waiters.add(check);
      check();
    });

  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor,
    address: async (timeoutMs = 60_000) => {
      await waitFor('Lender app: http://', timeoutMs);
      // The line may arrive in pieces: wait for its end.
      while (!addressIn(out) && !ended()) await new Promise((r) => setTimeout(r, 20));
      return addressIn(out);
    },
    stop: async (signal = 'SIGTERM') => {
      if (!ended()) {
        if (options.detached && child.pid !== undefined) {
          try {
            process.kill(-child.pid, signal);
          } catch {
            child.kill(signal);
          }
        } else child.kill(signal);
      }
      await exited;
    },
  };
}

/** Spawns the server and waits for its address; a server that fails to start is stopped, and the error says why. */
export async function startServer(
  options: ServerOptions & { timeoutMs?: number },
): Promise<ServerProcess & { base: string }> {
  const running = spawnServer(options);
  try {
    return { ...running, base: await running.address(options.timeoutMs) };
  } catch (error) {
    await running.stop('SIGKILL');
    throw error;
  }
}
