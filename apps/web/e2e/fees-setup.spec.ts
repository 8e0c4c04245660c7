import { expect, request, test, type APIRequestContext, type Locator } from '@playwright/test';
import { expectAccessible, expectNoOverflow, expectPath, shot, signInAs } from './support';
import { API_BASE } from './servers';

/**
 * Fees set-up: the principal adds a fee type (a name of this run's own) and switches it off again;
 * sets a class's fee and sees the total the server computed in the all-fees list, then puts the
 * class's previous fee back (read through the API first); the system admin reads the all-fees
 * list. English at 1280 and 375 px, Hindi at 375 and 1280 px.
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

/** Types into a money or percent input (whatever it held) and checks what it shows once left. */
async function typeNumber(input: Locator, value: string, shown: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(value);
  await input.blur();
  await expect(input).toHaveValue(shown);
}

test('the principal adds a fee type and switches it off, sets a class fee and sees its total, in English', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Transport ${Date.now()}`;
  const { assignClassId, fee: before } = await classAndFee('3', 'B');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 113);
  await page.goto('AddFeetype');
  await expect(page.getByRole('heading', { name: 'Fee types' })).toBeVisible();
  await page.getByRole('button', { name: 'Add fee type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add fee type' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await typeNumber(dialog.getByRole('textbox', { name: /^Amount/ }), '1500', '₹1,500.00');
  await dialog.getByRole('textbox', { name: /^Description/ }).fill('School bus, both ways');
  await expect(dialog.getByText('Added to the fee of every student it is applied to.')).toBeVisible();
  await expectAccessible(page, 'add fee type (en, 1280)');
  await shot(page, 'fees-setup-add-type-en-1280');
  await dialog.getByRole('button', { name: 'Add fee type' }).click();
  await expect(page.getByText(`Fee type ${name} (₹1,500.00) added.`)).toBeVisible();

  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('₹1,500.00');
  await expect(row).toContainText('Charge');
  await expect(row).toContainText('School bus, both ways');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'fee types (en, 1280)');
  await shot(page, 'fees-setup-types-en-1280');

  // A second type with the same name in another case: refused on the name.
  await page.getByRole('button', { name: 'Add fee type' }).click();
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name.toUpperCase());
  await typeNumber(dialog.getByRole('textbox', { name: /^Amount/ }), '10', '₹10.00');
  await dialog.getByRole('button', { name: 'Add fee type' }).click();
  await expect(dialog.getByText(`A fee type named ${name.toUpperCase()} already exists.`).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // On a phone: cards; the switch asks first and says so when done.
  await page.setViewportSize({ width: 375, height: 800 });
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'fees-setup-types-en-375');
  await card.getByRole('switch', { name: `Active: ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(`switch off the fee type ${name}?`);
  await confirm.getByRole('button', { name: 'Yes, deactivate!' }).click();
  await expect(page.getByText(`${name} is now inactive.`)).toBeVisible();
  await expect(card.getByRole('switch', { name: `Active: ${name}` })).not.toBeChecked();

  // A class fee: from the all-fees list to the form and back, the server's total in the list.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('viewall_fees');
  const classRow = page.getByRole('row', { name: /Class 3 – B/ });
  await expect(classRow).toBeVisible();
  await expectAccessible(page, 'all fees (en, 1280)');
  await shot(page, 'fees-setup-all-en-1280');
  await classRow.getByRole('link', { name: /fee (of|for) Class 3 – B/ }).click();
  await expectPath(page, '/AddClassFee');
  await expect(page.getByRole('combobox', { name: 'Class' })).toHaveValue('Class 3 – B');
  const fill = (label: string | RegExp, value: string, shown: string) => typeNumber(page.getByRole('textbox', { name: label }), value, shown);
  await fill('Academic fee', '1500', '₹1,500.00');
  await fill('Convenience fee', '250.5', '₹250.50');
  await fill('Development fee', '0', '₹0.00');
  await fill('Tuition fee', '12000', '₹12,000.00');
  await fill('Other fee', '99.99', '₹99.99');
  await fill(/^Tax/, '18', '18.00%');
  // ₹13,850.49 + 18 % (₹2,493.0882 → ₹2,493.09) = ₹16,343.58
  await expect(page.getByTestId('live-total')).toHaveText('₹16,343.58');
  await expect(page.getByText('₹2,493.09')).toBeVisible();
  await expectAccessible(page, 'class fee (en, 1280)');
  await shot(page, 'fees-setup-class-fee-en-1280');
  await page.getByRole('button', { name: 'Save fee' }).click();
  await expect(page.getByText('Fee of Class 3 – B saved: total ₹16,343.58.')).toBeVisible();
  await expectPath(page, '/viewall_fees');
  await expect(classRow).toContainText('₹16,343.58');
  await expect(classRow).toContainText('18.00%');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('listitem').filter({ hasText: 'Class 3 – B' })).toContainText('₹16,343.58');
  await expectNoOverflow(page);
  await expectAccessible(page, 'all fees (en, 375)');
  await shot(page, 'fees-setup-all-en-375');
  await page.goto(`AddClassFee?assignClassId=${assignClassId}`);
  await expect(page.getByRole('textbox', { name: 'Tuition fee' })).toHaveValue('₹12,000.00');
  await expectNoOverflow(page);
  await shot(page, 'fees-setup-class-fee-en-375');

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
