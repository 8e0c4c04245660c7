import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, chooseLanguage, expectAccessible, expectNoOverflow, expectPath, shot, schoolToday, signInAs, fillDate } from './support';
import { API_BASE } from './servers';

/**
 * Marking attendance: the class teacher of 5-A (DEMO-T0001) marks the last school day before today
 * on a phone with Aarav (DEMO-S0001) absent, saves, changes one other mark and saves again; the
 * principal sees the change in the logs; Aarav's parent (DEMO-G0001) has the absence alert in the
 * bell. The day is found through the API (the most recent Monday–Saturday before today, in the
 * school's time zone, that the server calls a school day: not a holiday); the demo seed leaves
 * that day unmarked for 5-A, and a save replaces whatever is there anyway.
 */

let ctx: APIRequestContext;
test.beforeAll(async () => {
  ctx = await request.newContext({ baseURL: API_BASE });
});
test.afterAll(async () => {
  await ctx.dispose();
});

async function apiGet<T>(token: string, path: string): Promise<T> {
  const res = await ctx.get(path, { headers: { token } });
  expect(res.status(), `GET ${path}`).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

const kolkataToday = () => schoolToday();

/** Class 5-A of the current session, the last school day before today and the class's size (asked of the server). */
async function theDay(): Promise<{ assignClassId: string; date: string; size: number }> {
  const res = await ctx.post('/api/signin', { data: { loginId: 'DEMO-T0001', password: 'Shala@2024' } });
  const token = ((await res.json()) as { result: { token: string } }).result.token;
  const sessions = await apiGet<Array<{ sessionId: string; isCurrent: boolean }>>(token, '/api/school/session');
  const sessionId = sessions.find((s) => s.isCurrent)!.sessionId;
  const classes = await apiGet<Array<{ assignClassId: string; masterClass: string; section: string }>>(token, `/api/school/assignclassteachersubject?sessionId=${sessionId}`);
  const { assignClassId } = classes.find((c) => c.masterClass === '5' && c.section === 'A')!;
  for (let date = addDays(kolkataToday(), -1), i = 0; i < 30; date = addDays(date, -1), i++) {
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0) continue;
    const day = await apiGet<{ dayKind: string; students: unknown[] }>(token, `/api/school/attendance/${assignClassId}/${date}`);
    if (day.dayKind === 'school') return { assignClassId, date, size: day.students.length };
  }
  throw new Error('no school day in the last 30 days');
}

/** A day as the English reader sees it in the bell ("25 Nov 2026"). */
const shownDay = (date: string) => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${date}T00:00:00`));

/** A student's row of the class list, and a tap on one of its statuses. */
const rowOf = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
async function tap(page: Page, name: string, status: string) {
  await rowOf(page, name).locator('label').filter({ hasText: new RegExp(`^${status}$`) }).click();
  await expect(rowOf(page, name).getByRole('radio', { name: status, exact: true })).toBeChecked();
}

/** Chooses Hindi on the sign-in page and waits until it is in place (and remembered). */
async function toHindi(page: Page) {
  await page.goto('./');
  await chooseLanguage(page, 'हिन्दी');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
}

async function otherUser(page: Page, role: 113 | 115, width: number) {
  const context = await page.context().browser()!.newContext({ viewport: { width, height: 900 } });
  const other = await context.newPage();
  await signInAs(other, role);
  return other;
}

test('a teacher marks 5-A on a phone and changes one mark; the principal sees the change; the parent has the alert', async ({ page }) => {
  test.setTimeout(180_000);
  const { assignClassId, date, size } = await theDay();

  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 114);
  // From the menu's screen, on the day found.
  await page.goto(`attendance?class=${assignClassId}&date=${date}`);
  await expect(page.getByRole('list', { name: 'Students of Class 5 – A' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Class' })).toHaveValue('Class 5 – A (your class)');
  await expect(page.getByText(`${size} present · 0 absent · 0 late · 0 on leave`)).toBeVisible();
  await expect(page.getByText('Not saved yet', { exact: true })).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'attendance-mark-en-375');

  await tap(page, 'Aarav Verma', 'Absent');
  await expect(page.getByText(`${size - 1} present · 1 absent · 0 late · 0 on leave`)).toBeVisible();
  await page.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText(/^Attendance saved: Class 5 – A/)).toBeVisible();
  await expect(page.getByText(/^Saved by Ravi Kumar/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save attendance' })).toBeDisabled();

  // One other mark changed, saved again.
  await tap(page, 'Ananya Iyer', 'Late');
  await expect(page.getByText('1 change not saved')).toBeVisible();
  await page.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText(`${size - 2} present · 1 absent · 1 late · 0 on leave`)).toBeVisible();
  await expect(page.getByText('Saved: nothing changed since')).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'attendance marking (en, 375)');
  await shot(page, 'attendance-saved-en-375');

  // A reload shows what was saved.
  await page.reload();
  await expect(rowOf(page, 'Aarav Verma')).toHaveAttribute('data-status', 'absent');
  await expect(rowOf(page, 'Ananya Iyer')).toHaveAttribute('data-status', 'late');

  // The read-only day, with the way back to edit it.
  await page.goto(`viewattendance/${date}?class=${assignClassId}`);
  await expect(rowOf(page, 'Aarav Verma')).toContainText('Absent');
  await expect(page.getByRole('link', { name: 'Edit in attendance' })).toHaveAttribute('href', /\/attendance\?class=/);
  await expectNoOverflow(page);
  await shot(page, 'attendance-view-en-375');

  // Unsaved changes: leaving asks first.
  await page.goto(`attendance?class=${assignClassId}&date=${date}`);
  await tap(page, 'Rohan Mehta', 'On leave');
  await page.getByRole('combobox', { name: 'Day or period' }).click();
  await page.getByRole('option', { name: 'Whole day' }).click();
  await fillDate(page.getByRole('textbox', { name: 'Date' }), addDays(date, -1));
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await shot(page, 'attendance-unsaved-en-375');
  await page.getByRole('button', { name: 'Stay and save' }).click();
  await expect(rowOf(page, 'Rohan Mehta')).toHaveAttribute('data-status', 'leave');

  // The principal: the change in the logs, at 1280 px.
  const principal = await otherUser(page, 113, 1280);
  await principal.goto('attendancelogs');
  const latest = principal.getByRole('list', { name: 'Attendance logs' }).getByRole('listitem').first();
  await expect(latest).toContainText('Class 5 – A');
  await expect(latest).toContainText('Changed by Ravi Kumar');
  await latest.getByRole('button', { name: '1 change' }).click();
  await expect(latest).toContainText('Ananya Iyer: Present → Late');
  await principal.locator('label').filter({ hasText: /^Periodwise$/ }).click();
  await expectPath(principal, '/attendancelogs');
  await expect(principal.getByText('No attendance data')).toBeVisible();
  await principal.locator('label').filter({ hasText: /^Daywise$/ }).click();
  await expect(principal.getByRole('list', { name: 'Attendance logs' }).getByRole('listitem').first()).toContainText('Changed by Ravi Kumar');
  await expectAccessible(principal, 'attendance logs (en, 1280)');
  await shot(principal, 'attendance-logs-en-1280');
  await principal.setViewportSize({ width: 375, height: 800 });
  await expectNoOverflow(principal);
  await shot(principal, 'attendance-logs-en-375');
  await principal.context().close();

  // The parent: the absence alert in the bell.
  const parent = await otherUser(page, 115, 375);
  await parent.getByRole('button', { name: 'Notifications' }).click();
  const panel = parent.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toContainText(`Aarav Verma was marked absent on ${shownDay(date)}.`);
  await shot(parent, 'attendance-alert-en-375');
  await parent.context().close();
});

test('in Hindi: the teacher corrects a mark on a phone, the principal reads the logs at 1280 and 375 px', async ({ page }) => {
  test.setTimeout(180_000);
  const { assignClassId, date } = await theDay();

  await page.setViewportSize({ width: 375, height: 800 });
  await toHindi(page);
  await signInAs(page, 114);
  await page.goto(`attendance?class=${assignClassId}&date=${date}`);
  await expect(page.getByRole('list', { name: 'कक्षा 5 – A के छात्र' })).toBeVisible();
  // Whatever the first journey left, mark Rohan on leave and save.
  await tap(page, 'Rohan Mehta', 'छुट्टी पर');
  await page.getByRole('button', { name: 'उपस्थिति सहेजें' }).click();
  await expect(page.getByText(/^उपस्थिति सहेजी गई: कक्षा 5 – A/)).toBeVisible();
  await expect(rowOf(page, 'Rohan Mehta')).toHaveAttribute('data-status', 'leave');
  await expectNoOverflow(page);
  await expectAccessible(page, 'attendance marking (hi, 375)');
  await shot(page, 'attendance-mark-hi-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoOverflow(page);
  await shot(page, 'attendance-mark-hi-1280');
  await page.setViewportSize({ width: 375, height: 800 });

  // A weekly off explains itself instead of the Save button.
  let sunday = addDays(kolkataToday(), -1);
  while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, -1);
  await page.goto(`attendance?class=${assignClassId}&date=${sunday}`);
  await expect(page.getByText('इस दिन साप्ताहिक अवकाश है: उपस्थिति नहीं लगती।')).toBeVisible();
  await expect(page.getByRole('button', { name: 'उपस्थिति सहेजें' })).toHaveCount(0);
  // No list and no marks on a day no one can mark: nobody is shown present.
  await expect(page.getByRole('list', { name: 'कक्षा 5 – A के छात्र' })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await shot(page, 'attendance-weekly-off-hi-375');
  // Nor on a date to come.
  await page.goto(`attendance?class=${assignClassId}&date=${addDays(kolkataToday(), 1)}`);
  await expect(page.getByText(/^(आने वाली तिथि की उपस्थिति नहीं लगाई जा सकती।|इस दिन साप्ताहिक अवकाश है: उपस्थिति नहीं लगती।)$/)).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'सभी उपस्थित' })).toHaveCount(0);

  const principal = await page.context().browser()!.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await principal.newPage();
  await toHindi(p);
  await signInAs(p, 113);
  await p.goto('attendancelogs');
  const latest = p.getByRole('list', { name: 'उपस्थिति लॉग' }).getByRole('listitem').first();
  await expect(latest).toContainText('कक्षा 5 – A');
  await expect(latest).toContainText('Ravi Kumar ने');
  await latest.getByRole('button', { name: /बदलाव/ }).click();
  await expect(latest).toContainText('Rohan Mehta:');
  await expect(latest).toContainText('छुट्टी पर');
  await expectAccessible(p, 'attendance logs (hi, 1280)');
  await shot(p, 'attendance-logs-hi-1280');
  await p.setViewportSize({ width: 375, height: 800 });
  await expectNoOverflow(p);
  await shot(p, 'attendance-logs-hi-375');
  await principal.close();
});
