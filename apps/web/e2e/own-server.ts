import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, request, type Browser, type Page } from '@playwright/test';
import { chooseLanguage, PASSWORD, signInWith } from './support';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS } from '../../../scripts/build-server.mjs';
import { BASE_PORT } from './servers';
import { PROVIDERS } from './providers-config';

/**
 * A server of a journey's own, for a story that crosses a day: started on a copy of the run's seeded
 * demo school (scripts/e2e.mjs gives its folder as E2E_SEED_DIR; without it the server seeds an empty
 * folder itself, slower), with the clock where the journey wants it, and started again on the same
 * folder with the clock a day on ("tomorrow" is then the server's today). The embedded database
 * only (its folder is the whole school). Stopped by the journey, and on the runner's exit.
 */
export interface OwnServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The app's pages (a browser context's baseURL). */
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A fresh copy of the seeded school in a folder of its own. */
export function copyOfSeed(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-own-'));
  const seed = process.env.E2E_SEED_DIR;
  if (seed && fs.existsSync(seed)) fs.cpSync(seed, dir, { recursive: true });
  return dir;
}

/** Starts the built server on `dataDir` with its clock at `now` (an ISO instant); resolves once /api/health answers. */
export async function startOwnServer(dataDir: string, now: string): Promise<OwnServer> {
  const port = BASE_PORT + 20 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const child = spawn('node', [...SERVER_NODE_OPTIONS, SERVER_BUNDLE], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: 'on',
      AUTH_RATE_LIMIT_MAX: '1000',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_DB_WAIT_MS: '0',
      LOG_LEVEL: 'warn',
      SHALA_NOW: now,
      SECRETS_KEY: PROVIDERS.secretsKey,
      SMS_MSG91_URL: `http://127.0.0.1:${PROVIDERS.msg91Port}`,
      WHATSAPP_GRAPH_URL: `http://127.0.0.1:${PROVIDERS.whatsappPort}`,
    },
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the journey's own server exited (${child.exitCode}) before answering`);
    const ok = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the journey’s own server did not answer within 90 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    baseURL: `${origin}/sms_frontend/`,
    dataDir,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
      running.delete(child);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Working on an own server

export const DAY_MS = 86_400_000;

/** The school's today (India) at an instant. */
export const dayIn = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));

/** The API of an own server as `loginId`: `call` expects `status` (200 by default) and answers the envelope's result. */
export async function apiOn(server: OwnServer, loginId: string) {
  const ctx = await request.newContext({ baseURL: server.origin });
  const res = await ctx.post('/api/signin', { data: { loginId, password: PASSWORD } });
  expect(res.status(), `sign-in of ${loginId}`).toBe(200);
  const token = ((await res.json()) as { result: { token: string } }).result.token;
  return {
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown, status = 200): Promise<T> {
      const answer = await ctx.fetch(path, { method, headers: { token }, data });
      expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBe(status);
      return ((await answer.json()) as { result: T }).result;
    },
    dispose: () => ctx.dispose(),
  };
}

/** A phone-sized page on the own server, in `lang`, signed in as `loginId` on `landing`. */
export async function phoneOn(browser: Browser, server: OwnServer, lang: 'en' | 'hi', loginId: string, landing: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  if (lang === 'hi') {
    await page.goto('./');
    await chooseLanguage(page, 'हिन्दी');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  }
  await signInWith(page, loginId, landing, server.origin);
  return page;
}
