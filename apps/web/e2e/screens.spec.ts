import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { WEB_ROUTES, matchWebRoute, type WebRoute } from '@shala/contract';
import { ACCOUNTS, BASE, expectAccessible, expectNoOverflow, shot, signInAs, tr } from './support';

/**
 * Every screen once, in Hindi on a 375 px phone: each route of the contract (WEB_ROUTES) is opened
 * by the first role of ROLES that may open it, and shows its translated title in the breadcrumb
 * and a heading, no raw translation key, nothing sticking out sideways, and no serious axe finding.
 * A route with an id in its path (a student's details, a class's results) is opened through a link
 * that an earlier screen showed, so the ids are the demo's own; one that no screen links to fails
 * the journey by name. The stories (the other specs) run once each, in one language and width;
 * this sweep is what checks the other language and the phone layout of every screen.
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

/** Links to screens on the page, as app paths (`/viewstudentdetail/…`). */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return hrefs.filter((h) => h.startsWith(`${BASE}/`)).map((h) => h.slice(BASE.length));
}

async function checkScreen(page: Page, route: WebRoute, path: string) {
  const title = tr('hi', route.title);
  await expect(page.getByRole('navigation', { name: tr('hi', 'layout.breadcrumb') }), path).toContainText(title);
  await expect(page.locator('main h1').first(), path).toBeVisible();
  await page.waitForLoadState('networkidle');
  const raw = await page.evaluate((keys) => {
    const text = document.body.innerText;
    return keys.filter((k) => text.includes(k));
  }, KEYS);
  expect(raw, `raw translation keys on ${path}`).toEqual([]);
  await expectNoOverflow(page);
  await expectAccessible(page, `${path} (hi, 375 px)`);
}

/** Opens every route `role` owns, the ones without an id first, then those reached by links. */
async function sweep(page: Page, role: Role) {
  const mine = WEB_ROUTES.filter((r) => owner(r) === role);
  const seen = new Set<string>();
  const links = new Set<string>();
  const visit = async (route: WebRoute, path: string) => {
    await page.goto(`.${path}`);
    await checkScreen(page, route, path);
    seen.add(route.path);
    for (const l of await linksOn(page)) links.add(l);
  };
  for (const route of mine.filter((r) => !r.path.includes(':'))) await visit(route, route.path);
  // Routes with ids, through the links shown so far (details pages lead to their edit pages).
  for (let round = 0; round < 3; round++) {
    for (const route of mine.filter((r) => r.path.includes(':') && !seen.has(r.path))) {
      const link = [...links].find((l) => matchWebRoute(l)?.path === route.path);
      if (link) await visit(route, link);
    }
  }
  expect(mine.filter((r) => !seen.has(r.path)).map((r) => r.path), `screens of role ${role} no link led to`).toEqual([]);
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
  });

  for (const group of [[113], [112, 111], [114, 115, 116]] as const) {
    test(`the screens of roles ${group.join(', ')}`, async ({ page }) => {
      test.setTimeout(300_000);
      for (const role of group) {
        await page.context().clearCookies();
        await signInAs(page, role);
        await sweep(page, role);
      }
    });
  }
});
