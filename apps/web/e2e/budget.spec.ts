import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD } from './support';

/**
 * The JavaScript of the way in, gzip -9 of the files in dist, in KB (1 KB = 1,000 bytes as Vite
 * prints it). The margins are small on purpose: a new import on the way in shows here.
 *
 * The login page: 136.7 KB in 5 files (apps/web/chunks.ts: the sign-in page's modules in one chunk
 * beside React's and i18next's). It was 138.7 KB before the route table and the error reasons left
 * it (issue 41), 144–146 KB in 24 files before the chunks were grouped by step, and 151.0 KB before
 * the map of the signed-in screens (signedIn.tsx) moved out of it. What is left is the libraries:
 * React with React DOM 68 KB, React Router 13, i18next 18, Mantine's pieces 24 (docs/performance.md).
 */
const LOGIN_JS_BUDGET_KB = 139;

/**
 * From touching the sign-in form to the dashboard's numbers (the same files for every role): 95.5 KB
 * in 2 files, the signed-in layout with the dashboard (apps/web/chunks.ts) and their texts. It was
 * 234 KB in 4 files before issue 41: the contract's schemas with zod, every text of the language,
 * socket.io's client and the profile menu's positioning now come after the numbers.
 */
const WAY_IN_JS_BUDGET_KB = 98;

const dist = path.resolve('apps/web/dist');

/** The JavaScript files a page asks for, with when (the machine's clock, as the page's Date.now()). */
function scriptsOf(page: Page) {
  const requested: Array<{ file: string; at: number }> = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) requested.push({ file: url.pathname.replace(/^\/sms_frontend\//, ''), at: Date.now() });
  });
  return { between: (from: number, to: number) => new Set(requested.filter((r) => r.at >= from && r.at <= to).map((r) => r.file)) };
}

/**
 * In the page, from its start: when the first element of `selector` is drawn (the frame after it is
 * in the DOM with a box), as window.__shownAt; what the page fetches after it comes after the
 * numbers, whenever the test's polling notices them.
 */
function noteShown(selector: string) {
  const check = () => {
    const element = document.querySelector(selector);
    if (!element || element.getBoundingClientRect().height === 0 || (window as { __seen?: boolean }).__seen) return;
    (window as { __seen?: boolean }).__seen = true;
    requestAnimationFrame(() => ((window as { __shownAt?: number }).__shownAt = Date.now()));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}

/** gzip -9 of the files in dist, in KB, and a line per file. */
function gzipOf(files: Iterable<string>): { kb: number; lines: string[] } {
  let total = 0;
  const lines: string[] = [];
  for (const file of files) {
    const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    total += gz;
    lines.push(`${file} ${(gz / 1000).toFixed(1)}`);
  }
  return { kb: total / 1000, lines: lines.sort() };
}

test(`the login page loads at most ${LOGIN_JS_BUDGET_KB} KB of JavaScript (gzip)`, async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const files = scripts.between(0, Date.now());
  const { kb, lines } = gzipOf(files);
  console.info(`login JS: ${kb.toFixed(1)} KB gzip in ${files.size} files\n  ${lines.join('\n  ')}`);
  expect(kb).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB);
});

// The principal's, a teacher's and a parent's dashboards (issue 41's roles).
for (const role of [113, 114, 115] as const) {
  test(`from the sign-in to the dashboard's numbers, role ${role} loads at most ${WAY_IN_JS_BUDGET_KB} KB of JavaScript (gzip)`, async ({ page }) => {
    // The numbers: the counts, or a parent's children's cards.
    const numbers = '[data-testid="child-card"], [data-testid^="count-"]';
    await page.addInitScript(noteShown, numbers);
    const scripts = scriptsOf(page);
    await page.goto('./');
    await page.waitForLoadState('networkidle');
    // What the form fetches once touched (the layout's code: app/loadSignedIn.ts) counts with the way in.
    const touched = Date.now();
    await page.getByRole('textbox', { name: 'Login ID', exact: true }).fill(ACCOUNTS[role].loginId);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.locator(numbers).first()).toBeVisible();
    const shownAt = await page.waitForFunction(() => (window as { __shownAt?: number }).__shownAt).then((h) => h.jsonValue() as Promise<number>);
    const files = scripts.between(touched, shownAt);
    const { kb, lines } = gzipOf(files);
    console.info(`role ${role}, sign-in to numbers: ${kb.toFixed(1)} KB gzip in ${files.size} files\n  ${lines.join('\n  ')}`);
    expect(kb).toBeLessThanOrEqual(WAY_IN_JS_BUDGET_KB);
  });
}
