// `npm run bench:web`: the web app on a cheap phone. Starts the real server (src/main.ts, as
// `npm start` runs it) on the embedded database in a fresh folder with the demo school and the
// test clock, on loopback; drives Chromium with the CPU slowed 4x and a slow phone's network (150 ms
// latency, 1.6 Mbps down, 750 kbps up), through the DevTools protocol; in a new browser context
// each time (no cache), a parent of the demo opens the sign-in page, signs in and waits for the
// dashboard's numbers (the children's cards). Prints per run and as medians: the time to the
// sign-in form, the time from submitting the sign-in to the numbers, the JavaScript files and
// the bytes on the wire of the sign-in page and of the way in; and the login page's JavaScript,
// gzip -9 of its files in dist (what e2e/budget.spec.ts guards). It builds nothing (`npm run build`
// first), and stops the server and removes its data folder whatever happens.
//
// Settings: BENCH_WEB_RUNS (3, after a warm-up run not counted), BENCH_PORT (3364),
// BENCH_WEB_LOGIN (DEMO-G0001), BENCH_WEB_CPU (4), BENCH_WEB_LATENCY_MS (150), BENCH_WEB_DOWN_KBPS
// (1600), BENCH_WEB_UP_KBPS (750), BENCH_WEB_KEY_MS (0: the fields filled at once, as by autofill;
// else a key every so many ms, as a person types), BENCH_WEB_LIST=1 (the last run's requests with
// their times), BENCH_WEB_DIST (another build to serve, e.g. a copy of an older dist, to compare
// two builds in one sitting), CHROMIUM_PATH.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { findChromium, root, stopChild } from './lib.mjs';
import { TEST_NOW } from './test-clock.mjs';

const num = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};
const RUNS = Math.max(1, num('BENCH_WEB_RUNS', 3));
const PORT = num('BENCH_PORT', 3364);
const LOGIN = process.env.BENCH_WEB_LOGIN ?? 'DEMO-G0001';
const PASSWORD = 'Shala@2024';
const CPU = num('BENCH_WEB_CPU', 4);
const LATENCY_MS = num('BENCH_WEB_LATENCY_MS', 150);
const DOWN_KBPS = num('BENCH_WEB_DOWN_KBPS', 1600);
const UP_KBPS = num('BENCH_WEB_UP_KBPS', 750);
const KEY_MS = num('BENCH_WEB_KEY_MS', 0);
const DIST = path.resolve(root, process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
const BASE = `http://127.0.0.1:${PORT}`;
const APP = `${BASE}/sms_frontend/`;
/** The dashboard's numbers: a parent's children's cards, or the counts of the other roles. */
const NUMBERS = '[data-testid="child-card"], [data-testid^="count-"]';

if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.error(`${path.relative(root, DIST) || DIST} has no build: run \`npm run build\` first (bench:web measures the build as it is and builds nothing).`);
  process.exit(1);
}
const executablePath = await findChromium();
if (!executablePath) {
  console.error('No Chromium: install Debian’s package (apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

let server;
let browser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-bench-web-'));

async function cleanUp() {
  await browser?.close().catch(() => undefined);
  await stopChild(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

async function startServer() {
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: 'on',
    PUSH: 'off',
    LOG_LEVEL: 'warn',
    // The demo school on a school day at 10:00 in India (as the journeys see it): today's
    // attendance, fees due and notices are those of the tests.
    SHALA_NOW: TEST_NOW,
    AUTH_RATE_LIMIT_MAX: '1000',
    SHED_EVENT_LOOP_DELAY_MS: '0',
    REDIS_URL: '',
    WEB_DIST: DIST,
  };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env,
    // Its banner (demo logins) is not the bench's: only its errors are shown.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let gone = null;
  server.once('exit', (code, signal) => (gone = signal ?? `code ${code}`));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (gone) throw new Error(`the server exited before it was ready (${gone})`);
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet: the demo school is seeded first
    }
    if (Date.now() > deadline) throw new Error('the server was not ready within 180 s');
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** One cold visit (a new browser context: no cache, no cookies): sign-in page, sign-in, dashboard. */
async function visit() {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    // The signed-in layout registers the service worker, which then precaches the app's shell in
    // the background: blocked, as in the journeys, so that every run measures the same requests.
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: (DOWN_KBPS * 1000) / 8,
      uploadThroughput: (UP_KBPS * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });

    let phase = 'signin';
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!requests.has(e.requestId)) requests.set(e.requestId, { url: e.request.url, type: e.type, phase, bytes: 0, encoding: '', done: false, start: Date.now() });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.type = e.type;
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      r.encoding = headers['content-encoding'] ?? 'none';
    });
    const finish = (e, bytes) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.bytes = bytes;
      r.done = true;
      r.end = Date.now();
    };
    cdp.on('Network.loadingFinished', (e) => finish(e, e.encodedDataLength));
    cdp.on('Network.loadingFailed', (e) => finish(e, 0));

    const t0 = Date.now();
    await page.goto(APP, { waitUntil: 'commit' });
    const submit = page.locator('button[type="submit"]');
    await submit.waitFor({ state: 'visible', timeout: 120_000 });
    const formMs = Date.now() - t0;
    // The page settles (nothing in flight for a second) before the parent types: what the sign-in
    // page fetched counts as before the sign-in.
    await quiet(requests);
    // From here on, what the way in costs: the form fetches the signed-in layout once touched
    // (app/loadSignedIn.ts), so its requests count with the dashboard's. The fields are filled at
    // once (as by the browser's autofill), the worst case: a person typing gives it more time
    // (BENCH_WEB_KEY_MS types a key at a time).
    phase = 'dashboard';
    for (const [field, text] of [['username', LOGIN], ['current-password', PASSWORD]]) {
      const input = page.locator(`input[autocomplete="${field}"]`);
      if (KEY_MS > 0) await input.pressSequentially(text, { delay: KEY_MS });
      else await input.fill(text);
    }
    const t1 = Date.now();
    await submit.click();
    await page.locator(NUMBERS).first().waitFor({ state: 'visible', timeout: 120_000 });
    const dashboardMs = Date.now() - t1;
    phase = 'after';
    await quiet(requests);

    const all = [...requests.values()];
    const js = (p) => all.filter((r) => r.phase === p && isScript(r));
    const bytes = (phases) => all.filter((r) => phases.includes(r.phase)).reduce((sum, r) => sum + r.bytes, 0);
    const encodings = {};
    for (const r of all.filter(isScript)) encodings[r.encoding] = (encodings[r.encoding] ?? 0) + 1;
    return {
      formMs,
      dashboardMs,
      jsBefore: js('signin').length,
      jsToNumbers: js('dashboard').length,
      jsAfter: js('after').length,
      small: all.filter((r) => isScript(r) && r.phase !== 'after' && r.bytes < 2000).length,
      kbToForm: bytes(['signin']) / 1000,
      kbToNumbers: bytes(['signin', 'dashboard']) / 1000,
      kbAll: bytes(['signin', 'dashboard', 'after']) / 1000,
      loginScripts: js('signin').map((r) => new URL(r.url).pathname),
      requests: all.map((r) => {
        const at = (t) => String(t === undefined ? '' : t - t1).padStart(6);
        const url = new URL(r.url);
        return `${r.phase.padEnd(9)} ${at(r.start)} ${at(r.end)} ${String(r.bytes).padStart(7)} ${r.encoding.padEnd(4)} ${url.pathname}${url.search.slice(0, 40)}`;
      }),
      encodings,
    };
  } finally {
    await context.close();
  }
}

function isScript(r) {
  return r.type === 'Script' || new URL(r.url).pathname.endsWith('.js');
}

/** Waits until no request has been in flight or ended for a second (at most 30 s). */
async function quiet(requests) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const values = [...requests.values()];
    const busy = values.some((r) => !r.done);
    const last = Math.max(0, ...values.map((r) => r.end ?? 0));
    if ((!busy && Date.now() - last >= 1000) || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The login page's JavaScript: gzip -9 and brotli 11 of each file it loaded, from dist. */
function loginSize(scripts) {
  let gzip = 0;
  let brotli = 0;
  for (const pathname of new Set(scripts)) {
    const file = path.join(DIST, pathname.replace(/^\/sms_frontend\//, ''));
    const body = fs.readFileSync(file);
    gzip += zlib.gzipSync(body, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files: new Set(scripts).size, gzipKb: gzip / 1000, brotliKb: brotli / 1000 };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
/** The table's columns: heading, width, value. */
const COLUMNS = [
  ['form ms', 9, (r) => r.formMs.toFixed(0)],
  ['numbers ms', 12, (r) => r.dashboardMs.toFixed(0)],
  ['JS page', 9, (r) => r.jsBefore],
  ['JS in', 7, (r) => r.jsToNumbers],
  ['JS total', 10, (r) => r.jsBefore + r.jsToNumbers],
  ['<2 KB', 7, (r) => r.small],
  ['later', 7, (r) => r.jsAfter],
  ['KB page', 9, (r) => r.kbToForm.toFixed(0)],
  ['KB in', 7, (r) => (r.kbToNumbers - r.kbToForm).toFixed(0)],
  ['KB all', 8, (r) => r.kbAll.toFixed(0)],
];
const row = (label, r) => label.padEnd(7) + COLUMNS.map(([, width, value]) => String(value(r)).padStart(width)).join('');

try {
  const started = Date.now();
  await startServer();
  console.info(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s (PGlite, demo school, ${BASE}, serving ${path.relative(root, DIST) || DIST})`);
  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  await visit(); // warm-up: the server's first requests (JIT, database caches), not counted
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await visit());

  const cores = os.availableParallelism?.() ?? os.cpus().length;
  console.info(
    `\nShala web bench: a cheap phone (CPU ${CPU}x slower, ${LATENCY_MS} ms latency, ${DOWN_KBPS / 1000} Mbps down, ${UP_KBPS} kbps up),` +
      ` Chromium ${browser.version()}, parent ${LOGIN}, ${KEY_MS > 0 ? `typed at ${KEY_MS} ms a key` : 'filled at once'}, PGlite, ${cores} cores,` +
      ` ${RUNS} runs after a warm-up\n`,
  );
  console.info('run'.padEnd(7) + COLUMNS.map(([heading, width]) => heading.padStart(width)).join(''));
  runs.forEach((r, i) => console.info(row(String(i + 1), r)));
  const keys = ['formMs', 'dashboardMs', 'jsBefore', 'jsToNumbers', 'jsAfter', 'small', 'kbToForm', 'kbToNumbers', 'kbAll'];
  console.info(row('median', Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))]))));
  console.info(
    [
      '',
      'form ms: from opening the page to the sign-in form; numbers ms: from submitting the sign-in to the',
      "dashboard's numbers (the children's cards). JavaScript files: JS page, loaded by the sign-in page;",
      'JS in, from filling in the form to the numbers; <2 KB, of these, the files under 2 KB on the wire;',
      'later, after the numbers until the network is quiet. Bytes on the wire (headers included): KB page,',
      'the sign-in page; KB in, from filling in the form to the numbers; KB all, everything.',
    ].join('\n'),
  );
  if (process.env.BENCH_WEB_LIST === '1') {
    console.info(`\nRequests of the last run (phase, start and end in ms from the submit, bytes on the wire, encoding, address):\n  ${runs.at(-1).requests.join('\n  ')}`);
  }
  const login = loginSize(runs[0].loginScripts);
  console.info(
    `\nlogin page JS: ${login.gzipKb.toFixed(1)} KB gzip -9 (${login.brotliKb.toFixed(1)} KB brotli 11) in ${login.files} files` +
      `\nJS answers by content-encoding (last run): ${Object.entries(runs.at(-1).encodings).map(([k, v]) => `${k} ${v}`).join(', ')}`,
  );
} catch (err) {
  console.error(`bench:web failed: ${err instanceof Error ? err.stack : String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
