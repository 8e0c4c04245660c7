import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { chooseLanguage, expectAccessible, expectNoOverflow, expectPath, shot, signIn, signInAs, tr, type Lang } from './support';
import { API_BASE } from './servers';

/**
 * Children's data rights: a parent and child of this run's own (added by the principal through the
 * API) — the parent gives consent in English at 1280 px; the principal, in Hindi on a phone, finds
 * the child consented on the data screen, downloads its data and reads the audit log, where the
 * consent and the export are recorded. Each screen is looked at in both languages.
 *
 * What stays: the run's parent and student (active), the consent and the audit entries.
 */
let ctx: APIRequestContext;
let token: string;
test.beforeAll(async () => {
  ctx = await request.newContext({ baseURL: API_BASE });
  const res = await ctx.post('/api/signin', { data: { loginId: 'DEMO-P0001', password: 'Shala@2024' } });
  token = ((await res.json()) as { result: { token: string } }).result.token;
});
test.afterAll(async () => {
  await ctx.dispose();
});

async function post<T>(path: string, data: unknown): Promise<T> {
  const res = await ctx.post(path, { headers: { token }, data });
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

type Created = { loginId: string; password: string; person: { userId: string; fullName: string } };

async function context(browser: Browser, lang: Lang, width: number): Promise<Page> {
  const c = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 } });
  const page = await c.newPage();
  if (lang === 'hi') {
    await page.goto('./');
    await chooseLanguage(page, 'हिन्दी');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  }
  return page;
}

test('a parent gives consent; the principal sees it, exports the student and reads the audit log', async ({ browser }) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  const parent = await post<Created>('/api/school/parent', { firstName: 'Kavita', lastName: `Rao ${run}`, contact: '9876501234' });
  const child = await post<Created>('/api/school/student', { firstName: 'Anaya', lastName: `Rao ${run}`, gender: 'female', parentId: parent.person.userId });
  const childName = child.person.fullName;

  // The parent, in English at 1280 px: its own menu leads to the consent screen.
  const pp = await context(browser, 'en', 1280);
  await signIn(pp, parent.loginId, parent.password);
  await expectPath(pp, '/parentdashboard');
  await pp.getByRole('link', { name: tr('en', 'routes.childconsent') }).first().click();
  await expectPath(pp, '/childconsent');
  await expect(pp.getByRole('heading', { name: tr('en', 'privacy.consent.for', { name: childName }) })).toBeVisible();
  await pp.getByLabel(tr('en', 'privacy.consent.photos')).check();
  await pp.getByRole('button', { name: tr('en', 'privacy.consent.give') }).click();
  await expect(pp.getByText(tr('en', 'privacy.consent.saved', { name: childName }))).toBeVisible();
  await expect(pp.getByTestId('consent-current')).toContainText(parent.person.fullName);
  await expect(pp.getByRole('list', { name: tr('en', 'privacy.consent.history') })).toContainText(tr('en', 'privacy.state.given'));
  await expectNoOverflow(pp);
  await expectAccessible(pp, 'consent en 1280');
  await shot(pp, 'privacy-consent-en-1280');
  await pp.setViewportSize({ width: 375, height: 800 });
  await expectNoOverflow(pp);
  await shot(pp, 'privacy-consent-en-375');

  // The principal, in Hindi on a phone: the child is consented on the data screen.
  const p = await context(browser, 'hi', 375);
  await signInAs(p, 113);
  await p.goto(`dataprivacy?q=${encodeURIComponent(childName)}`);
  await expect(p.getByRole('heading', { name: tr('hi', 'routes.dataprivacy') })).toBeVisible();
  const card = p.getByText(childName, { exact: true }).filter({ visible: true }).first();
  await expect(card).toBeVisible();
  await expect(p.getByText(tr('hi', 'privacy.state.given'), { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expect(p.getByTestId('consent-counts')).toContainText(tr('hi', 'privacy.count.given'));
  await expectNoOverflow(p);
  await expectAccessible(p, 'data privacy hi 375');
  await shot(p, 'privacy-data-hi-375');

  // It downloads the student's data (JSON): the bundle names the child and its consent.
  const download = p.waitForEvent('download');
  await p.getByRole('button', { name: tr('hi', 'privacy.export.jsonNamed', { name: childName }) }).click();
  const file = await download;
  const bundle = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')) as { profile: { fullName: string }; consent: { items: { action: string }[] }; parents: unknown[] };
  expect(bundle.profile.fullName).toBe(childName);
  expect(bundle.consent.items.map((c) => c.action)).toEqual(['given']);
  expect(bundle.parents).toHaveLength(1);

  // The audit log of the child: the consent and the export, newest first.
  await p.getByRole('link', { name: tr('hi', 'privacy.report.auditTrailNamed', { name: childName }) }).click();
  await expectPath(p, '/auditlog');
  await expect(p.getByTestId('audit-student')).toContainText(childName);
  await expect(p.getByText(tr('hi', 'privacy.action.export'), { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expect(p.getByText(tr('hi', 'privacy.action.consent_given'), { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expectNoOverflow(p);
  await expectAccessible(p, 'audit hi 375');
  await shot(p, 'privacy-audit-hi-375');

  // The same screens in English at 1280 px and the parent's in Hindi, looked at.
  await p.setViewportSize({ width: 1280, height: 900 });
  await expectNoOverflow(p);
  await shot(p, 'privacy-audit-hi-1280');
  await p.goto(`dataprivacy?q=${encodeURIComponent(childName)}`);
  await expect(p.getByText(childName, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expectNoOverflow(p);
  await shot(p, 'privacy-data-hi-1280');

  // The principal's screens in English at 1280 px, the parent's in Hindi on a phone.
  const e = await context(browser, 'en', 1280);
  await signInAs(e, 113);
  await e.goto(`dataprivacy?q=${encodeURIComponent(childName)}`);
  await expect(e.getByText(childName, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expectNoOverflow(e);
  await shot(e, 'privacy-data-en-1280');
  await e.goto('auditlog');
  await expect(e.getByText(childName, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expectNoOverflow(e);
  await shot(e, 'privacy-audit-en-1280');
  const h = await context(browser, 'hi', 375);
  await h.locator('input[autocomplete="username"]').fill(parent.loginId);
  await h.locator('input[autocomplete="current-password"]').fill(parent.password);
  await h.locator('button[type="submit"]').click();
  await expectPath(h, '/parentdashboard');
  await h.goto('childconsent');
  await expect(h.getByRole('heading', { name: tr('hi', 'privacy.consent.for', { name: childName }) })).toBeVisible({ timeout: 30_000 });
  await expectNoOverflow(h);
  await shot(h, 'privacy-consent-hi-375');
});
