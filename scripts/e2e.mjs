// `npm run test:e2e`: Playwright journeys in Chromium against a real server with demo data.
// The demo school is seeded once per run, on the fixed clock (scripts/test-clock.mjs): into a PGlite
// data folder, or with TEST_DATABASE_URL into a PostgreSQL template database. Each worker's server
// then starts on a copy of its own (apps/web/e2e/servers.ts): the folder copied, or a database
// created from the template. A server's start on a seeded copy skips initdb, the migrations' work and
// the seed (on PGlite about 6 CPU-s against 14 for a fresh folder).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureWebBuilt, findChromium, root } from './lib.mjs';
import { ensureServerBuilt } from './build-server.mjs';
import { E2E_WORKERS, workerDataDir } from './e2e-workers.mjs';
import { TEST_NOW } from './test-clock.mjs';

ensureWebBuilt();
// The journeys' servers run the built server, as `npm start` does (playwright.config.ts).
ensureServerBuilt();
const chromium = await findChromium({ install: true });
if (!chromium) {
  console.error('No Chromium: install Debian’s package (apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-e2e-'));
const seedDir = path.join(runDir, 'seed');
const dataDir = path.join(runDir, 'server');
// E2E_SEED_DIR: the seeded folder itself, for a journey that starts a server of its own (apps/web/e2e/own-server.ts).
const env = { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir, E2E_SEED_DIR: seedDir, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
let admin = null;
const databases = [];
const withDatabase = (name) => {
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
const cleanUp = async () => {
  if (admin) {
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  fs.rmSync(runDir, { recursive: true, force: true });
};

let status = 1;
try {
  let seedUrl = '';
  if (process.env.TEST_DATABASE_URL) {
    const { default: pg } = await import('pg');
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const template = `shala_e2e_${process.pid}_${Date.now()}_seed`;
    await admin.query(`create database ${template}`);
    databases.push(template);
    seedUrl = withDatabase(template);
  }

  // The seed, as a server's first start would make it: migrated, the demo school, on the fixed clock.
  const seedStarted = Date.now();
  fs.mkdirSync(seedDir, { recursive: true });
  const seeded = spawnSync('node', ['--import', 'tsx', 'apps/server/src/seed/cli.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: seedDir, DATABASE_URL: seedUrl, DEMO: 'on', SHALA_NOW: TEST_NOW, LOG_LEVEL: 'warn' },
  });
  if (seeded.status !== 0) throw new Error(`seeding the journeys' demo school failed (exit ${seeded.status ?? seeded.signal})`);
  const seedMs = Date.now() - seedStarted;
  // The servers' clock goes on from where the seed's stopped, as on a server that seeded itself: no
  // seeded row is later than the servers' now.
  env.E2E_NOW = new Date(Date.parse(TEST_NOW) + seedMs).toISOString();
  console.log(`Demo school seeded in ${(seedMs / 1000).toFixed(1)} s; ${E2E_WORKERS} server(s) start on copies of it.`);

  // A copy for each worker's server, as many as E2E_WORKERS.
  for (let i = 0; i < E2E_WORKERS; i++) {
    fs.cpSync(seedDir, workerDataDir(dataDir, i), { recursive: true });
    if (admin) {
      const name = `shala_e2e_${process.pid}_${Date.now()}_${i}`;
      await admin.query(`create database ${name} template ${databases[0]}`);
      databases.push(name);
      env[`E2E_DATABASE_URL_${i}`] = withDatabase(name);
    }
  }

  const res = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
  status = res.status ?? 1;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
} finally {
  await cleanUp();
}
process.exit(status);
