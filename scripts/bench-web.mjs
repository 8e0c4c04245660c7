// `npm run bench:web`: the web app on a cheap phone. Starts the real server (the built one, as
// `npm start` runs it) on the embedded database in a fresh folder with the demo school and the
// test clock, on loopback; drives Chromium with the CPU slowed 4x and a slow phone's network (150 ms
// latency, 1.6 Mbps down, 750 kbps up), through the DevTools protocol; in a new browser context
// each time (no cache), a person of the demo opens the sign-in page, signs in and waits for the
// dashboard's numbers (the counts, or a parent's children's cards): the principal, a teacher, a
// parent and a student in turn. Prints per role and run, then per role the best and the median:
// the time to the sign-in form, the time from submitting the sign-in to the numbers, the
// JavaScript files and the bytes on the wire of the sign-in page and of the way in; and the
// JavaScript as gzip -9 of its files in dist (what e2e/budget.spec.ts guards) of the sign-in page
// and of the way in. It builds no web app (`npm run build` first), and stops the server and removes
// its data folder whatever happens.
//
// Settings: BENCH_WEB_RUNS (3 per role, after a warm-up run not counted), BENCH_PORT (3364),
// BENCH_WEB_LOGIN (the logins to measure, comma-separated: DEMO-P0001,DEMO-T0001,DEMO-G0001,DEMO-S0001),
// BENCH_WEB_CPU (4), BENCH_WEB_LATENCY_MS (150), BENCH_WEB_DOWN_KBPS (1600), BENCH_WEB_UP_KBPS (750),
// BENCH_WEB_KEY_MS (0: the fields filled at once, as by autofill; else a key every so many ms, as a
// person types), BENCH_WEB_LIST=1 (each role's last run's requests with their times),
// BENCH_WEB_DIST (another build to serve, e.g. a copy of an older dist; two builds, comma-separated,
// are served by the same server in turns, run by run, to compare them in one sitting),
// CHROMIUM_PATH.
/* global window, document, requestAnimationFrame, MutationObserver -- shownAt and the waits run in the page */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { findChromium, root, stopChild } from './lib.mjs';
import { TEST_NOW } from './test-clock.mjs';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS, ensureServerBuilt } from './build-server.mjs';

const num = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};
const RUNS = Math.max(1, num('BENCH_WEB_RUNS', 3));
const PORT = num('BENCH_PORT', 3364);
/** The demo's people measured (docs/demo.md), each with the role its login's letter names. */
const ROLE_OF = { A: 'system admin', P: 'principal', T: 'teacher', G: 'parent', S: 'student' };
const LOGINS = (process.env.BENCH_WEB_LOGIN ?? 'DEMO-P0001,DEMO-T0001,DEMO-G0001,DEMO-S0001')
  .split(',')
  .map((login) => login.trim())
  .filter(Boolean)
  .map((login) => ({ login, role: ROLE_OF[/^DEMO-([A-Z])\d/.exec(login)?.[1]] ?? login }));
const PASSWORD = 'Shala@2024';
const CPU = num('BENCH_WEB_CPU', 4);
const LATENCY_MS = num('BENCH_WEB_LATENCY_MS', 150);
const DOWN_KBPS = num('BENCH_WEB_DOWN_KBPS', 1600);
const UP_KBPS = num('BENCH_WEB_UP_KBPS', 750);
const KEY_MS = num('BENCH_WEB_KEY_MS', 0);
/** The builds served: one, or two to compare run by run (A, B, A, B…). */
const DISTS = (process.env.BENCH_WEB_DIST ?? 'apps/web/dist')
  .split(',')
  .map((dist) => dist.trim())
  .filter(Boolean)
  .map((dist) => path.resolve(root, dist));
if (DISTS.length === 0 || DISTS.length > 2) throw new Error('BENCH_WEB_DIST names one build or two, comma-separated');
const label = (dist) => path.relative(root, dist) || dist;
const BASE = `http://127.0.0.1:${PORT}`;
const APP = `${BASE}/sms_frontend/`;
/** The dashboard's numbers: a parent's children's cards, or the counts of the other roles. */
const NUMBERS = '[data-testid="child-card"], [data-testid^="count-"]';

for (const dist of DISTS) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(`${label(dist)} has no build: run \`npm run build\` first (bench:web measures the build as it is and builds nothing).`);
    process.exit(1);
  }
}
// The server is built when its sources changed (half a second); the web app is measured as built.
ensureServerBuilt();
const executablePath = await findChromium();
if (!executablePath) {
  console.error('No Chromium: install Debian’s package (apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

let server;
let browser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-bench-web-'));
/** What the server serves: a link to the build being measured, switched between runs. */
const served = path.join(dataDir, 'web');
let servedDist = null;
function serve(dist) {
  if (servedDist === dist) return;
  fs.rmSync(served, { force: true });
  fs.symlinkSync(dist, served, 'dir');
  servedDist = dist;
}

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
    WEB_DIST: served,
  };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_BUNDLE], {
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
async function visit(login) {
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

    // The page notes when the form and the numbers are first drawn (the frame after they are in the
    // DOM with a box: shownAt), rather than when the driver's polling next looks.
    await page.addInitScript(shownAt, { form: 'button[type="submit"]', numbers: NUMBERS });
    const t0 = Date.now();
    await page.goto(APP, { waitUntil: 'commit' });
    const submit = page.locator('button[type="submit"]');
    const formAt = await page.waitForFunction(() => window.__shown?.form, null, { timeout: 120_000, polling: 50 }).then((h) => h.jsonValue());
    const formMs = formAt - t0;
    // The page settles (nothing in flight for a second) before the person types: what the sign-in
    // page fetched counts as before the sign-in.
    await quiet(requests);
    // From here on, what the way in costs: the form fetches the signed-in layout once touched
    // (app/loadSignedIn.ts), so its requests count with the dashboard's. The fields are filled at
    // once (as by the browser's autofill), the worst case: a person typing gives it more time
    // (BENCH_WEB_KEY_MS types a key at a time).
    phase = 'dashboard';
    for (const [field, text] of [['username', login], ['current-password', PASSWORD]]) {
      const input = page.locator(`input[autocomplete="${field}"]`);
      if (KEY_MS > 0) await input.pressSequentially(text, { delay: KEY_MS });
      else await input.fill(text);
    }
    const t1 = Date.now();
    await submit.click();
    const numbersAt = await page.waitForFunction(() => window.__shown?.numbers, null, { timeout: 120_000, polling: 50 }).then((h) => h.jsonValue());
    const dashboardMs = numbersAt - t1;
    phase = 'after';
    await quiet(requests);
    // What went out after the numbers were drawn comes after them, whenever the driver noticed.
    for (const r of requests.values()) if (r.phase === 'dashboard' && r.start > numbersAt) r.phase = 'after';

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
      wayInScripts: js('dashboard').map((r) => new URL(r.url).pathname),
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

/**
 * In the page, from its start: the time (Date.now(), the machine's clock as the bench's) of the
 * frame after each selector's first element is in the DOM with a box, as window.__shown[name].
 */
function shownAt(selectors) {
  const shown = (window.__shown = {});
  const check = () => {
    for (const [name, selector] of Object.entries(selectors)) {
      if (shown[name] || shown[`${name}?`]) continue;
      const element = document.querySelector(selector);
      if (!element || element.getBoundingClientRect().height === 0) continue;
      shown[`${name}?`] = true;
      requestAnimationFrame(() => (shown[name] = Date.now()));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
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

/** JavaScript files of the build served: gzip -9 and brotli 11 of each, from dist (each file counted once). */
function jsSize(dist, scripts) {
  let gzip = 0;
  let brotli = 0;
  const files = new Set(scripts);
  for (const pathname of files) {
    const body = fs.readFileSync(path.join(dist, pathname.replace(/^\/sms_frontend\//, '')));
    gzip += zlib.gzipSync(body, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files: files.size, gzipKb: gzip / 1000, brotliKb: brotli / 1000 };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const best = (xs) => Math.min(...xs);
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
const KEYS = ['formMs', 'dashboardMs', 'jsBefore', 'jsToNumbers', 'jsAfter', 'small', 'kbToForm', 'kbToNumbers', 'kbAll'];
const LABEL_WIDTH = Math.max(12, ...LOGINS.map(({ role }) => role.length + 7));
const row = (name, r) => name.padEnd(LABEL_WIDTH) + COLUMNS.map(([, width, value]) => String(value(r)).padStart(width)).join('');

try {
  const started = Date.now();
  serve(DISTS[0]);
  await startServer();
  console.info(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s (PGlite, demo school, ${BASE}, serving ${DISTS.map(label).join(' and ')})`);
  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  // Per build and login, its runs; the builds take turns run by run, so that the machine's load
  // (shared, it moves by the minute) weighs on both alike.
  const runs = new Map(DISTS.map((dist) => [dist, new Map(LOGINS.map(({ login }) => [login, []]))]));
  for (const { login, role } of LOGINS) {
    for (const dist of DISTS) {
      serve(dist);
      await visit(login); // warm-up: the server's first requests for this person (JIT, database caches), not counted
    }
    for (let i = 0; i < RUNS; i++) {
      for (const dist of DISTS) {
        serve(dist);
        runs.get(dist).get(login).push(await visit(login));
      }
    }
    process.stderr.write(`${role} done\n`);
  }

  const cores = os.availableParallelism?.() ?? os.cpus().length;
  console.info(
    `\nShala web bench: a cheap phone (CPU ${CPU}x slower, ${LATENCY_MS} ms latency, ${DOWN_KBPS / 1000} Mbps down, ${UP_KBPS} kbps up),` +
      ` Chromium ${browser.version()}, ${KEY_MS > 0 ? `typed at ${KEY_MS} ms a key` : 'filled at once'}, PGlite, ${cores} cores,` +
      ` load ${os.loadavg()[0].toFixed(1)}, ${RUNS} runs a person after a warm-up`,
  );
  for (const dist of DISTS) {
    console.info(`\n${label(dist)}\n${'run'.padEnd(LABEL_WIDTH)}${COLUMNS.map(([heading, width]) => heading.padStart(width)).join('')}`);
    for (const { login, role } of LOGINS) {
      const mine = runs.get(dist).get(login);
      mine.forEach((r, i) => console.info(row(`${role} ${i + 1}`, r)));
      console.info(row(`${role} median`, Object.fromEntries(KEYS.map((k) => [k, median(mine.map((r) => r[k]))]))));
    }
  }
  console.info(
    [
      '',
      'form ms: from opening the page to the sign-in form; numbers ms: from submitting the sign-in to the',
      "dashboard's numbers (the counts; a parent's children's cards), each to the frame that first draws it.",
      'JavaScript files: JS page, loaded by the sign-in page; JS in, from filling in the form to the numbers;',
      '<2 KB, of these, the files under 2 KB on the wire; later, after the numbers until the network is quiet.',
      'Bytes on the wire (headers included): KB page, the sign-in page; KB in, from filling in the form to the',
      'numbers; KB all, everything.',
    ].join('\n'),
  );
  if (process.env.BENCH_WEB_LIST === '1') {
    for (const dist of DISTS) {
      for (const { login, role } of LOGINS) {
        console.info(`\nRequests of the ${role}'s last run, ${label(dist)} (phase, start and end in ms from the submit, bytes on the wire, encoding, address):\n  ${runs.get(dist).get(login).at(-1).requests.join('\n  ')}`);
      }
    }
  }

  // The summary: per build and person, best and median of the times, and the JavaScript of the
  // sign-in page and of the way in to the numbers as gzip -9 of its files (the budgets' measure).
  console.info(`\nSummary (best / median of ${RUNS}; JavaScript: files, KB gzip -9 of the files in dist, KB brotli 11)`);
  const header = `${'build'.padEnd(14)}${'person'.padEnd(14)}${'form ms'.padStart(13)}${'numbers ms'.padStart(13)}${'JS sign-in page'.padStart(24)}${'JS way in'.padStart(24)}`;
  console.info(header);
  for (const dist of DISTS) {
    for (const { login, role } of LOGINS) {
      const mine = runs.get(dist).get(login);
      const last = mine.at(-1);
      const page = jsSize(dist, last.loginScripts);
      const wayIn = jsSize(dist, last.wayInScripts);
      const js = (s) => `${s.files} ${s.gzipKb.toFixed(1)} (${s.brotliKb.toFixed(1)})`;
      const times = (k) => `${best(mine.map((r) => r[k])).toFixed(0)} / ${median(mine.map((r) => r[k])).toFixed(0)}`;
      console.info(
        `${path.basename(dist).slice(0, 13).padEnd(14)}${role.slice(0, 13).padEnd(14)}${times('formMs').padStart(13)}${times('dashboardMs').padStart(13)}${js(page).padStart(24)}${js(wayIn).padStart(24)}`,
      );
    }
  }
  const encodings = {};
  for (const dist of DISTS) for (const mine of runs.get(dist).values()) for (const [k, v] of Object.entries(mine.at(-1).encodings)) encodings[k] = (encodings[k] ?? 0) + v;
  console.info(`\nJS answers by content-encoding (each person's last run): ${Object.entries(encodings).map(([k, v]) => `${k} ${v}`).join(', ')}`);
} catch (err) {
  console.error(`bench:web failed: ${err instanceof Error ? err.stack : String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
