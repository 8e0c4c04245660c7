import fs from 'node:fs';
import path from 'node:path';
import { expect, request, type Browser, type Locator, type Page, type Request } from '@playwright/test';
import { TEST_NOW } from '../../../scripts/test-clock.mjs';
import { API_BASE, SERVER } from './servers';

export const PASSWORD = 'Shala@2024';
export const ACCOUNTS = {
  111: { loginId: 'owner', landing: '/dashboard' },
  112: { loginId: 'DEMO-A0001', landing: '/systemadmin' },
  113: { loginId: 'DEMO-P0001', landing: '/schooladmin' },
  114: { loginId: 'DEMO-T0001', landing: '/teacherdashboard' },
  115: { loginId: 'DEMO-G0001', landing: '/parentdashboard' },
  116: { loginId: 'DEMO-S0001', landing: '/studentdashboard' },
} as const;

const loadedAt = Date.now();
/** The school's clock as the journeys' servers run it (SHALA_NOW, from TEST_NOW), for dates the journeys compute. */
export const schoolNow = () => new Date(Date.parse(TEST_NOW) + (Date.now() - loadedAt));
/** A calendar day (`YYYY-MM-DD`) plus `days`. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The school's today (India), `YYYY-MM-DD`, plus `days`. */
export function schoolToday(days = 0): string {
  return addDays(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(schoolNow()), days);
}

export const BASE = '/sms_frontend';
/** This worker's server's data folder (its outbox). */
export const dataDir = SERVER.dataDir;
const shotsDir = path.resolve('test-results/screens');

export async function signIn(page: Page, loginId: string, password = PASSWORD) {
  await page.goto('./');
  await page.getByRole('textbox', { name: 'Login ID', exact: true }).fill(loginId);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Signs in as `role` without the form (the form has journeys of its own in journeys.spec.ts): the
 * sign-in API's answer is stored as the form stores it (the cookies token, UserID, role and
 * schoolId, and the school's name), then the role's landing page opens.
 */
export async function signInAs(page: Page, role: keyof typeof ACCOUNTS) {
  await signInWith(page, ACCOUNTS[role].loginId, ACCOUNTS[role].landing);
}

/** `signInAs` for an account a journey made (with the published password), landing on `landing`. */
export async function signInWith(page: Page, loginId: string, landing: string, apiBase = API_BASE) {
  const res = await page.request.post(`${apiBase}/api/signin`, { data: { loginId, password: PASSWORD } });
  expect(res.status(), `sign-in of ${loginId}`).toBe(200);
  const { result } = (await res.json()) as { result: { token: string; userId: string; roleId: number; schoolId?: string | null; schoolName?: string | null; expiresAt: string } };
  // The expiry is by the server's clock (a fixed day in tests); the browser reads cookies by its own.
  const expires = Math.floor((Date.now() + Date.parse(result.expiresAt) - Date.parse(res.headers()['date']!)) / 1000);
  const stored: [string, string][] = [['token', result.token], ['UserID', result.userId], ['role', String(result.roleId)]];
  if (result.schoolId) stored.push(['schoolId', result.schoolId]);
  await page.context().addCookies(stored.map(([name, value]) => ({ name, value: encodeURIComponent(value), url: apiBase, sameSite: 'Strict' as const, expires })));
  await page.addInitScript((name) => {
    if (name) localStorage.setItem('schoolName', name);
    else localStorage.removeItem('schoolName');
  }, result.schoolName ?? '');
  await page.goto(`.${landing}`);
  await expectPath(page, landing);
}

/** Nothing sticks out sideways (a phone-width page wraps or turns rows into cards). */
export async function expectNoOverflow(page: Page) {
  const measure = () =>
    page.evaluate(() => {
      const max = window.innerWidth;
      // What sticks out, named, so a failure says where to look.
      const culprits = [...document.body.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > max + 1)
        .slice(-5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)})`);
      return { width: document.documentElement.scrollWidth, culprits };
    });
  // Measured once the layout has settled (right after a resize, widgets still re-measure).
  let last = await measure();
  await expect
    .poll(async () => (last = await measure()).width, { message: `sticks out: ${last.culprits.join(', ')}`, timeout: 3000 })
    .toBeLessThanOrEqual(page.viewportSize()!.width);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname.replace(BASE, '') || '/';
}

export async function expectPath(page: Page, p: string) {
  await expect.poll(() => pathOf(page)).toBe(p);
}

/**
 * Saves a full-page screenshot for a person to look at (test-results/screens), once the page has
 * settled. In CI, where no one looks, it does nothing (E2E_SHOTS=1 saves them there too): a
 * journey waits for what it checks next, never for a screenshot.
 */
const SAVE_SHOTS = !process.env.CI || process.env.E2E_SHOTS === '1';
export async function shot(page: Page, name: string) {
  if (!SAVE_SHOTS) return;
  await page.waitForLoadState('networkidle');
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/**
 * Types a day (YYYY-MM-DD) into a date field (components/DateField, which shows it in the page's
 * language: 26 Nov 2026 / 26 नव॰ 2026) and leaves the field, closing its calendar.
 */
export async function fillDate(field: Locator, day: string) {
  await field.fill(day);
  await field.blur();
}

export async function chooseLanguage(page: Page, label: 'English' | 'हिन्दी') {
  await page.getByRole('combobox', { name: /Language|भाषा/ }).selectOption({ label });
}

/** A page of a new browser context at `width` px (800 px high on a phone, 900 on a desktop), in `lang` (Hindi chosen on the sign-in page). */
export async function pageIn(browser: Browser, lang: 'en' | 'hi', width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 } });
  const page = await context.newPage();
  if (lang === 'hi') {
    await page.goto('./');
    await chooseLanguage(page, 'हिन्दी');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  }
  return page;
}

/** A browser of its own at `width` px, in Hindi when asked, signed in as `role` on its landing page. */
export async function signedInAt(browser: Browser, role: keyof typeof ACCOUNTS, lang: 'en' | 'hi', width: number) {
  const page = await pageIn(browser, lang, width);
  await signInAs(page, role);
  return { context: page.context(), page };
}

/**
 * The API beside the browser, signed in as `role`: `call(method, path, data?)` answers the
 * envelope's result and expects a 200; `dispose()` when done.
 */
export async function apiAs(role: keyof typeof ACCOUNTS) {
  const ctx = await request.newContext({ baseURL: API_BASE });
  const res = await ctx.post('/api/signin', { data: { loginId: ACCOUNTS[role].loginId, password: PASSWORD } });
  const token = ((await res.json()) as { result: { token: string } }).result.token;
  return {
    async call<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> {
      const answer = await ctx.fetch(path, { method, headers: { token }, data });
      expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBe(200);
      return ((await answer.json()) as { result: T }).result;
    },
    dispose: () => ctx.dispose(),
  };
}

/** Newest outbox mail that mentions the address, waiting for it to arrive. */
export async function mailTo(address: string, after: number): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  let found: string | null = null;
  await expect
    .poll(() => {
      if (!fs.existsSync(dir)) return null;
      const files = fs
        .readdirSync(dir)
        .map((f) => path.join(dir, f))
        .filter((f) => fs.statSync(f).mtimeMs >= after)
        .sort();
      for (const f of files.reverse()) {
        const text = fs.readFileSync(f, 'utf8');
        if (text.includes(address)) return (found = text);
      }
      return null;
    })
    .not.toBeNull();
  return found!;
}

const axeSource = fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page (WCAG 2 A/AA and best practices) and fails on any violation of impact
 * serious or critical, and on any `color-contrast` node, naming the rule and the elements.
 */
const inFlight = new WeakMap<Page, Set<Request>>();
/** Starts counting `page`'s requests in flight (the realtime socket's long poll aside), for networkQuiet. */
export function countRequests(page: Page) {
  if (inFlight.has(page)) return;
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (r) => {
    if (!r.url().includes('/socket.io/')) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until no request of `page` has been in flight for `quietMs`: after a move inside the app
 * (no page load, so no load state to wait for), the screen's chunk and data have arrived.
 */
export async function networkQuiet(page: Page, quietMs = 400) {
  const open = inFlight.get(page);
  if (!open) throw new Error('networkQuiet needs countRequests(page) first');
  const deadline = Date.now() + 20_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (open.size) quietSince = Date.now();
    if (Date.now() > deadline) throw new Error(`requests still in flight: ${[...open].map((r) => r.url()).join(', ')}`);
    await page.waitForTimeout(50);
  }
}

export async function expectAccessible(page: Page, where: string) {
  // A page whose requests are counted (countRequests) waits until none is in flight: after a move
  // inside the app there is no load to wait for, and a frame that hands a PDF to the browser (the fee
  // counter's print) holds the load state's network idle for a minute. Else the load's network idle.
  if (inFlight.has(page)) await networkQuiet(page);
  else await page.waitForLoadState('networkidle');
  // Let transitions (toasts, modals) settle so colours are final: none running but endless ones
  // (a loader's spin), rather than a fixed pause.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, { timeout: 5_000 });
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the browser's protocol rather than a <script> tag, which the app's
  // Content-Security-Policy (script-src 'self') rightly refuses.
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  const failing = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'color-contrast');
  const report = failing
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('\n')}`)
    .join('\n');
  expect.soft(failing, `axe on ${where}:\n${report}`).toEqual([]);
}

export type Lang = 'en' | 'hi';
const I18N: Record<Lang, Record<string, unknown>> = {
  en: JSON.parse(fs.readFileSync('apps/web/src/i18n/en.json', 'utf8')),
  hi: JSON.parse(fs.readFileSync('apps/web/src/i18n/hi.json', 'utf8')),
};

/** The reader's text of a key (from en.json / hi.json), with its {{params}}; one not given is ''. */
export function tr(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  return fill(lang, key, params, '');
}

function fill(lang: Lang, key: string, params: Record<string, string | number>, missing: string): string {
  const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], I18N[lang]);
  if (typeof text !== 'string') throw new Error(`no text ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? missing));
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A key's text as a whole-line pattern, each {{param}} matching any text. */
export const pattern = (lang: Lang, key: string): RegExp =>
  new RegExp(`^${fill(lang, key, {}, '\u0000').split('\u0000').map(escapeRegExp).join('.+')}$`);
