import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, expectAccessible, expectNoOverflow, shot, signInAs } from './support';

/**
 * The month view and the dashboards' attendance, on the demo seed's three weeks of attendance: the
 * class teacher of 5-A opens the month of its class, a day's detail, exports the CSV in English and
 * Hindi, at 1280 and 375 px; the principal's dashboard shows today's attendance of the school.
 */

/** Opens the month view; when this month has no marks yet (its first days), the month before. */
async function openMonth(page: Page) {
  await page.goto('getattendancedata');
  const table = page.getByTestId('month-table');
  const empty = page.getByText('No attendance data');
  await expect(table.or(empty)).toBeVisible();
  if (await empty.isVisible()) {
    await page.getByRole('combobox', { name: 'Month' }).click();
    await page.getByRole('option').nth(1).click();
  }
  await expect(table).toBeVisible();
}

async function downloadCsv(page: Page, name: RegExp): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  expect(download.suggestedFilename()).toMatch(/^attendance-.+\.csv$/);
  return fs.readFileSync((await download.path())!, 'utf8');
}

test('a class teacher reads its class month, a day, and exports it, in English and Hindi, at 1280 and 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 114);
  // The teacher's dashboard: its class today, marked or not yet.
  const today = page.getByTestId('attendance-today');
  await expect(today.getByText('Your classes today')).toBeVisible();
  await expect(today.getByText('Class 5 – A').or(today.getByText(/5.*A/)).first()).toBeVisible();

  await openMonth(page);
  await expect(page.getByRole('combobox', { name: 'Class' })).toHaveValue(/5/);
  const table = page.getByTestId('month-table');
  for (const name of ['Aarav Verma', 'Ananya Iyer', 'Rohan Mehta']) await expect(table.getByRole('rowheader', { name: new RegExp(name) })).toBeVisible();
  await expect(table.getByTestId('student-percent').first()).toHaveText(/^\d+(\.\d)?%$/);
  await expect(page.getByText('Present / marked')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Legend' })).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'month view 1280');
  await shot(page, 'attendance-month-en-1280');

  // A day's detail: each student's day mark.
  await table.locator('thead th[data-kind="school"]').first().getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Aarav Verma').or(dialog.getByText('No attendance was marked on this date.'))).toBeVisible();
  await shot(page, 'attendance-day-en-1280');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The CSV: the students, a column a day, the percentages.
  const csv = await downloadCsv(page, /Export CSV/);
  const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toMatch(/^Roll no\.,Student,\d{4}-\d\d-01,/);
  expect(lines[0]).toMatch(/,Present,Absent,Late,Leave,Marked,%$/);
  for (const name of ['Aarav Verma', 'Ananya Iyer', 'Rohan Mehta']) expect(csv).toContain(name);
  const aarav = lines.find((l) => l.includes('Aarav Verma'))!;
  expect(aarav).toMatch(/,(P|A|L|LV),/);
  expect(aarav).toMatch(/,\d+(\.\d)?$/);

  // Periodwise: the demo marks daywise only.
  await page.getByText('Periodwise').click();
  await expect(page.getByText('No attendance data')).toBeVisible();
  await shot(page, 'attendance-month-periodwise-empty-en-1280');
  await page.getByText('Daywise').click();
  await expect(table).toBeVisible();

  // Hindi.
  await chooseLanguage(page, 'हिन्दी');
  await expect(page.getByRole('button', { name: /CSV निर्यात करें/ })).toBeVisible();
  await expect(page.getByTestId('month-table').getByText('विद्यार्थी')).toBeVisible();
  const hindi = await downloadCsv(page, /CSV निर्यात करें/);
  expect(hindi).toContain('प्रतिशत');
  expect(hindi).toContain('Aarav Verma');
  await expectNoOverflow(page);
  await shot(page, 'attendance-month-hi-1280');

  // A phone: the page stays put, the days scroll inside the table's box.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByTestId('month-table')).toBeVisible();
  await expectNoOverflow(page);
  const scroll = page.getByTestId('month-scroll');
  expect(await scroll.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await shot(page, 'attendance-month-hi-375');
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('button', { name: /Export CSV/ })).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'month view 375');
  await shot(page, 'attendance-month-en-375');
});

test("the principal's dashboard shows today's attendance of the school, in English and Hindi, at 1280 and 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 113);
  const card = page.getByTestId('attendance-today');
  await expect(card.getByText("Today's attendance")).toBeVisible();
  await expect(card.getByText(/Classes marked: \d+ of \d+/)).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'attendance-dashboard-principal-en-1280');
  await chooseLanguage(page, 'हिन्दी');
  await expect(card.getByText('आज की उपस्थिति')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(card.getByText('आज की उपस्थिति')).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'attendance-dashboard-principal-hi-375');
  await chooseLanguage(page, 'English');
});

test("a parent's dashboard shows each child's month", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 115);
  const card = page.getByTestId('attendance-month');
  await expect(card.getByText("Children's attendance this month")).toBeVisible();
  await expect(card.getByText('Aarav Verma')).toBeVisible();
  await expect(card.getByText('Diya Verma')).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'attendance-dashboard-parent-en-375');
});
