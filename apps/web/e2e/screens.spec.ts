import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { WEB_ROUTES, matchWebRoute, type WebRoute } from '@shala/contract';
import { API_BASE } from './servers';
import { ACCOUNTS, BASE, apiAs, countRequests, expectAccessible, expectNoOverflow, networkQuiet, schoolToday, shot, signInAs, tr } from './support';

/**
 * Every screen once, in Hindi on a 375 px phone: each route of the contract (WEB_ROUTES) is opened
 * by the first role of ROLES that may open it, and shows its translated title in the breadcrumb
 * and a heading, no raw translation key, nothing sticking out sideways, and no serious axe finding.
 * A route with an id in its path (a student's details, a class's results) is opened through a link
 * that an earlier screen showed, so the ids are the demo's own (the two that screens reach by a
 * button are named in BY_HAND); one that no screen leads to fails the journey by name. The stories (the other specs) run once each, in one language and width;
 * this sweep is what checks the other language and the phone layout of every screen. It replaces
 * the English-at-1280 px axe sweep (a11y.spec.ts) and the stories' reruns in Hindi and at 375 px:
 * the stories check axe on the screens they pass through in their own language and width.
 */

const ROLES = [113, 112, 111, 114, 115, 116] as const;
type Role = (typeof ROLES)[number];
/** Who opens each route: the first role of ROLES that may. */
const owner = (route: WebRoute): Role => ROLES.find((role) => (route.roles as readonly number[]).includes(role))!;

/** Every translation key of en.json: a screen showing one as text has a missing translation. */
function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}
const KEYS = keysOf(JSON.parse(fs.readFileSync('apps/web/src/i18n/en.json', 'utf8'))).filter((k) => k.includes('.'));

/** Routes a screen reaches by a button, not a link: the path to open, from the signed-in page. */
const BY_HAND: Record<string, (page: Page) => Promise<string>> = {
  // The teacher's day of its class (the dashboard's card opens it by a button): today, a school day.
  '/viewattendance/:date': async () => `/viewattendance/${schoolToday()}`,
  // The system admin's and the principal's own account (the profile's buttons).
  '/editAdmin/:userId': async (page) => `/editAdmin/${await cookie(page, 'UserID')}`,
  '/viewSchooladmindetails/:userId': async (page) => `/viewSchooladmindetails/${await cookie(page, 'UserID')}`,
  '/editadmindetails/:userId': async (page) => `/editadmindetails/${await cookie(page, 'UserID')}`,
  // The student's class's work, by its class (the dashboard's card opens it by a button).
  '/mywork/:assignClassId': async (page) => {
    const sessionId = await page.evaluate(() => sessionStorage.getItem('SessionId'));
    const res = await page.request.get(`${API_BASE}/api/school/studentclass/${await cookie(page, 'UserID')}?sessionId=${sessionId}`, {
      headers: { token: await cookie(page, 'token') },
    });
    const { result } = (await res.json()) as { result: { class: { assignClassId: string } } };
    return `/mywork/${result.class.assignClassId}`;
  },
  // A message's page: the list links it once the school has one (messages.spec.ts writes one on
  // its own server); else one to the principals, by the bell only.
  '/messages/:messageId': async (page) => {
    const res = await page.request.post(`${API_BASE}/api/school/messages`, {
      headers: { token: await cookie(page, 'token') },
      data: { title: 'Staff meeting', body: 'The staff meet in the library at 3 pm.', audience: { kind: 'roles', roles: [112, 113] }, channels: [] },
    });
    const { result } = (await res.json()) as { result: { messageId: string } };
    return `/messages/${result.messageId}`;
  },
  // A message as its recipients read it: the bell of those it went to leads there; the principal
  // (an admin of the school) opens the school's newest (the demo has one).
  '/inbox/:messageId': async (page) => {
    const res = await page.request.get(`${API_BASE}/api/school/messages?page=1&pageSize=1`, { headers: { token: await cookie(page, 'token') } });
    const { result } = (await res.json()) as { result: { items: Array<{ messageId: string }> } };
    return `/inbox/${result.items[0]!.messageId}`;
  },
};

async function cookie(page: Page, name: string): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === name)!.value;
}

/** Links to screens on the page, as app paths (`/viewstudentdetail/…`). */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return hrefs.filter((h) => h.startsWith(`${BASE}/`)).map((h) => h.slice(BASE.length));
}

/**
 * Opens an app path as a link inside the app does (the router follows the address), not by loading
 * the page anew: the sweep is a user going from screen to screen, and each screen is not paid for
 * with a fresh start of the app.
 */
async function open(page: Page, path: string) {
  countRequests(page);
  await page.evaluate((url) => {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `${BASE}${path}`);
  await expect.poll(() => new URL(page.url()).pathname).toBe(`${BASE}${path}`);
}

async function checkScreen(page: Page, route: WebRoute, path: string) {
  const title = tr('hi', route.title);
  await expect(page.getByRole('navigation', { name: tr('hi', 'layout.breadcrumb') }), path).toContainText(title);
  await expect(page.locator('main h1').first(), path).toBeVisible();
  // axe first: it waits for the network to settle, so the texts below are the loaded screen's.
  await expectAccessible(page, `${path} (hi, 375 px)`);
  const raw = await page.evaluate((keys) => {
    const text = document.body.innerText;
    return keys.filter((k) => text.includes(k));
  }, KEYS);
  expect(raw, `raw translation keys on ${path}`).toEqual([]);
  await expectNoOverflow(page);
}

/**
 * Opens every route `role` owns: those without an id, then those reached by links. The principal's
 * are split in two parts: its screens without an id (part 0), and those with one (part 1), whose
 * links come from its list pages opened without the checks, as many as needed.
 */
async function sweep(page: Page, role: Role, part?: 0 | 1) {
  const mine = WEB_ROUTES.filter((r) => owner(r) === role);
  const plain = mine.filter((r) => !r.path.includes(':'));
  const withId = part === 0 ? [] : mine.filter((r) => r.path.includes(':'));
  const seen = new Set<string>();
  const links = new Set<string>();
  const collect = async () => {
    for (const l of await linksOn(page)) links.add(l);
  };
  const visit = async (route: WebRoute, path: string) => {
    await open(page, path);
    await checkScreen(page, route, path);
    seen.add(route.path);
    await collect();
  };
  const linked = (route: WebRoute) => [...links].find((l) => matchWebRoute(l)?.path === route.path);
  for (const route of plain) {
    if (part !== 1) {
      await visit(route, route.path);
    } else if (withId.some((r) => !linked(r))) {
      await open(page, route.path);
      // This screen's, not the last one's (the router keeps the last screen while this one's code
      // comes): its title in the breadcrumb, then its lists loaded.
      await expect(page.getByRole('navigation', { name: tr('hi', 'layout.breadcrumb') }), route.path).toContainText(tr('hi', route.title));
      await expect(page.locator('main h1').first(), route.path).toBeVisible();
      await networkQuiet(page);
      await expect(page.locator('main [aria-busy="true"]'), route.path).toHaveCount(0);
      await collect();
    }
  }
  // Routes with ids, through the links shown so far (details pages lead to their edit pages).
  for (let round = 0; round < 3; round++) {
    for (const route of withId.filter((r) => !seen.has(r.path))) {
      const link = linked(route);
      if (link) await visit(route, link);
      else if (round === 2 && BY_HAND[route.path]) await visit(route, await BY_HAND[route.path]!(page));
    }
  }
  const expected = part === 1 ? withId : part === 0 ? plain : mine;
  expect(expected.filter((r) => !seen.has(r.path)).map((r) => r.path), `screens of role ${role} not opened`).toEqual([]);
}

test.describe('every screen in Hindi at 375 px', () => {
  // The groups share nothing: they spread over the workers.
  test.describe.configure({ mode: 'parallel' });
  test.use({ viewport: { width: 375, height: 740 } });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'hi'));
  });

  test('the public pages', async ({ page }) => {
    await page.goto('./');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoOverflow(page);
    await expectAccessible(page, 'login (hi, 375 px)');
    await shot(page, 'login-hi-375');
    await page.goto('frgtpass');
    await expectAccessible(page, 'forgot (hi, 375 px)');
    await page.locator('input[autocomplete="username"]').fill(ACCOUNTS[116].loginId);
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => new URL(page.url()).pathname).toContain('/otp');
    await expectNoOverflow(page);
    await expectAccessible(page, 'otp (hi, 375 px)');
    // A certificate's verification page (its QR code; no screen links it): one of the demo's, signed out.
    const api = await apiAs(113);
    const { items } = await api.call<{ items: Array<{ verifyPath: string }> }>('GET', '/api/school/certificates?pageSize=1');
    await api.dispose();
    await page.goto(`.${items[0]!.verifyPath}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('hi', 'certificates.verify.title'));
    await expect(page.getByTestId('verify-state')).toBeVisible();
    await expectNoOverflow(page);
    await expectAccessible(page, 'verify (hi, 375 px)');
    await shot(page, 'verify-hi-375');
  });

  // The principal's many screens in two parts, the others by role.
  for (const part of [0, 1] as const) {
    test(`the principal's screens, ${part === 0 ? 'without' : 'with'} an id`, async ({ page }) => {
      test.setTimeout(600_000);
      await signInAs(page, 113);
      await sweep(page, 113, part);
    });
  }
  for (const group of [[112, 111], [114, 115, 116]] as const) {
    test(`the screens of roles ${group.join(', ')}`, async ({ page }) => {
      test.setTimeout(600_000);
      for (const role of group) {
        await page.context().clearCookies();
        await signInAs(page, role);
        await sweep(page, role);
      }
    });
  }
});
