import { expect, request, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { formatDateFor } from '@shala/contract';
import { expectAccessible, expectNoOverflow, shot, tr } from './support';
import { apiOn, copyOfSeed, DAY_MS, dayIn, phoneOn, startOwnServer } from './own-server';
import { ABSENCE_SMS_ACCOUNT, PROVIDERS } from './providers-config';
import { SERVER_NOW } from './servers';

/**
 * Leave asked by parents (issue 43), across a day, on a server of its own (a copy of the seeded
 * school) whose SMS account is the fake MSG91's: the parent (DEMO-G0001), on a phone in Hindi, asks
 * tomorrow's leave for Aarav (5-A) with a photo of a note; the class teacher (DEMO-T0001), in Hindi,
 * approves it. The server is started again a day on: the marking list shows Aarav on leave before a
 * save; the teacher marks Rohan absent and saves: Rohan's parent gets the absence SMS (the phone lane
 * works), Aarav's parent neither an SMS nor a notification of an absence.
 */

const PARENT = 'DEMO-G0001';
const TEACHER = 'DEMO-T0001';
const AARAV = 'Aarav Verma';
const ROHAN = 'Rohan Mehta';
const AARAV_PHONE = '919876543210';
const ROHAN_PARENT_PHONE = '919876543212';

/** The absence SMS the fake MSG91 got for a number that name a date (in either language). */
async function absencesTo(mobile: string, date: string): Promise<string[]> {
  const ctx = await request.newContext();
  try {
    const all = (await (await ctx.get(`http://127.0.0.1:${PROVIDERS.controlPort}/sent`)).json()) as { sms: Array<{ mobiles: string; templateId: string; text: string }> };
    const days = [formatDateFor('en', date), formatDateFor('hi', date)];
    return all.sms.filter((s) => s.mobiles === mobile && s.templateId.startsWith('absent_') && days.some((d) => s.text.includes(d))).map((s) => s.text);
  } finally {
    await ctx.dispose();
  }
}

/** A photo of a handwritten note (a small grey PNG). */
function notePhoto(): Buffer {
  const png = new PNG({ width: 64, height: 48 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([200 + (i % 40), 200, 190, 255], i);
  return PNG.sync.write(png);
}

test('a parent asks tomorrow’s leave in Hindi with a photo, the class teacher approves, and tomorrow the child is on leave with no absence sent', async ({ browser }) => {
  test.setTimeout(240_000);
  const dataDir = copyOfSeed();
  const startMs = Date.parse(SERVER_NOW);
  const tomorrow = dayIn(startMs + DAY_MS);
  let server = await startOwnServer(dataDir, new Date(startMs).toISOString());
  try {
    // The parent, on a phone in Hindi: from its dashboard to the request form.
    const parent = await phoneOn(browser, server, 'hi', PARENT, '/parentdashboard');
    await parent.getByRole('main').getByRole('link', { name: tr('hi', 'studentLeave.dashboardLink') }).click();
    await expect(parent.getByRole('heading', { level: 1, name: tr('hi', 'routes.leave') })).toBeVisible();
    await parent.getByRole('button', { name: tr('hi', 'studentLeave.ask') }).first().click();
    const form = parent.getByRole('form', { name: tr('hi', 'studentLeave.askForm') });
    await form.getByRole('combobox', { name: tr('hi', 'studentLeave.child') }).selectOption({ label: AARAV });
    await form.getByRole('textbox', { name: tr('hi', 'studentLeave.from') }).fill(tomorrow);
    await form.getByRole('textbox', { name: tr('hi', 'studentLeave.from') }).blur();
    await form.getByRole('radio', { name: tr('hi', 'studentLeave.reasons.illness') }).check();
    await form.getByRole('textbox', { name: tr('hi', 'studentLeave.note') }).fill('बुखार है, डॉक्टर ने आराम बताया है');
    await form.locator('input[type="file"]').setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: notePhoto() });
    await expect(form.getByTestId('picked-file')).toHaveCount(1);
    await expectNoOverflow(parent);
    await shot(parent, 'student-leave-ask-hi-375');
    await form.getByRole('button', { name: tr('hi', 'studentLeave.askSubmit') }).click();
    await expect(form).toBeHidden();
    const mine = parent.getByRole('list', { name: tr('hi', 'studentLeave.listLabel') }).getByTestId('student-leave');
    await expect(mine.filter({ hasText: AARAV }).first()).toHaveAttribute('data-status', 'pending');
    await expectNoOverflow(parent);
    await expectAccessible(parent, 'student leave 375 hi');
    await shot(parent, 'student-leave-mine-hi-375');

    // The class teacher, on a phone in Hindi, approves it with a comment.
    const teacher = await phoneOn(browser, server, 'hi', TEACHER, '/teacherdashboard');
    await teacher.goto('leaverequests');
    const request = teacher.getByTestId('student-leave').filter({ hasText: AARAV }).filter({ has: teacher.getByRole('button', { name: tr('hi', 'studentLeave.approve'), exact: true }) });
    await expect(request.first()).toBeVisible();
    await expectNoOverflow(teacher);
    await expectAccessible(teacher, 'leave requests 375 hi');
    await shot(teacher, 'student-leave-requests-hi-375');
    await request.first().getByRole('button', { name: tr('hi', 'studentLeave.approve'), exact: true }).click();
    const dialog = teacher.getByRole('dialog');
    await dialog.getByRole('textbox', { name: tr('hi', 'studentLeave.comment') }).fill('जल्दी ठीक हो जाओ');
    await dialog.getByRole('button', { name: tr('hi', 'studentLeave.submit.approve'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await parent.reload();
    await expect(mine.filter({ hasText: AARAV }).first()).toHaveAttribute('data-status', 'approved');
    await parent.context().close();
    await teacher.context().close();
  } finally {
    await server.stop();
  }

  // Tomorrow: the same school, the clock a day on, its SMS account the fake MSG91's.
  server = await startOwnServer(dataDir, new Date(startMs + DAY_MS).toISOString());
  try {
    const principal = await apiOn(server, 'DEMO-P0001');
    await principal.call('PUT', '/api/school/messaging/sms', ABSENCE_SMS_ACCOUNT);
    await principal.dispose();

    const teacher = await phoneOn(browser, server, 'hi', TEACHER, '/teacherdashboard');
    await teacher.goto('attendance');
    const row = (name: string) => teacher.getByRole('listitem', { name, exact: true });
    await expect(row(AARAV)).toHaveAttribute('data-status', 'leave');
    await expect(row(AARAV)).toContainText(tr('hi', 'attendance.onLeaveFor', { reason: tr('hi', 'studentLeave.reasons.illness') }));
    await expectNoOverflow(teacher);
    await shot(teacher, 'student-leave-marking-hi-375');
    // Rohan absent: the control that the phone lane is working.
    await row(ROHAN).locator('label').filter({ hasText: new RegExp(`^${tr('hi', 'attendance.status.absent')}$`) }).click();
    const saved = teacher.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/school/attendance/'));
    await teacher.getByRole('button', { name: tr('hi', 'attendance.mark.save') }).click();
    expect((await saved).status()).toBe(200);
    await expect(row(AARAV)).toHaveAttribute('data-status', 'leave');

    await expect.poll(() => absencesTo(ROHAN_PARENT_PHONE, tomorrow), { timeout: 30_000 }).toHaveLength(1);
    expect(await absencesTo(AARAV_PHONE, tomorrow)).toEqual([]);
    const parentApi = await apiOn(server, PARENT);
    const bell = await parentApi.call<{ items: Array<{ kind: string; params: Record<string, unknown> }> }>('GET', '/api/notifications?page=1&pageSize=50');
    expect(bell.items.filter((n) => n.kind === 'absence' && n.params.date === tomorrow)).toEqual([]);
    expect(bell.items.some((n) => n.kind === 'leave_decided')).toBe(true);
    await parentApi.dispose();
    await teacher.context().close();
  } finally {
    await server.stop();
  }
});
