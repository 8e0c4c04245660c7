// Helpers shared by the npm scripts: keep the web build fresh, find a Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist/index.html');
const webInputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/i18n-core.ts', 'apps/web/chunks.ts', 'apps/web/precompress.ts', 'packages/contract/src'];

/** The newest modification time (ms) of a file, or of any file under a folder, relative to the root. */
export function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newest(path.join(p, name))));
}

/** Builds the web app when it is missing or older than its sources. */
export function ensureWebBuilt() {
  const built = fs.existsSync(webDist) ? fs.statSync(webDist).mtimeMs : 0;
  if (built && Math.max(...webInputs.map(newest)) <= built) return;
  console.log(built ? 'Web sources changed: building the web app…' : 'Building the web app (first run)…');
  const res = spawnSync('npm', ['run', 'build', '-w', '@shala/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

/**
 * Chromium for the browser tests: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own
 * download (fetched once when none is there and the download can be reached).
 */
export async function findChromium({ install = false } = {}) {
  // Debian's headless shell first (package chromium-headless-shell): the old headless mode, without
  // the full browser's window and toolbar, which cost a third of the journeys' time (a journey
  // opens a browser context per person); then the full browser.
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  const { chromium } = await import('playwright-core');
  const own = chromium.executablePath();
  if (own && fs.existsSync(own)) return own;
  if (install) {
    console.log('No Chromium found: fetching Playwright’s (set CHROMIUM_PATH or install Debian’s chromium to skip).');
    const res = spawnSync('npx', ['playwright', 'install', 'chromium'], { cwd: root, stdio: 'inherit' });
    if (res.status === 0 && fs.existsSync(chromium.executablePath())) return chromium.executablePath();
  }
  return null;
}

/** Stops a child server: SIGTERM, then SIGKILL after 10 s; resolves once it has exited. */
export async function stopChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
