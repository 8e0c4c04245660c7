import fs from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { chooseLanguage, expectAccessible, expectNoOverflow, shot, signInAs } from './support';

/**
 * A family's fees, read only: the parent (DEMO-G0001) sees its child DEMO-S0001's fees and
 * downloads a receipt, then its other child DEMO-S0004's; the student DEMO-S0001 sees its own; the
 * dashboards show the fees card. In English and Hindi, at 1280 and 375 px.
 *
 * It reads the demo school's fee data (the demo seed): DEMO-S0001 has a fee record with Transport
 * and four instalments, the first paid and the second overdue; DEMO-S0004 has a sibling discount
 * and four instalments, none paid. Nothing is changed.
 */

type Lang = 'en' | 'hi';
const TEXT = {
  en: {
    child: 'Child',
    paid: 'Paid',
    overdue: 'Overdue',
    due: 'Due',
    receipt: /^Download receipt \d+$/,
    card: 'Fees',
    open: 'See fees and receipts',
    breakdown: 'Fee breakdown',
  },
  hi: {
    child: 'बच्चा',
    paid: 'चुकाया',
    overdue: 'अतिदेय',
    due: 'देय',
    receipt: /^रसीद \d+ डाउनलोड करें$/,
    card: 'शुल्क',
    open: 'शुल्क और रसीदें देखें',
    breakdown: 'शुल्क विवरण',
  },
} as const;

async function open(browser: Browser, role: 115 | 116, lang: Lang, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 }, acceptDownloads: true });
  const page = await context.newPage();
  if (lang === 'hi') {
    await page.goto('./');
    await chooseLanguage(page, 'हिन्दी');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  }
  await signInAs(page, role);
  return page;
}

/** The state word of each instalment, in order (tables on a desktop, cards on a phone). */
async function states(view: Locator, lang: Lang): Promise<string[]> {
  const x = TEXT[lang];
  const rows = view.getByTestId('instalment');
  await expect(rows).toHaveCount(4);
  const words: string[] = [];
  for (const row of await rows.all()) {
    words.push((await row.locator('.mantine-Badge-label').first().textContent()) ?? '');
  }
  for (const w of words) expect([x.paid, x.due, x.overdue]).toContain(w);
  return words;
}

/** DEMO-S0001's fees: the first instalment paid (with its receipt), the second overdue. */
async function firstChildFees(page: Page, lang: Lang) {
  const x = TEXT[lang];
  const view = page.getByTestId('student-fees');
  await expect(view).toBeVisible();
  await expect(page.getByRole('region', { name: x.breakdown })).toContainText('Transport');
  const words = await states(view, lang);
  expect(words.slice(0, 2)).toEqual([x.paid, x.overdue]);
  return view;
}

/** Downloads the first instalment's receipt: a PDF named receipt-<no>.pdf (in Hindi, with the Devanagari font). */
async function downloadReceipt(page: Page, view: Locator, lang: Lang) {
  const button = view.getByTestId('instalment').first().getByRole('button', { name: TEXT[lang].receipt });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^receipt-\d+\.pdf$/);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  if (lang === 'hi') expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-/);
}

// Each language and each layout once for the parent; the student's pairs below are the other two.
for (const [lang, width] of [['hi', 375]] as const) {
  test(`the parent sees its children's fees and downloads a receipt (${lang}, ${width} px)`, async ({ browser }) => {
    const x = TEXT[lang];
    const page = await open(browser, 115, lang, width);
    // The dashboard's card: each child's next instalment, one overdue.
    const card = page.getByRole('region', { name: x.card, exact: true });
    await expect(card.getByTestId('fee-due')).toHaveCount(2);
    await expect(card.getByText(x.overdue, { exact: false }).first()).toBeVisible();
    await expectNoOverflow(page);
    await shot(page, `fees-parent-dashboard-${lang}-${width}`);
    await card.getByRole('link', { name: x.open }).click();

    await expect(page.getByTestId('student-fees')).toBeVisible();
    const picker = page.getByRole('combobox', { name: x.child });
    const option = async (loginId: string) => (await picker.locator('option', { hasText: `(${loginId})` }).getAttribute('value'))!;
    await picker.selectOption(await option('DEMO-S0001'));
    const view = await firstChildFees(page, lang);
    await downloadReceipt(page, view, lang);
    await expectNoOverflow(page);
    await expectAccessible(page, `parent fees (${lang}, ${width})`);
    await shot(page, `fees-parent-${lang}-${width}`);

    // The other child: four instalments, none paid, so no receipt.
    const sibling = await option('DEMO-S0004');
    await picker.selectOption(sibling);
    await expect(picker).toHaveValue(sibling);
    await expect.poll(async () => (await states(page.getByTestId('student-fees'), lang)).includes(x.paid)).toBe(false);
    await expect(page.getByTestId('student-fees').getByTestId('instalment').getByRole('button', { name: x.receipt })).toHaveCount(0);
    await expectNoOverflow(page);
    await page.context().close();
  });
}

for (const [lang, width] of [['en', 1280]] as const) {
  test(`the student sees its own fees and downloads a receipt (${lang}, ${width} px)`, async ({ browser }) => {
    const x = TEXT[lang];
    const page = await open(browser, 116, lang, width);
    const card = page.getByRole('region', { name: x.card, exact: true });
    await expect(card.getByTestId('fee-due')).toHaveCount(1);
    await expect(card.getByTestId('fee-due')).toContainText(new RegExp(x.overdue, 'i'));
    await expectNoOverflow(page);
    await shot(page, `fees-student-dashboard-${lang}-${width}`);
    await card.getByRole('link', { name: x.open }).click();

    const view = await firstChildFees(page, lang);
    await expect(page.getByRole('combobox', { name: x.child })).toHaveCount(0);
    await downloadReceipt(page, view, lang);
    await expectNoOverflow(page);
    await expectAccessible(page, `student fees (${lang}, ${width})`);
    await shot(page, `fees-student-${lang}-${width}`);
    await page.context().close();
  });
}
