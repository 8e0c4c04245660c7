import fs from 'node:fs';
import { expect, request, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { chooseLanguage, expectNoOverflow, shot, signInAs, tr, pattern, escapeRegExp, type Lang } from './support';
import { API_BASE } from './servers';

/**
 * The whole fee story, once in English at 1280 px and once in Hindi at 375 px: the principal adds a
 * fee type and sets a class's fee, makes a fee record with that type for a new student of class
 * 4-B, splits it into 4 instalments, marks the first paid and downloads its receipt; the student's
 * parent signs in and sees the paid instalment with its receipt number, and downloads the receipt.
 *
 * Set-up through the API: a parent and its child of this run's own (names with the run's time, so
 * runs on the same data repeat), the child put into 4-B. What stays: that family with its record
 * and payment, a fee type of this run's own (switched off at the end); 4-B's class fee is put back.
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

async function api<T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const res = await ctx.fetch(path, { method, headers: { token }, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

type Fee = { academic: number; convenience: number; development: number; tuition: number; other: number; taxBp: number; total: number };

/** Class 4-B with its fee now, and a new parent with a child in that class. */
async function scene(lang: Lang) {
  const sessions = await api<Array<{ sessionId: string; isCurrent: boolean }>>('GET', '/api/school/session');
  const sessionId = sessions.find((s) => s.isCurrent)!.sessionId;
  const classes = await api<{ items: Array<{ assignClassId: string; masterClass: string; section: string }> }>('GET', `/api/school/getallassignclass/${sessionId}?pageSize=100`);
  const { assignClassId } = classes.items.find((c) => c.masterClass === '4' && c.section === 'B')!;
  const fee = await api<Fee | null>('GET', `/api/fee/${assignClassId}`);
  const run = `${lang === 'en' ? 'Feestory' : 'Shulkkatha'}${Date.now().toString(36)}`;
  const parent = await api<{ person: { userId: string }; loginId: string; password: string }>('POST', '/api/school/parent', { firstName: 'Anita', lastName: run });
  const child = await api<{ person: { userId: string } }>('POST', '/api/school/student', { firstName: 'Rohan', lastName: run, parentId: parent.person.userId });
  await api('POST', '/api/school/assignstudentclass', { assignClassId, studentIds: [child.person.userId] });
  return { assignClassId, fee, run, parent, childName: `Rohan ${run}`, childId: child.person.userId };
}

/** Types into a money input (whatever it held) and leaves it. */
async function typeMoney(input: Locator, value: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(value);
  await input.blur();
}

async function toHindi(page: Page) {
  await page.goto('./');
  await chooseLanguage(page, 'हिन्दी');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
}

/** Downloads a receipt from a button and checks it is the PDF of that receipt number. */
async function downloadReceipt(page: Page, button: Locator, receiptNo: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`receipt-${receiptNo}.pdf`);
  const body = fs.readFileSync((await download.path())!);
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
}

async function story(browser: Browser, lang: Lang, width: number) {
  const s = await scene(lang);
  const viewport = { width, height: width < 600 ? 800 : 900 };
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  if (lang === 'hi') await toHindi(page);
  await signInAs(page, 113);

  // A fee type of this run's own: a bus fee of ₹1,200.
  const typeName = `${lang === 'en' ? 'Bus' : 'बस'} ${s.run}`;
  await page.goto('AddFeetype');
  await page.getByRole('button', { name: tr(lang, 'fees.setup.types.add') }).click();
  const dialog = page.getByRole('dialog', { name: tr(lang, 'fees.setup.types.add') });
  await dialog.getByRole('textbox', { name: new RegExp(`^${tr(lang, 'fees.setup.types.name')}`) }).fill(typeName);
  await typeMoney(dialog.getByRole('textbox', { name: new RegExp(`^${tr(lang, 'fees.setup.types.amountLabel')}`) }), '1200');
  await dialog.getByRole('button', { name: tr(lang, 'fees.setup.types.addSubmit') }).click();
  await expect(page.getByText(tr(lang, 'fees.setup.types.added', { name: typeName, value: '₹1,200.00' }))).toBeVisible();

  // 4-B's class fee: tuition ₹24,000, no other part, no tax.
  await page.goto(`AddClassFee?assignClassId=${s.assignClassId}`);
  // The saved fee (or its absence) first: typing starts on the values loaded.
  await expect(page.getByText(pattern(lang, 'fees.setup.classFee.current')).or(page.getByText(tr(lang, 'fees.setup.classFee.notSetYet')))).toBeVisible();
  for (const part of ['academic', 'convenience', 'development', 'other'] as const) {
    await typeMoney(page.getByRole('textbox', { name: tr(lang, `fees.common.parts.${part}`) }), '0');
  }
  await typeMoney(page.getByRole('textbox', { name: tr(lang, 'fees.common.parts.tuition') }), '24000');
  await typeMoney(page.getByRole('textbox', { name: new RegExp(`^${tr(lang, 'fees.common.parts.tax')}`) }), '0');
  await expect(page.getByTestId('live-total')).toHaveText('₹24,000.00');
  await page.getByRole('button', { name: tr(lang, 'fees.setup.classFee.save') }).click();
  await expect(page.getByText(/₹24,000\.00/).first()).toBeVisible();

  // The child's fee record: the class fee and the bus fee, ₹25,200.
  await page.goto(`addfeerecord?class=${s.assignClassId}`);
  const list = page.getByRole(width > 600 ? 'table' : 'list', { name: pattern(lang, 'fees.records.listLabel') });
  await list.getByRole('checkbox', { name: tr(lang, 'fees.records.selectStudent', { name: s.childName }) }).check();
  await page.getByRole('combobox', { name: tr(lang, 'fees.records.feeTypes') }).click();
  await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(typeName)}`) }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('record-preview')).toContainText('₹25,200.00');
  await page.getByRole('button', { name: tr(lang, 'fees.records.create_one', { count: 1 }) }).click();
  await expect(page.getByText(tr(lang, 'fees.records.created_one', { count: 1, total: '₹25,200.00' }))).toBeVisible();

  // 4 monthly instalments of ₹6,300 from today.
  await list.getByRole('link', { name: tr(lang, 'fees.records.openEmisNamed', { name: s.childName }) }).click();
  const form = page.getByTestId('plan-form');
  await form.getByRole('textbox', { name: tr(lang, 'fees.records.plan.count') }).fill('4');
  await expect(form.getByTestId('plan-preview')).toContainText('₹6,300.00');
  await form.getByRole('button', { name: tr(lang, 'fees.records.plan.save') }).click();
  await expect(page.getByText(tr(lang, 'fees.records.plan.saved'))).toBeVisible();

  // The first instalment paid in cash: its receipt number, and the principal downloads the receipt.
  await page.getByRole('button', { name: tr(lang, 'fees.records.pay.actionN', { seq: 1 }) }).click();
  const pay = page.getByRole('dialog');
  await pay.getByRole('button', { name: pattern(lang, 'fees.records.pay.submit') }).click();
  const paid = page.getByText(pattern(lang, 'fees.records.pay.done'));
  await expect(paid).toBeVisible();
  const receiptNo = /(\d+)\D*$/.exec((await paid.textContent()) ?? '')![1]!;
  const row = page.getByTestId('instalment').first();
  await expect(row).toContainText(receiptNo);
  await expectNoOverflow(page);
  await shot(page, `fees-story-principal-${lang}-${width}`);
  await downloadReceipt(page, row.getByRole('button', { name: tr(lang, 'fees.common.view.downloadReceipt', { no: receiptNo }) }), receiptNo);
  await context.close();

  // The parent: its child's fees, the first instalment paid with that receipt, three due.
  const parentContext = await browser.newContext({ viewport, acceptDownloads: true });
  const parentPage = await parentContext.newPage();
  if (lang === 'hi') await toHindi(parentPage);
  // Its login id and first password, as the school gave them (the fields found whatever the language).
  await parentPage.goto('./');
  await parentPage.locator('input[autocomplete="username"]').fill(s.parent.loginId);
  await parentPage.locator('input[autocomplete="current-password"]').fill(s.parent.password);
  await parentPage.locator('button[type="submit"]').click();
  await expect(parentPage).toHaveURL(/parentdashboard/);
  await parentPage.goto('studentfeedata');
  const view = parentPage.getByTestId('student-fees');
  await expect(view).toContainText('₹25,200.00');
  await expect(view).toContainText(typeName);
  const instalments = view.getByTestId('instalment');
  await expect(instalments).toHaveCount(4);
  await expect(instalments.first()).toContainText(tr(lang, 'fees.common.states.paid'));
  await expect(instalments.nth(1)).toContainText(tr(lang, 'fees.common.states.due'));
  await expectNoOverflow(parentPage);
  await shot(parentPage, `fees-story-parent-${lang}-${width}`);
  await downloadReceipt(parentPage, instalments.first().getByRole('button', { name: tr(lang, 'fees.common.view.downloadReceipt', { no: receiptNo }) }), receiptNo);
  await parentContext.close();

  // Leave the demo as found: 4-B's fee back, the run's fee type off.
  if (s.fee) {
    const { academic, convenience, development, tuition, other, taxBp } = s.fee;
    await api('POST', `/api/fee/${s.assignClassId}`, { academic, convenience, development, tuition, other, taxBp });
  }
  const types = await api<{ items: Array<{ feeTypeId: string; name: string }> }>('GET', `/api/school/feetype?search=${encodeURIComponent(s.run)}`);
  for (const t of types.items) await api('PATCH', `/api/school/feetype/${t.feeTypeId}/status`, { status: false });
}

test('the principal sets fees, makes a record and a 4-instalment plan, marks one paid and downloads the receipt; the parent sees it (English, 1280 px)', async ({ browser }) => {
  test.setTimeout(180_000);
  await story(browser, 'en', 1280);
});
