import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports.js';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS, ensureServerBuilt } from '../../../scripts/build-server.mjs';

/** Runs the real entry point as `npm start` does, on the embedded database: the built server on plain Node. */
const MAIN = [...SERVER_NODE_OPTIONS, SERVER_BUNDLE];
const dirs: string[] = [];
// Built when its sources changed (about 2 s), as `npm start` does.
beforeAll(() => ensureServerBuilt(), 60_000);
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** What a process was started with and runs with (Linux: /proc): its command line and NODE_OPTIONS. */
function processOf(pid: number): { cmdline: string; nodeOptions: string } | null {
  if (!fs.existsSync(`/proc/${pid}/cmdline`)) return null;
  const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  return {
    cmdline: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '),
    nodeOptions: environ.find((v) => v.startsWith('NODE_OPTIONS='))?.slice('NODE_OPTIONS='.length) ?? '',
  };
}

async function start(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, MAIN, {
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  // A first start migrates and seeds the demo school (about 20 s on a quiet machine; it took more
  // than 100 s at nice 10 beside four journeys' browsers and servers): allow for a loaded machine.
  const deadline = Date.now() + 200_000;
  while (!out.includes('Shala is running')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () =>
    new Promise<number | null>((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return { port, pid: child.pid!, output: () => out, stop };
}

// Each case starts the real server (twice in the first): allow for a loaded machine.
const START_CASE_MS = 360_000;

describe('npm start', () => {
  it('seeds the demo school once, prints its accounts, keeps data across restarts and stops cleanly', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-main-'));
    dirs.push(dataDir);
    const first = await start({ DATA_DIR: dataDir });
    // What ships: the bundle on plain Node, no TypeScript loader (tsx) in the process.
    const proc = processOf(first.pid);
    if (proc) {
      expect(proc.cmdline).toContain('dist/main.js');
      expect(proc.cmdline).not.toContain('tsx');
      expect(proc.nodeOptions).not.toContain('tsx');
    }
    expect(fs.readFileSync(SERVER_BUNDLE, 'utf8')).not.toMatch(/from ["']tsx|import\(["']tsx/);
    for (const id of ['owner', 'DEMO-A0001', 'DEMO-P0001', 'DEMO-T0001', 'DEMO-G0001', 'DEMO-S0001']) {
      expect(first.output()).toContain(id);
    }
    expect(first.output()).toContain(`http://localhost:${first.port}/sms_frontend/`);
    // A demo says so, and by default listens on this machine only.
    expect(first.output()).toContain('THIS IS A DEMO');
    expect(first.output()).toContain('DEMO=off');
    // A demo may run without PUBLIC_URL.
    expect(first.output()).not.toContain('PUBLIC_URL is not set');
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (outside) {
      // Refused or unanswered (a firewall may drop it): either way, no answer.
      await expect(fetch(`http://${outside.address}:${first.port}/api/health`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    }
    const signin = await fetch(`http://127.0.0.1:${first.port}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'DEMO-P0001', password: 'Shala@2024' }),
    });
    expect(signin.status).toBe(200);
    const { result } = await signin.json();
    expect(result).toMatchObject({ roleId: 113, schoolName: 'Shala Demo School' });
    expect(await first.stop()).toBe(0);

    const second = await start({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('DEMO-T0001  Shala@2024');
    const again = await fetch(`http://127.0.0.1:${second.port}/api/dashboard`, { headers: { token: result.token } });
    expect(again.status).toBe(200);
    const counts = (await again.json()).result.counts;
    // 299 on the rolls: one demo student left with a TC (seed/demo-certificates.ts).
    expect(counts).toMatchObject({ teachers: 20, students: 299, classes: 17, subjects: 13 });
    expect(counts.parents).toBeGreaterThan(200);
    expect(await second.stop()).toBe(0);
  }, START_CASE_MS);

  it('with DEMO=off creates only the platform owner and prints a one-time password', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-main-'));
    dirs.push(dataDir);
    const run = await start({ DATA_DIR: dataDir, DEMO: 'off' });
    const line = run.output().split('\n').find((l) => /\bowner\b/.test(l) && l.includes('111'));
    expect(line).toBeDefined();
    const password = line!.trim().split(/\s+/).at(-1)!;
    expect(password).not.toBe('Shala@2024');
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(run.output()).not.toContain('DEMO-P0001');
    expect(run.output()).not.toContain('THIS IS A DEMO');
    // Real use without PUBLIC_URL: the QR codes and webhook addresses would say localhost; the start says so.
    expect(run.output()).toContain('PUBLIC_URL is not set');
    const signin = await fetch(`http://127.0.0.1:${run.port}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'owner', password }),
    });
    expect(signin.status).toBe(200);
    expect(await run.stop()).toBe(0);
  }, START_CASE_MS);

  it('refuses an invalid configuration with a clear message', async () => {
    const child = spawn(process.execPath, MAIN, {
      env: { ...process.env, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(err).toContain('Invalid configuration');
    expect(err).toContain('PORT');
  }, START_CASE_MS);
});
