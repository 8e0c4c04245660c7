// `npm run test:e2e`: Playwright journeys in Chromium against a real server with demo data.
// Each worker's server runs on PGlite in a fresh folder, or on a fresh PostgreSQL database of its own
// when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureWebBuilt, findChromium, root } from './lib.mjs';
import { E2E_WORKERS, workerDataDir } from './e2e-workers.mjs';

ensureWebBuilt();
const chromium = await findChromium({ install: true });
if (!chromium) {
  console.error('No Chromium: install Debian’s package (apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-e2e-'));
const env = { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
let dropDb = async () => {};
if (process.env.TEST_DATABASE_URL) {
  // A fresh database for each worker's server (apps/web/e2e/servers.ts), as many as E2E_WORKERS.
  const { default: pg } = await import('pg');
  const names = Array.from({ length: E2E_WORKERS }, (_, i) => `shala_e2e_${process.pid}_${Date.now()}_${i}`);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const [i, name] of names.entries()) {
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    env[`E2E_DATABASE_URL_${i}`] = url.toString();
  }
  dropDb = async () => {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

const res = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
await dropDb();
// Each Playwright worker's server has its own folder (apps/web/e2e/servers.ts).
for (let i = 0; i < E2E_WORKERS; i++) fs.rmSync(workerDataDir(dataDir, i), { recursive: true, force: true });
process.exit(res.status ?? 1);
