import fs from 'node:fs';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, expectAccessible, expectNoOverflow, expectPath, shot, signInAs, fillDate } from './support';
import { API_BASE } from './servers';

/**
 * The fees overview, dues and reports on the demo school's fees (seeded: records for classes 1–5
 * but 2-B, plans of four monthly instalments from two months ago, most first instalments paid):
 * the principal opens the hub from its dashboard, the dues (one class, CSV) and the reports (by
 * mode, a period too long, CSV), in English and Hindi, at 1280 and 375 px; the system admin sees
 * the same figures and only the fee screens it may open. Nothing is changed. Expected figures are
 * asked of the API at run time (the demo's dates follow today).
 */

let ctx: APIRequestContext;
test.beforeAll(async () => {
  ctx = await request.newContext({ baseURL: API_BASE });
});
test.afterAll(async () => {
  await ctx.dispose();
});

interface Summary {
  records: number;
  total: number;
  paid: number;
  balance: number;
  overdue: number;
  collectedToday: number;
  today: string;
}
interface Due {
  student: { fullName: string; loginId: string };
  class: { assignClassId: string; masterClass: string; section: string };
  seq: number;
  amount: number;
  lateFee: number;
}
interface ClassDues {
  class: { assignClassId: string; masterClass: string; section: string };
  count: number;
  amount: number;
}

/** The demo's current session, its fee summary and its first page of dues, as the principal reads them. */
async function demoFees() {
  const res = await ctx.post('/api/signin', { data: { loginId: 'DEMO-P0001', password: 'Shala@2024' } });
  const token = ((await res.json()) as { result: { token: string } }).result.token;
  const get = async <T>(path: string) => {
    const r = await ctx.get(path, { headers: { token } });
    expect(r.status(), path).toBe(200);
    return ((await r.json()) as { result: T }).result;
  };
  const sessions = await get<Array<{ sessionId: string; isCurrent: boolean }>>('/api/school/session');
  const sessionId = sessions.find((s) => s.isCurrent)!.sessionId;
  const summary = await get<Summary>(`/api/school/feesummary?sessionId=${sessionId}`);
  const dues = await get<{ items: Due[]; total: number }>(`/api/school/feedues?sessionId=${sessionId}&pageSize=20`);
  const byClass = await get<ClassDues[]>(`/api/school/feedues/classes?sessionId=${sessionId}`);
  // Every class of the session (other journeys may have added classes to the demo's ten).
  const outstanding = await get<{ rows: unknown[] }>(`/api/school/feereport/outstanding?sessionId=${sessionId}`);
  const classDues = async (masterClass: string, section: string) => {
    const cls = byClass.find((c) => c.class.masterClass === masterClass && c.class.section === section);
    return cls ? (await get<{ items: Due[] }>(`/api/school/feedues?sessionId=${sessionId}&assignClassId=${cls.class.assignClassId}&pageSize=100`)).items : [];
  };
  return { sessionId, summary, dues, classDues, classCount: outstanding.rows.length };
}

/** The dues screen's page size (DuesPage.tsx). */
const DUES_PAGE = 20;

/** ₹ with Indian grouping, as the contract's formatRupees. */
function rupees(paise: number): string {
  const r = Math.floor(paise / 100).toString();
  const last3 = r.slice(-3);
  const rest = r.slice(0, -3);
  return `₹${rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}` : last3}.${String(paise % 100).padStart(2, '0')}`;
}

async function download(page: Page, button: ReturnType<Page['getByRole']>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, 'utf8') };
}

test('the principal opens the fees hub from the dashboard, the dues and the reports (English, 1280 and 375 px)', async ({ page }) => {
  test.setTimeout(180_000);
  const { summary, dues, classDues, classCount } = await demoFees();
  // The demo seed makes 27 records; other journeys (fee records) may have added theirs.
  expect(summary.records).toBeGreaterThanOrEqual(27);
  const fiveA = await classDues('5', 'A');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 113);
  // The dashboard's card.
  const card = page.getByTestId('fees-card');
  await expect(card.getByRole('heading', { name: 'Fees' })).toBeVisible();
  await expect(card.getByTestId('fee-card-balance')).toContainText(rupees(summary.balance));
  await expect(card.getByTestId('fee-card-overdue')).toContainText(rupees(summary.overdue));
  await expect(card.getByTestId('fee-card-today')).toContainText(rupees(summary.collectedToday));
  await shot(page, 'fees-dashboard-113-en-1280');
  await card.getByRole('link', { name: 'Open fees' }).click();
  await expectPath(page, '/feesdetails');

  // The hub: the session's figures and every fee screen of the principal.
  await expect(page.getByRole('heading', { name: 'Fees', level: 1 })).toBeVisible();
  await expect(page.getByTestId('fee-expected')).toContainText(rupees(summary.total));
  await expect(page.getByTestId('fee-expected')).toContainText(`${summary.records} fee records`);
  await expect(page.getByTestId('fee-collected')).toContainText(rupees(summary.paid));
  await expect(page.getByTestId('fee-balance')).toContainText(rupees(summary.balance));
  await expect(page.getByTestId('fee-overdue')).toContainText(rupees(summary.overdue));
  await expect(page.getByTestId('fee-today')).toContainText(rupees(summary.collectedToday));
  for (const screen of ['All fees', 'Add class fee', 'Add fee type', 'Add fee record', 'EMIs', 'Fee dues', 'Fee reports']) {
    await expect(page.getByRole('link', { name: new RegExp(`^${screen}`) })).toBeVisible();
  }
  await expectNoOverflow(page);
  await expectAccessible(page, 'fees hub (en, 1280)');
  await shot(page, 'fees-hub-113-en-1280');

  // Dues: the oldest first, as the API answers; the total; by class.
  await page.getByRole('link', { name: /^Fee dues/ }).click();
  await expectPath(page, '/feedues');
  const list = page.getByRole('table', { name: 'Overdue instalments' });
  await expect(list).toBeVisible();
  const first = dues.items[0]!;
  await expect(list.getByRole('row').nth(1)).toContainText(first.student.fullName);
  await expect(list.getByRole('row').nth(1)).toContainText(rupees(first.amount));
  await expect(page.getByTestId('dues-total')).toContainText(`${dues.total} overdue instalment`);
  await expect(page.getByTestId('dues-total')).toContainText(rupees(summary.overdue));
  const byClass = page.getByRole('table', { name: 'Overdue by class' });
  await expect(byClass.getByRole('row').last()).toContainText(rupees(summary.overdue));
  await expectNoOverflow(page);
  await expectAccessible(page, 'fee dues (en, 1280)');
  await shot(page, 'fees-dues-113-en-1280');

  // One class: Aarav's 5-A, its overdue only; then back to all.
  await page.getByRole('combobox', { name: 'Class', exact: true }).click();
  await page.getByRole('option', { name: 'Class 5 – A' }).click();
  if (fiveA.length) {
    // Its first page (the demo's overdue count grows with the date: past 20, a second page).
    await expect(list.getByRole('row')).toHaveCount(Math.min(fiveA.length, DUES_PAGE) + 1);
    await expect(list).toContainText(fiveA[0]!.student.fullName);
  } else await expect(page.getByText('No overdue instalments in this class.')).toBeVisible();
  // The CSV: a header, a row per overdue instalment of the class, amounts as plain rupees.
  if (fiveA.length) {
    const csv = await download(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(csv.name).toMatch(/^fee-dues-.+-Class-5-A\.csv$/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Student,Login ID,Class,Roll no.,Instalment,Due date,Overdue by,Amount (₹),Late fee (₹)');
    expect(lines).toHaveLength(fiveA.length + 1);
    expect(lines[1]).toContain(`${fiveA[0]!.student.fullName},${fiveA[0]!.student.loginId},Class 5 – A,`);
    expect(lines[1]!.endsWith(`${(fiveA[0]!.amount / 100).toFixed(2)},${(fiveA[0]!.lateFee / 100).toFixed(2)}`)).toBe(true);
  }
  await page.getByRole('button', { name: 'All classes' }).click();
  await expect(page.getByTestId('dues-total')).toContainText(`${dues.total} overdue`);

  // Reports: the period's collection by mode, a period too long refused, outstanding by class.
  await page.goto('feereports');
  const collection = page.getByTestId('fee-collection');
  await fillDate(page.getByRole('textbox', { name: 'From' }), addDays(summary.today, -120));
  await fillDate(page.getByRole('textbox', { name: 'To' }), summary.today);
  await collection.getByText('Mode', { exact: true }).click();
  const byMode = page.getByRole('table', { name: 'Collection' });
  await expect(byMode.getByRole('row').first()).toContainText('Mode');
  await expect(byMode.getByRole('row').first()).toContainText('Of which late fees');
  await expect(byMode).toContainText('Cash');
  await expect(byMode.locator('tfoot')).toContainText('Total');
  const modeCsv = await download(page, collection.getByRole('button', { name: 'Export CSV' }));
  expect(modeCsv.name).toMatch(/^fee-collection-mode-.+\.csv$/);
  expect(modeCsv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Mode,Payments,Amount (₹),Late fees (₹)');
  await collection.getByText('Day', { exact: true }).click();
  await expect(page.getByRole('table', { name: 'Collection' }).getByRole('row').first()).toContainText('Date');

  const outstanding = page.getByRole('table', { name: 'Outstanding by class' });
  expect(classCount).toBeGreaterThanOrEqual(10);
  await expect(outstanding.getByRole('row')).toHaveCount(classCount + 2); // header, the classes, totals
  await expect(outstanding.locator('tfoot')).toContainText(rupees(summary.balance));
  await expect(outstanding.getByRole('row', { name: /Class 2 – B/ })).toContainText('0');
  const outCsv = await download(page, page.getByTestId('fee-outstanding').getByRole('button', { name: 'Export CSV' }));
  expect(outCsv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Class,Records,Expected,Paid,Balance,Overdue');
  await expectNoOverflow(page);
  await page.mouse.move(1, 1); // not hovering the button just pressed
  await expectAccessible(page, 'fee reports (en, 1280)');
  await shot(page, 'fees-reports-113-en-1280');

  await fillDate(page.getByRole('textbox', { name: 'From' }), addDays(summary.today, -400));
  await expect(page.getByText('Choose a period of at most 366 days')).toBeVisible();
  await expect(collection.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

  // On a phone: the same screens as cards, nothing sticking out.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('feesdetails');
  await expect(page.getByTestId('fee-balance')).toContainText(rupees(summary.balance));
  await expectNoOverflow(page);
  await expectAccessible(page, 'fees hub (en, 375)');
  await shot(page, 'fees-hub-113-en-375');
  await page.goto('feedues');
  await expect(page.getByRole('list', { name: 'Overdue instalments' }).getByRole('listitem').first()).toContainText(first.student.fullName);
  await expectNoOverflow(page);
  await expectAccessible(page, 'fee dues (en, 375)');
  await shot(page, 'fees-dues-113-en-375');
  await page.goto('feereports');
  await expect(page.getByRole('list', { name: 'Outstanding by class' })).toContainText('Class 5 – A');
  await expectNoOverflow(page);
  await expectAccessible(page, 'fee reports (en, 375)');
  await shot(page, 'fees-reports-113-en-375');
  await page.goto('schooladmin');
  await expect(page.getByTestId('fees-card')).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'fees-dashboard-113-en-375');
});
test('the system admin sees the same figures and only the fee screens it may open', async ({ page }) => {
  const { summary } = await demoFees();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 112);
  await expect(page.getByTestId('fees-card').getByTestId('fee-card-balance')).toContainText(rupees(summary.balance));
  await page.getByTestId('fees-card').getByRole('link', { name: 'Open fees' }).click();
  await expectPath(page, '/feesdetails');
  await expect(page.getByTestId('fee-balance')).toContainText(rupees(summary.balance));
  for (const screen of ['All fees', 'Add class fee', 'Fee dues', 'Fee reports']) await expect(page.getByRole('link', { name: new RegExp(`^${screen}`) })).toBeVisible();
  for (const screen of ['Add fee type', 'Add fee record', 'EMIs']) await expect(page.getByRole('link', { name: new RegExp(`^${screen}`) })).toHaveCount(0);
  await expectAccessible(page, 'fees hub (112)');
  await shot(page, 'fees-hub-112-en-1280');
  await page.getByRole('link', { name: /^Fee reports/ }).click();
  await expect(page.getByRole('table', { name: 'Outstanding by class' }).locator('tfoot')).toContainText(rupees(summary.total));
  await page.goto('feedues');
  await expect(page.getByTestId('dues-total')).toContainText(rupees(summary.overdue));
  await expectNoOverflow(page);
  await shot(page, 'fees-dues-112-en-1280');
});
