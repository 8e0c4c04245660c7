import fs from 'node:fs';
import { createHmac, hkdfSync } from 'node:crypto';
import { expect, request, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { ACCOUNTS, apiAs, expectAccessible, expectNoOverflow, pageIn, schoolToday, PASSWORD, shot, signInAs, signInWith } from './support';
import { API_BASE } from './servers';
import { PROVIDERS } from './providers-config';

/**
 * Self check-in (issue 42): the office shows the check-in QR on a desktop; a teacher, in a second
 * browser, scans it (the QR read from the office's screen, as a phone's camera would) and checks in
 * on a phone in Hindi. A code 61 s old is refused first. The month's CSV counts the day.
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

test('a teacher checks in with the office’s QR, a 61 s old code is refused, and the month’s CSV counts the day', async ({ browser, page }) => {
  const today = schoolToday();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 113);
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
