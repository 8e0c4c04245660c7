import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
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
