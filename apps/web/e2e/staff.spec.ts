import fs from 'node:fs';
import { createHmac, hkdfSync } from 'node:crypto';
import { expect, request, test, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { ACCOUNTS, apiAs, chooseLanguage, escapeRegExp, expectAccessible, expectNoOverflow, pageIn, PASSWORD, schoolToday, shot, signInAs, signInWith } from './support';
import { API_BASE } from './servers';
import { PROVIDERS } from './providers-config';

/**
 * The staff register (issue 42, first part): the principal marks today's register (a date no other
 * journey saves) on a phone in Hindi, a teacher absent and another on half a day, saves, reloads and
 * finds them; then at 1280 px in English reads the month's grid and exports its CSV. The demo seed
 * has staff without a sign-in (a driver, an attendant, a guard) and the last weeks' registers.
 *
 * Self check-in, in the second story: the office shows the check-in QR on a desktop; a teacher, in a
 * second browser, scans it (the QR read from the office's screen, as a phone's camera would) and
 * checks in on a phone in Hindi. A code 61 s old is refused first. The month's CSV counts the day.
 */

/** The check-in token of a school at an instant, as the server makes it (modules/staff/checkin.ts: HKDF of SECRETS_KEY, HMAC of school and 30 s window). */
function tokenAt(schoolId: string, atMs: number): string {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(PROVIDERS.secretsKey, 'base64'), Buffer.alloc(0), 'shala staff check-in', 32));
  const window = Math.floor(atMs / 30_000);
  return `${window}.${createHmac('sha256', key).update(`${schoolId}.${window}`).digest().subarray(0, 16).toString('base64url')}`;
}

const HI = JSON.parse(fs.readFileSync('apps/web/src/i18n/hi.json', 'utf8')) as { checkin: { checkIn: string; doneAt: string }; errors: { reasons: Record<string, string> } };

// A teacher the other journeys of today leave alone (staff.spec marks the register's first two teachers).
const TEACHER = 'DEMO-T0020';

/** The day's register (its list), once loaded. */
async function register(page: Page, name: string): Promise<Locator> {
  const list = page.getByRole('list', { name });
  await expect(list).toBeVisible();
  return list;
}

/** The names of the register's first two teachers (their role's name under the name). */
async function twoTeachers(list: Locator, teacher: string): Promise<[string, string]> {
  const rows = list.getByRole('listitem').filter({ hasText: teacher });
  await expect(rows.nth(1)).toBeVisible();
  const first = (await rows.nth(0).getAttribute('aria-label'))!;
  const second = (await rows.nth(1).getAttribute('aria-label'))!;
  return [first, second];
}

/** Splits a CSV line (no embedded newlines in these names). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

test('the principal marks today’s staff register at 375 px in Hindi, finds it after a reload, and reads the month and its CSV at 1280 px in English', async ({ page }) => {
  const today = schoolToday();
  const month = today.slice(0, 7);
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 113);
  await chooseLanguage(page, 'हिन्दी');
  await page.goto('staffattendance');
  await expect(page.getByRole('heading', { level: 1, name: 'कर्मचारी रजिस्टर' })).toBeVisible();

  const list = await register(page, 'कर्मचारी रजिस्टर');
  // Staff without a sign-in are on it with their designation; teachers with their role's name.
  await expect(list.getByRole('listitem')).not.toHaveCount(0);
  const [absent, half] = await twoTeachers(list, 'शिक्षक');
  await expectNoOverflow(page);
  // (axe on this screen in Hindi at 375 px: screens.spec.ts)
  await shot(page, 'staff-day-hi-375');

  // Marked whatever today held before (a retry finds its own marks): set both, everyone else as is.
  await page.getByRole('combobox', { name: `${absent} की स्थिति` }).selectOption('absent');
  await page.getByRole('combobox', { name: `${half} की स्थिति` }).selectOption('half_first');
  await expect(list.getByRole('listitem', { name: absent })).toHaveAttribute('data-status', 'absent');
  await expect(page.getByText(/\d+ अनुपस्थित/)).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'staff-day-marked-hi-375');
  await page.getByRole('button', { name: 'रजिस्टर सहेजें' }).click();
  await expect(page.getByText(/को सहेजा गया$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'रजिस्टर सहेजें' })).toBeDisabled();

  // After a reload: the saved marks.
  await page.reload();
  await register(page, 'कर्मचारी रजिस्टर');
  await expect(page.getByRole('combobox', { name: `${absent} की स्थिति` })).toHaveValue('absent');
  await expect(page.getByRole('combobox', { name: `${half} की स्थिति` })).toHaveValue('half_first');
  await expect(page.getByText(/को सहेजा गया$/)).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'staff-day-saved-hi-375');

  // The month on a phone: the days scroll inside their own box, the page stays put.
  await page.getByText('महीना', { exact: true }).click();
  await expect(page.getByTestId('staff-month-table')).toBeVisible();
  await expectNoOverflow(page);
  const scroll = page.getByTestId('staff-month-scroll');
  expect(await scroll.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expectAccessible(page, 'staff month 375 hi');
  await shot(page, 'staff-month-hi-375');

  // English at 1280 px.
  await chooseLanguage(page, 'English');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('staffattendance');
  const english = await register(page, 'Staff register');
  await expect(page.getByRole('combobox', { name: `Status of ${absent}` })).toHaveValue('absent');
  await expect(page.getByRole('combobox', { name: `Status of ${half}` })).toHaveValue('half_first');
  await expect(page.getByText(/^Saved on /)).toBeVisible();
  await expect(english.getByRole('listitem').filter({ hasText: 'Teacher' }).first()).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'staff register 1280 en');
  await shot(page, 'staff-day-en-1280');

  // The month: today's column shows A and H for the two teachers.
  await page.getByText('Month', { exact: true }).click();
  const table = page.getByTestId('staff-month-table');
  await expect(table).toBeVisible();
  const rowOf = (name: string) => table.getByTestId('staff-month-row').filter({ has: page.getByRole('rowheader', { name: new RegExp(escapeRegExp(name)) }) });
  await expect(rowOf(absent).locator(`td[data-date="${today}"]`)).toHaveText('A');
  await expect(rowOf(half).locator(`td[data-date="${today}"]`)).toHaveText('H');
  expect(Number(await rowOf(absent).locator('[data-count="absent"]').textContent())).toBeGreaterThanOrEqual(1);
  expect(Number(await rowOf(half).locator('[data-count="halfDays"]').textContent())).toBeGreaterThanOrEqual(1);
  await expectNoOverflow(page);
  await expectAccessible(page, 'staff month 1280 en');
  await shot(page, 'staff-month-en-1280');

  // The CSV (English): a header with a column a day, the two teachers' letters on today, their counts.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  const header = cells(lines[0]!);
  // A column a day of the month: today's named by its date (or its day of the month).
  const todayAt = header.findIndex((h) => h === today || h === String(Number(today.slice(8))) || h.startsWith(`${today} `));
  expect(todayAt, `header: ${lines[0]}`).toBeGreaterThan(0);
  expect(header.some((h) => /present/i.test(h)), `header: ${lines[0]}`).toBe(true);
  expect(header.some((h) => /absent/i.test(h)), `header: ${lines[0]}`).toBe(true);
  expect(header.filter((h) => h.startsWith(month)).length >= 28 || header.length >= 30).toBe(true);
  const lineOf = (name: string) => cells(lines.find((l) => l.includes(name))!);
  expect(lineOf(absent)[todayAt]).toBe('A');
  expect(lineOf(half)[todayAt]).toBe('H');
  const absentCount = header.findIndex((h) => /absent/i.test(h));
  expect(Number(lineOf(absent)[absentCount])).toBeGreaterThanOrEqual(1);
});

test('the principal reads the staff without a sign-in at 375 and 1280 px; a teacher checks in with the office’s QR, a 61 s old code is refused, and the month’s CSV counts the day', async ({ browser, page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 113);
  await page.goto('staffmembers');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff members' })).toBeVisible();
  await expect(page.getByText(/driver/i).first()).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'staff members 375');
  await shot(page, 'staff-members-en-375');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const form = page.getByRole('form', { name: 'Add a staff member' });
  await expect(form.getByRole('textbox', { name: /Full name/ })).toBeFocused();
  await expectNoOverflow(page);
  await shot(page, 'staff-member-add-en-375');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('table', { name: 'Staff members' })).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'staff-members-en-1280');

  // The office's desktop: the check-in QR, and a teacher checking in with it.
  const today = schoolToday();
  await page.goto('staffattendance');
  await page.getByText('Check-in QR', { exact: true }).click();
  const qr = page.getByTestId('checkin-qr');
  await expect(qr).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'check-in qr 1280 en');
  await shot(page, 'staff-checkin-qr-en-1280');

  // The phone's camera: the QR as the office's screen shows it.
  const png = PNG.sync.read(await qr.screenshot());
  const scanned = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(scanned, 'the office screen’s QR reads').toBeTruthy();
  const link = new URL(scanned!.data);
  expect(link.pathname).toBe('/sms_frontend/checkin');
  const token = link.searchParams.get('t')!;
  const window = Number(token.split('.')[0]);

  // A teacher on a phone, in Hindi.
  const phone = await pageIn(browser, 'hi', 375);
  await signInWith(phone, TEACHER, '/teacherdashboard');
  const schoolId = (await phone.context().cookies()).find((c) => c.name === 'schoolId')!.value;
  // 61 s before the shown code's window began: refused.
  const old = tokenAt(decodeURIComponent(schoolId), window * 30_000 - 61_000);
  await phone.goto(`checkin?t=${old}`);
  await phone.getByRole('button', { name: HI.checkin.checkIn }).click();
  await expect(phone.getByText(HI.errors.reasons.qr_invalid)).toBeVisible();
  await shot(phone, 'staff-checkin-refused-hi-375');

  // The code the office shows: checked in.
  await phone.goto(`checkin?t=${token}`);
  await phone.getByRole('button', { name: HI.checkin.checkIn }).click();
  await expect(phone.getByText(new RegExp(`^${HI.checkin.doneAt.replace('{{time}}', '.+')}$`))).toBeVisible();
  await expectNoOverflow(phone);
  await expectAccessible(phone, 'check-in 375 hi');
  await shot(phone, 'staff-checkin-done-hi-375');

  // The month's CSV: the teacher present today.
  const principal = await apiAs(113);
  const teachers = await principal.call<{ items: Array<{ loginId: string; fullName: string }> }>('GET', `/api/school/teacher?page=1&pageSize=100`);
  const name = teachers.items.find((x) => x.loginId === TEACHER)!.fullName;
  await principal.dispose();
  const office = await request.newContext({ baseURL: API_BASE });
  const signedIn = await office.post('/api/signin', { data: { loginId: ACCOUNTS[113].loginId, password: PASSWORD } });
  const officeToken = ((await signedIn.json()) as { result: { token: string } }).result.token;
  const res = await office.get(`/api/school/staffattendance/month/csv?month=${today.slice(0, 7)}`, { headers: { token: officeToken } });
  expect(res.status()).toBe(200);
  const lines = (await res.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0]!.split(',');
  const column = header.indexOf(String(Number(today.slice(8, 10))));
  const line = lines.find((l) => l.startsWith(`${name},`) || l.startsWith(`"${name}",`))!;
  expect(line, `${name} in the month's CSV`).toBeTruthy();
  expect(line.split(',')[column]).toBe('P');
  await office.dispose();
  await phone.context().close();
});
