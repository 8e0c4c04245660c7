import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectPath, shot, signInAs, fillDate } from './support';

// The structure of a school's year, as a principal builds it: a session prepared for a far year
// (2031-32: the demo's own sessions and their current one stay as they were), subjects from the
// master list and of its own, a class with sections A and B; in English on a desktop and in Hindi
// on a 375 px phone.

/** Chooses a session in the header's picker (on a phone: in the opened menu), confirming the change. */
async function chooseSession(page: Page, label: string, texts: { session: string; confirm: string; menu?: string }) {
  if (texts.menu) await page.getByRole('button', { name: texts.menu }).click();
  await page.getByRole('combobox', { name: texts.session, exact: true }).selectOption({ label });
  await page.getByRole('button', { name: texts.confirm }).click();
  await page.waitForLoadState('load');
  await expect(page.locator('main h1').first()).toBeVisible();
}

test('a principal prepares session 2031-32, adds subjects and class 12 with sections A and B (English, 1280 px)', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 113);

  // Sessions: the demo's current one, then a far year added (not current).
  await page.goto('viewsessions');
  const table = page.getByRole('table', { name: 'Sessions of the school' });
  const currentBadge = page.getByText('Current', { exact: true });
  const currentRow = table.getByRole('row').filter({ has: currentBadge });
  await expect(currentRow).toHaveCount(1);
  const demoCurrent = /\d{4}-\d{2}/.exec((await currentRow.textContent()) ?? '')![0];
  await page.getByRole('button', { name: 'Add session' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add session' });
  await dialog.getByRole('textbox', { name: 'Session' }).fill('2031-32');
  await fillDate(dialog.getByLabel('Starts on'), '2031-04-01');
  await fillDate(dialog.getByLabel('Ends on'), '2032-03-31');
  await shot(page, 'session-form-en-1280');
  await dialog.getByRole('button', { name: 'Add session' }).click();
  await expect(page.getByText('Session 2031-32 added.')).toBeVisible();
  await expect(table.getByRole('row', { name: /2031-32/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /2031-32/ }).getByText('Current', { exact: true })).toHaveCount(0);
  // The header's picker lists it at once.
  await expect(page.getByRole('combobox', { name: 'Session', exact: true }).locator('option', { hasText: '2031-32' })).toHaveCount(1);

  // Dates that overlap it are refused, naming it; nothing is added.
  await page.getByRole('button', { name: 'Add session' }).click();
  dialog = page.getByRole('dialog', { name: 'Add session' });
  await dialog.getByRole('textbox', { name: 'Session' }).fill('2032-33');
  await fillDate(dialog.getByLabel('Starts on'), '2032-03-01');
  await fillDate(dialog.getByLabel('Ends on'), '2033-03-31');
  await dialog.getByRole('button', { name: 'Add session' }).click();
  await expect(dialog.getByText('These dates overlap the session 2031-32.').first()).toBeVisible();
  await expect(dialog.getByLabel('Starts on')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'session-overlap-en-1280');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByRole('row', { name: /2032-33/ })).toHaveCount(0);

  // Marking current asks first; the old current one stops being current. Then back as it was.
  await page.getByRole('button', { name: 'Mark current: 2031-32' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, make it current!' }).click();
  await expect(page.getByText('2031-32 is now the current session.')).toBeVisible();
  await expect(table.getByRole('row', { name: /2031-32/ }).getByText('Current', { exact: true })).toBeVisible();
  await expect(currentRow).toHaveCount(1);
  await page.getByRole('button', { name: `Mark current: ${demoCurrent}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, make it current!' }).click();
  await expect(table.getByRole('row', { name: new RegExp(demoCurrent) }).getByText('Current', { exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: /2031-32/ }).getByText('Current', { exact: true })).toHaveCount(0);

  // School days: Sunday on, then off again.
  const sunday = page.getByRole('switch', { name: 'Sunday is a school day' });
  await expect(sunday).not.toBeChecked();
  await sunday.click();
  await expect(page.getByText('Sunday is now a school day.')).toBeVisible();
  await expect(sunday).toBeChecked();
  await sunday.click();
  await expect(page.getByText('Sunday is now a holiday.')).toBeVisible();
  await expect(sunday).not.toBeChecked();
  await expectAccessible(page, 'sessions (en, 1280)');
  await shot(page, 'sessions-en-1280');

  // Subjects: one from the master list, one of the school's own; the same name in another case is refused.
  await page.goto('addsubject');
  const master = page.getByRole('combobox', { name: 'Subject', exact: true });
  await master.click();
  await master.fill('Entrepre');
  await page.getByRole('option', { name: 'Entrepreneurship', exact: true }).click();
  await page.getByRole('button', { name: 'Save and add another' }).click();
  await expect(page.getByText('Subject Entrepreneurship added.')).toBeVisible();
  await page.getByText('Type a name', { exact: true }).click();
  const name = page.getByRole('textbox', { name: 'Subject name' });
  await name.fill('Robotics and Coding');
  await page.getByRole('button', { name: 'Save and add another' }).click();
  await expect(page.getByText('Subject Robotics and Coding added.')).toBeVisible();
  await expect(name).toHaveValue('');
  await name.fill('ROBOTICS AND CODING');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The subject “ROBOTICS AND CODING” already exists.').first()).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'subject-taken-en-1280');
  // The master list marks what the school has.
  await page.getByText('From the master list', { exact: true }).click();
  await master.click();
  await master.fill('Entrepre');
  await expect(page.getByRole('option', { name: 'Entrepreneurship · already added' })).toHaveAttribute('data-combobox-disabled', 'true');
  await expectAccessible(page, 'add subject (en, 1280)');
  await page.keyboard.press('Escape');

  await page.goto('viewsubject');
  await page.getByRole('textbox', { name: 'Search' }).fill('robotics');
  const robotics = page.getByRole('row', { name: /Robotics and Coding/ });
  await expect(robotics).toContainText('Own subject');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await expect(page.getByRole('row', { name: /Entrepreneurship/ })).toContainText('Master list');
  await expectAccessible(page, 'subjects (en, 1280)');
  await shot(page, 'subjects-en-1280');

  // Class 12 with sections A (class teacher Ravi Kumar) and B, in session 2031-32.
  await chooseSession(page, '2031-32', { session: 'Session', confirm: 'Yes, change it!' });
  await page.goto('addclass');
  await expect(page.getByText('Session 2031-32')).toBeVisible();
  const cls = page.getByRole('combobox', { name: 'Class', exact: true });
  await cls.click();
  await cls.fill('Class 12');
  await page.getByRole('option', { name: 'Class 12', exact: true }).click();
  const rowA = page.getByRole('group', { name: 'Section A' });
  const teacher = rowA.getByRole('combobox', { name: 'Class teacher' });
  await teacher.click();
  await teacher.fill('Ravi');
  await page.getByRole('option', { name: /Ravi Kumar/ }).click();
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('group', { name: 'Section B' }).getByRole('textbox', { name: 'Class limit' }).fill('35');
  await expectAccessible(page, 'add class (en, 1280)');
  await shot(page, 'add-class-en-1280');
  await page.getByRole('button', { name: 'Save class' }).click();
  await expectPath(page, '/viewclass');
  await expect(page.getByText('Class 12 added with sections A, B.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Classes: session 2031-32' })).toBeVisible();
  const a = page.getByRole('row', { name: /Class 12 – A/ });
  await expect(a).toContainText('Ravi Kumar');
  await expect(a).toContainText('Incomplete');
  await expect(page.getByRole('row', { name: /Class 12 – B/ })).toContainText('Pending');
  await expectAccessible(page, 'classes (en, 1280)');
  await shot(page, 'classes-en-1280');

  // Section B again: refused on its row, nothing saved.
  await page.goto('addclass');
  await cls.click();
  await cls.fill('Class 12');
  await page.getByRole('option', { name: 'Class 12', exact: true }).click();
  await page.getByRole('group', { name: 'Section A' }).getByRole('textbox', { name: 'Section', exact: true }).fill('B');
  await page.getByRole('button', { name: 'Save class' }).click();
  const rowB = page.getByRole('group', { name: 'Section B' });
  await expect(rowB.getByText('Class 12 section B already exists in this session.')).toBeVisible();
  await expect(rowB.getByRole('textbox', { name: 'Section', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'class-taken-en-1280');

  // Edit A's limit; delete the empty B.
  await page.goto('viewclass');
  await page.getByRole('button', { name: 'Edit Class 12 – A' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Class 12 – A' });
  await dialog.getByRole('textbox', { name: 'Class limit' }).fill('45');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Class 12 – A saved.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Class 12 – A/ })).toContainText('45');
  await page.getByRole('button', { name: 'Delete Class 12 – B' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Class 12 – B deleted.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Class 12 – B/ })).toHaveCount(0);
});
