// The real server as `npm start` runs it (the built apps/server/dist/main.js on plain Node, built
// first when its sources changed) as a child process on loopback, for the load and crash tests:
// started on a data folder or a PostgreSQL URL, ready once /api/health answers, stopped with a
// signal (SIGKILL for the crash test).
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS, ensureServerBuilt } from '../../../scripts/build-server.mjs';

export interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Where the child's output goes: inherited, or dropped (tests). */
  quiet?: boolean;
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<string>;
}

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

export async function startServer(opts: ServerOptions, timeoutMs = 120_000): Promise<ServerProcess> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl,
    DEMO: 'off',
    PUSH: 'off',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: undefined,
    ...opts.env,
  };
  if (!opts.databaseUrl) delete env.DATABASE_URL;
  ensureServerBuilt();
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_BUNDLE], {
    cwd: SERVER_DIR,
    env,
    stdio: opts.quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  const base = `http://127.0.0.1:${opts.port}`;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  const deadline = Date.now() + timeoutMs;
  let gone: string | null = null;
  void exited.then((how) => (gone = how));
  for (;;) {
    if (gone !== null) throw new Error(`the server exited before it was ready (${gone})`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`the server was not ready within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, child, exited, stop };
}

/** Signs in through the API; the session's token. */
export async function signIn(base: string, loginId: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId, password }),
  });
  const body = (await res.json()) as { result?: { token: string } };
  if (!res.ok || !body.result) throw new Error(`sign-in of ${loginId} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.result.token;
}

/** LOAD_URL and the like: loopback only (the load and crash tests never aim at another machine). */
export function loopbackOnly(url: string): URL {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!(host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host))) {
    throw new Error(`${url}: only a loopback address (127.x.x.x, ::1, localhost) may be load-tested`);
  }
  return u;
}

/** A PostgreSQL database of its own next to `url` (empty: the server migrates it; or a copy of a template), dropped at the end. */
export async function privateDatabase(url: string, template?: string) {
  const { default: pg } = await import('pg');
  const name = `shala_run_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
