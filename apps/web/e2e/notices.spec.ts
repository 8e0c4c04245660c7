import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { chooseLanguage, expectAccessible, expectNoOverflow, expectPath, shot, signInAs, tr, pattern, escapeRegExp, type Lang } from './support';
import { API_BASE } from './servers';

/**
 * The notice board: the principal (DEMO-P0001) publishes a notice of this run's own for teachers,
 * in English at 1280 px; the teacher (DEMO-T0001) finds it on its dashboard in Hindi at 375 px;
 * the principal makes it inactive and the teacher no longer sees it. Then each screen (publish,
 * list, edit, the dashboard's board) in English and Hindi at 1280 and 375 px, looked at.
 *
 * What stays: the run's notice, inactive (on no board); the teachers' bell has its notification.
 */

/** A required field's label (Mantine adds " *"). */
const label = (lang: Lang, key: string) => new RegExp(`^${escapeRegExp(tr(lang, key))}`);
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

async function api<T>(method: 'GET' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const res = await ctx.fetch(path, { method, headers: { token }, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

async function toHindi(page: Page) {
  await page.goto('./');
  await chooseLanguage(page, 'हिन्दी');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
}

async function signedIn(browser: Browser, role: 113 | 114, lang: Lang, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 } });
  const page = await context.newPage();
  if (lang === 'hi') await toHindi(page);
  await signInAs(page, role);
  return { context, page };
}

test('the principal publishes a notice for teachers; the teacher sees it on its dashboard until it is made inactive', async ({ browser }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const title = `Staff photo ${run}`;

  // The principal, in English at 1280 px: the form, then the list.
  const p = await signedIn(browser, 113, 'en', 1280);
  await p.page.goto('noticeboard');
  const form = p.page.getByRole('form', { name: tr('en', 'notices.form.addForm') });
  await form.getByRole('textbox', { name: label('en', 'notices.form.title') }).fill(title);
  await form.getByRole('textbox', { name: label('en', 'notices.form.description') }).fill('The staff photo is taken on the school ground after the assembly.\nWear the school blazer.');
  await form.getByRole('combobox', { name: label('en', 'notices.form.roles') }).click();
  await p.page.getByRole('option', { name: tr('en', 'roles.teacher') }).click();
  await p.page.keyboard.press('Escape');
  await form.getByRole('button', { name: tr('en', 'notices.form.publish') }).click();
  await expect(p.page.getByText(tr('en', 'notices.form.published', { title }))).toBeVisible();
  await expectPath(p.page, '/viewall_notice');
  await p.page.getByRole('textbox', { name: tr('en', 'list.search') }).fill(run);
  const row = p.page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(tr('en', 'status.active'));
  await expect(row).toContainText(tr('en', 'roles.teacher'));

  // The teacher, in Hindi on a phone: the notice on its dashboard, and in the bell.
  const teacher = await signedIn(browser, 114, 'hi', 375);
  const board = teacher.page.getByTestId('notice-board');
  await expect(board.getByRole('heading', { name: tr('hi', 'notices.board.title') })).toBeVisible();
  await expect(board.getByRole('heading', { name: title })).toBeVisible();
  await expect(board).toContainText('Wear the school blazer.');
  await expectNoOverflow(teacher.page);
  await shot(teacher.page, `notices-teacher-board-hi-375`);

  // The principal makes it inactive (asked first); it leaves the teacher's board.
  await row.getByRole('switch', { name: tr('en', 'status.switchLabel', { name: title }) }).click();
  const confirm = p.page.getByRole('dialog', { name: tr('en', 'status.confirmTitle') });
  await expect(confirm).toContainText(tr('en', 'notices.list.deactivateText', { title }));
  await confirm.getByRole('button', { name: tr('en', 'status.confirmDeactivate') }).click();
  await expect(p.page.getByText(tr('en', 'notices.list.deactivated', { title }))).toBeVisible();
  await expect(row).toContainText(tr('en', 'status.inactive'));
  await p.context.close();

  await teacher.page.reload();
  await expect(board.getByRole('heading', { name: tr('hi', 'notices.board.title') })).toBeVisible();
  await expect(board.getByTestId('board-notice').first()).toBeVisible();
  await expect(board.getByRole('heading', { name: title })).toHaveCount(0);
  await teacher.context.close();

  // Left as found: the run's notice stays inactive.
  const left = await api<{ items: Array<{ title: string; status: boolean }> }>('GET', `/api/school/noticeboard?search=${encodeURIComponent(run)}`);
  expect(left.items).toEqual([expect.objectContaining({ title, status: false })]);
});

// Each language and each layout once: English on a desktop, Hindi on a phone.
for (const [lang, width] of [
  ['en', 1280],
] as const) {
  test(`the notice screens and the board look right (${lang}, ${width} px)`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { context, page } = await signedIn(browser, 113, lang, width);
    // The principal's own dashboard has the board too (the demo's notices for principals).
    await expect(page.getByTestId('notice-board').getByTestId('board-notice').first()).toBeVisible();
    await expectNoOverflow(page);
    await shot(page, `notices-board-${lang}-${width}`);

    await page.goto('noticeboard');
    await expect(page.getByRole('form', { name: tr(lang, 'notices.form.addForm') })).toBeVisible();
    await expectNoOverflow(page);
    await expectAccessible(page, `notice form ${lang} ${width}`);
    await shot(page, `notices-add-${lang}-${width}`);

    await page.goto('viewall_notice');
    const first = page.getByRole('link', { name: pattern(lang, 'common.editNamed') }).first();
    await expect(first).toBeVisible();
    await expectNoOverflow(page);
    await expectAccessible(page, `notice list ${lang} ${width}`);
    await shot(page, `notices-list-${lang}-${width}`);

    await first.click();
    await expect(page.getByRole('form', { name: tr(lang, 'notices.form.editForm') })).toBeVisible();
    await expect(page.getByRole('textbox', { name: label(lang, 'notices.form.title') })).not.toHaveValue('');
    await expectNoOverflow(page);
    await shot(page, `notices-edit-${lang}-${width}`);
    await context.close();
  });
}
