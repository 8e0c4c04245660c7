// `npm run test:node24`: Shala starts and signs in on Node 24, whatever Node runs this script.
// Node 24 comes from the npm registry (the `node-<platform>-<arch>` package that the `node` package's
// install script would fetch; fetched directly, as npm 11 runs no dependency's install script), kept in
// node_modules/.cache/shala-node24. The built server (scripts/build-server.mjs, built first when its
// sources changed) runs on a fresh data folder with the demo school, on a free port; the principal signs in through the API and reads its dashboard. Exits 1 on
// any failure, and when the whole run passes its time limit (NODE24_TIMEOUT_MS, 3 minutes).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root, stopChild } from './lib.mjs';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS, ensureServerBuilt } from './build-server.mjs';

const MAJOR = 24;
const started = Date.now();
const deadline = started + Number(process.env.NODE24_TIMEOUT_MS ?? 180_000);
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const say = (line) => console.log(`[node${MAJOR} ${seconds()} s] ${line}`);

let server;
let dataDir;
let serverLog = '';
let stopping = false;

function fail(message) {
  if (stopping) return;
  stopping = true;
  console.error(`[node${MAJOR}] FAILED: ${message}`);
  if (serverLog) console.error(`--- server output (last 4,000 characters) ---\n${serverLog.slice(-4000)}`);
  stop().finally(() => process.exit(1));
}

async function stop() {
  await stopChild(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

const overall = setTimeout(() => fail(`not done within ${(deadline - started) / 1000} s`), deadline - Date.now());
overall.unref();

/** The Node 24 binary, fetched once into the cache folder. */
function node24() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}`;
  const cache = path.join(root, 'node_modules/.cache/shala-node24');
  const bin = path.join(cache, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  const version = () => {
    if (!fs.existsSync(bin)) return null;
    const res = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    return res.status === 0 ? res.stdout.trim() : null;
  };
  let v = version();
  if (!v?.startsWith(`v${MAJOR}.`)) {
    say(`fetching ${pkg}@${MAJOR} from the npm registry into ${path.relative(root, cache)}`);
    fs.rmSync(cache, { recursive: true, force: true });
    fs.mkdirSync(cache, { recursive: true });
    fs.writeFileSync(path.join(cache, 'package.json'), '{ "private": true }\n');
    const res = spawnSync(
      'npm',
      ['install', '--prefix', cache, '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', `${pkg}@${MAJOR}`],
      { stdio: 'inherit', timeout: Math.max(1000, deadline - Date.now()), shell: process.platform === 'win32' },
    );
    if (res.status !== 0) throw new Error(`npm install ${pkg}@${MAJOR} failed (${res.error?.message ?? `exit ${res.status}`})`);
    v = version();
  }
  if (!v?.startsWith(`v${MAJOR}.`)) throw new Error(`${bin} is not Node ${MAJOR} (${v ?? 'does not run'})`);
  say(`Node ${v} at ${path.relative(root, bin)}`);
  return bin;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function request(base, method, url, { body, token } = {}) {
  const headers = {};
  if (body) headers['content-type'] = 'application/json';
  if (token) headers.token = token;
  const res = await fetch(base + url, { method, headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

async function main() {
  const bin = node24();
  ensureServerBuilt();
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-node24-'));
  const base = `http://127.0.0.1:${port}`;
  say(`starting the server on ${base}, data in ${dataDir}`);
  server = spawn(bin, [...SERVER_NODE_OPTIONS, SERVER_BUNDLE], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: 'on', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => (serverLog = (serverLog + chunk).slice(-20_000)));
  server.once('exit', (code, signal) => {
    if (!stopping) fail(`the server exited (${signal ?? `code ${code}`}) before the check ended`);
  });

  // The demo school is seeded before the server listens: wait for readiness.
  for (;;) {
    if (Date.now() > deadline) throw new Error('the server never answered /api/health');
    try {
      const health = await request(base, 'GET', '/api/health');
      if (health.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  say('/api/health answers 200');

  const signin = await request(base, 'POST', '/api/signin', { body: { loginId: 'DEMO-P0001', password: 'Shala@2024' } });
  const me = signin.json?.result;
  if (signin.status !== 200 || !me?.token) throw new Error(`sign-in answered ${signin.status}: ${signin.text.slice(0, 300)}`);
  if (me.roleId !== 113 || me.loginId !== 'DEMO-P0001' || !me.schoolName) throw new Error(`sign-in returned ${JSON.stringify({ ...me, token: '…' })}`);
  say(`signed in as ${me.loginId} (${me.name}, role ${me.roleId}, ${me.schoolName})`);

  const dashboard = await request(base, 'GET', '/api/dashboard', { token: me.token });
  const counts = dashboard.json?.result?.counts;
  if (dashboard.status !== 200 || !counts) throw new Error(`the dashboard answered ${dashboard.status}: ${dashboard.text.slice(0, 300)}`);
  // 300 demo students, one of whom left with a TC (seed/demo-certificates.ts): 299 on the rolls.
  if (counts.students !== 299 || counts.teachers !== 20 || !(counts.classes > 0)) throw new Error(`the dashboard's counts are not the demo school's: ${JSON.stringify(counts)}`);
  say(`the principal's dashboard: ${JSON.stringify(counts)}`);

  stopping = true;
  await stop();
  say('passed');
  process.exit(0);
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
