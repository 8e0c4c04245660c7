import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoOverflow, shot, signInAs } from './support';

// The people screens in the academic year, on the demo school (whose classes 1–5 A and B, students
// and roll numbers the demo seed makes): the principal's dashboard counts the session's classes and
// the subjects; the students list shows each student's class and roll number and filters by class;
// a student's details and edit form show its class, without the adult-only fields. In English at
// 1280 px; the same screens in Hindi at 375 px (the list as cards) are in screens.spec.ts.

/** The landing page's one answer (the session it is of, and its counts), caught as the page asks for it. */
async function dashboardAnswer(page: Page) {
  const res = await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/dashboard/home' && r.ok());
  const { sessionId, counts } = (await res.json()).result as { sessionId: string | null; counts: Record<string, number> };
  return { sessionId, counts };
}

/** The cell of a table row under the column with this header. */
async function cell(page: Page, row: ReturnType<Page['getByRole']>, header: string) {
  const headers = await page.getByRole('columnheader').allTextContents();
  const index = headers.indexOf(header);
  expect(index, `column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

test('the principal sees the classes of the session, and the students with their class and roll number, filtered by class (English, 1280 px)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const answer = dashboardAnswer(page);
  await signInAs(page, 113);

  // The dashboard: the classes of the header's session (the demo's ten, and any another journey
  // added), and the school's subjects.
  const picker = page.getByRole('combobox', { name: 'Session', exact: true });
  const session = (await picker.locator('option:checked').textContent())!.trim();
  const { sessionId, counts } = await answer;
  // The answer is of the header's session (the page asked before it knew it; the header picks the same).
  expect(sessionId).toBeTruthy();
  await expect(picker).toHaveValue(sessionId!);
  expect(counts.classes).toBeGreaterThanOrEqual(10);
  expect(counts.subjects).toBeGreaterThanOrEqual(8);
  const classes = page.getByTestId('count-classes');
  await expect(classes).toContainText(String(counts.classes));
  await expect(classes).toContainText(`in ${session}`);
  await expect(page.getByTestId('count-subjects')).toContainText(`Subjects${counts.subjects}`);
  await shot(page, 'people-dashboard-en-1280');

  // Every student with its class and roll number in the session (the demo's Vermas found by search).
  await page.goto('viewstudent');
  await expect(page.getByRole('columnheader', { name: 'Roll no.' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill('Verma');
  const aarav = page.getByRole('row', { name: /Aarav Verma/ });
  await expect(aarav).toBeVisible();
  await expect(await cell(page, aarav, 'Class')).toHaveText('Class 5 – A');
  await expect(await cell(page, aarav, 'Roll no.')).toHaveText('1');
  await expect(page.getByRole('row', { name: /Diya Verma/ }).getByText('Class 2 – A')).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'students (en, 1280)');
  await shot(page, 'students-classes-en-1280');

  // One class: its students by roll number.
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  const filter = page.getByRole('combobox', { name: 'Class', exact: true });
  await filter.click();
  await page.getByRole('option', { name: 'Class 5 – A', exact: true }).click();
  await expect(page).toHaveURL(/[?&]class=/);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Aarav Verma');
  await expect(rows.nth(2)).toContainText('Ananya Iyer');
  await expect(rows.nth(3)).toContainText('Rohan Mehta');
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  await expect(page.getByRole('row', { name: /Kabir Singh/ })).toHaveCount(0);
  for (const [i, roll] of ['1', '2', '3'].entries()) await expect(await cell(page, rows.nth(i + 1), 'Roll no.')).toHaveText(roll);
  await expectAccessible(page, 'students of 5-A (en, 1280)');
  await shot(page, 'students-5a-en-1280');

  // The student's details: its class (a link to the class), roll number; nothing of an adult's.
  await rows.nth(1).getByRole('link', { name: 'Aarav Verma', exact: true }).first().click();
  await expect(page).toHaveURL(/viewstudentdetail\//);
  await expect(page.getByText(`Class in ${session}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Class 5 – A' })).toHaveAttribute('href', /detailsviewAssignedclasses\//);
  for (const label of ['Marital status', 'Qualification']) await expect(page.getByRole('main').getByText(label, { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'student details (en, 1280)');
  await shot(page, 'student-details-en-1280');

  // The edit form shows the class and asks no adult-only field.
  await page.getByRole('link', { name: 'Edit' }).first().click();
  await expect(page).toHaveURL(/editstudent\//);
  await expect(page.getByText('Class 5 – A, roll number 1.')).toBeVisible();
  for (const label of ['Marital status', 'Qualification', 'Subjects']) await expect(page.getByRole('main').getByLabel(label, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('main').getByLabel('Blood group', { exact: true })).toBeVisible();
  await expectAccessible(page, 'student form (en, 1280)');
  await shot(page, 'student-form-class-en-1280');
});
