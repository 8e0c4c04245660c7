import { expect, request, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { chooseLanguage, expectAccessible, expectNoOverflow, expectPath, shot, signInAs } from './support';
import { API_BASE } from './servers';

/**
 * Fees set-up: the principal adds a fee type (a name of this run's own) and switches it off again;
 * sets a class's fee and sees the total the server computed in the all-fees list, then puts the
 * class's previous fee back (read through the API first); the system admin reads the all-fees
 * list. In Hindi, at 375 and 1280 px (the fee story in English is fees.spec.ts).
 *
 * Class fees cannot be removed (there is no such route): a class that had none keeps the fee the
 * journey set, which is why the values typed are a plausible fee (₹16,343.58 with 18 % tax).
 */

let ctx: APIRequestContext;
let adminToken: string;

interface Fee {
  academic: number;
  convenience: number;
  development: number;
  tuition: number;
  other: number;
  taxBp: number;
  total: number;
}

test.beforeAll(async () => {
  ctx = await request.newContext({ baseURL: API_BASE });
  const res = await ctx.post('/api/signin', { data: { loginId: 'DEMO-P0001', password: 'Shala@2024' } });
  adminToken = ((await res.json()) as { result: { token: string } }).result.token;
});
test.afterAll(async () => {
  await ctx.dispose();
});

async function api<T>(method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
  const res = method === 'GET' ? await ctx.get(path, { headers: { token: adminToken } }) : await ctx.post(path, { headers: { token: adminToken }, data });
  expect(res.status(), `${method} ${path}`).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

/** A class of the current session (e.g. 3-B) and the fee it has now (null: none). */
async function classAndFee(masterClass: string, section: string) {
  const sessions = await api<Array<{ sessionId: string; isCurrent: boolean }>>('GET', '/api/school/session');
  const sessionId = sessions.find((s) => s.isCurrent)!.sessionId;
  const page = await api<{ items: Array<{ assignClassId: string; masterClass: string; section: string }> }>('GET', `/api/school/getallassignclass/${sessionId}?pageSize=100`);
  const { assignClassId } = page.items.find((c) => c.masterClass === masterClass && c.section === section)!;
  const fee = await api<Fee | null>('GET', `/api/fee/${assignClassId}`);
  return { assignClassId, fee };
}

/** Puts back the fee a class had before the journey (a class that had none keeps the journey's). */
async function restore(assignClassId: string, fee: Fee | null) {
  if (!fee) return;
  const { academic, convenience, development, tuition, other, taxBp } = fee;
  const back = await api<Fee>('POST', `/api/fee/${assignClassId}`, { academic, convenience, development, tuition, other, taxBp });
  expect(back.total).toBe(fee.total);
}

/** Clicks a segmented control's option by its text (the radio itself is visually hidden). */
const segment = (scope: Locator, text: string) =>
  scope.locator('label').filter({ hasText: new RegExp(`^${text.replace(/[()%]/g, '\\$&')}$`) }).click();

/** Types into a money or percent input (whatever it held) and checks what it shows once left. */
async function typeNumber(input: Locator, value: string, shown: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(value);
  await input.blur();
  await expect(input).toHaveValue(shown);
}

async function toHindi(page: Page) {
  await page.goto('./');
  await chooseLanguage(page, 'हिन्दी');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
}

test('in Hindi: a percent discount added and switched off, a class fee set on a phone', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `भाई-बहन छूट ${Date.now()}`;
  const { assignClassId, fee: before } = await classAndFee('4', 'B');

  await page.setViewportSize({ width: 375, height: 800 });
  await toHindi(page);
  await signInAs(page, 113);
  await page.goto('AddFeetype');
  await expect(page.getByRole('heading', { name: 'शुल्क प्रकार' })).toBeVisible();
  await page.getByRole('button', { name: 'शुल्क प्रकार जोड़ें' }).click();
  const dialog = page.getByRole('dialog', { name: 'शुल्क प्रकार जोड़ें' });
  await dialog.getByRole('textbox', { name: /^नाम/ }).fill(name);
  await segment(dialog, 'प्रतिशत (%)');
  await segment(dialog, 'घटाता है (छूट)');
  await expect(dialog.getByText(/^छूट: शुल्क/)).toBeVisible();
  await typeNumber(dialog.getByRole('textbox', { name: /^प्रतिशत/ }), '10', '10.00%');
  await expectNoOverflow(page);
  await expectAccessible(page, 'add fee type (hi, 375)');
  await shot(page, 'fees-setup-add-type-hi-375');
  await dialog.getByRole('button', { name: 'शुल्क प्रकार जोड़ें' }).click();
  await expect(page.getByText(`शुल्क प्रकार ${name} (-10.00%) जोड़ा गया।`)).toBeVisible();

  await page.getByRole('textbox', { name: 'खोजें' }).fill(name);
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('-10.00%');
  await expect(card).toContainText('छूट');
  await expectNoOverflow(page);
  await expectAccessible(page, 'fee types (hi, 375)');
  await shot(page, 'fees-setup-types-hi-375');
  await card.getByRole('switch', { name: `सक्रिय: ${name}` }).click();
  await page.getByRole('dialog', { name: 'क्या आप निश्चित हैं?' }).getByRole('button', { name: 'हाँ, निष्क्रिय करें!' }).click();
  await expect(page.getByText(`${name} अब निष्क्रिय है।`)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('निष्क्रिय');
  await expectNoOverflow(page);
  await shot(page, 'fees-setup-types-hi-1280');

  // The class fee on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('viewall_fees');
  const classCard = page.getByRole('listitem').filter({ hasText: 'कक्षा 4 – B' });
  await classCard.getByRole('link', { name: /कक्षा 4 – B का शुल्क/ }).click();
  await expectPath(page, '/AddClassFee');
  for (const [label, value, shown] of [
    ['शैक्षणिक शुल्क', '1000', '₹1,000.00'],
    ['सुविधा शुल्क', '0', '₹0.00'],
    ['विकास शुल्क', '500', '₹500.00'],
    ['शिक्षण शुल्क', '9000', '₹9,000.00'],
    ['अन्य शुल्क', '0', '₹0.00'],
    [/^कर/, '5', '5.00%'],
  ] as const) {
    await typeNumber(page.getByRole('textbox', { name: label }), value, shown);
  }
  // ₹10,500 + 5 % = ₹11,025.00
  await expect(page.getByTestId('live-total')).toHaveText('₹11,025.00');
  await expectNoOverflow(page);
  await expectAccessible(page, 'class fee (hi, 375)');
  await shot(page, 'fees-setup-class-fee-hi-375');
  await page.getByRole('button', { name: 'शुल्क सहेजें' }).click();
  await expect(page.getByText('कक्षा 4 – B का शुल्क सहेजा गया: कुल ₹11,025.00।')).toBeVisible();
  await expectPath(page, '/viewall_fees');
  await expect(classCard).toContainText('₹11,025.00');
  await expectNoOverflow(page);
  await shot(page, 'fees-setup-all-hi-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('row', { name: /कक्षा 4 – B/ })).toContainText('₹11,025.00');
  await expectNoOverflow(page);
  await expectAccessible(page, 'all fees (hi, 1280)');
  await shot(page, 'fees-setup-all-hi-1280');

  await restore(assignClassId, before);
});

test('the system admin reads the all-fees list and opens a class fee', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 112);
  await page.goto('viewall_fees');
  await expect(page.getByRole('heading', { name: 'All fees' })).toBeVisible();
  // The demo's classes 1 to 5, sections A and B, in class order.
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Class 1 – A');
  await expect(rows.nth(2)).toContainText('Class 1 – B');
  await expect(page.getByRole('row', { name: /Class 5 – A/ })).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'all fees (system admin, en, 1280)');
  await shot(page, 'fees-setup-all-admin-en-1280');
  await page.getByRole('row', { name: /Class 2 – A/ }).getByRole('link', { name: /fee (of|for) Class 2 – A/ }).click();
  await expectPath(page, '/AddClassFee');
  await expect(page.getByRole('combobox', { name: 'Class' })).toHaveValue('Class 2 – A');
  await expect(page.getByRole('button', { name: 'Save fee' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoOverflow(page);
  await shot(page, 'fees-setup-class-fee-admin-en-375');
});
