import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoOverflow, shot } from './support';
import { apiOn, copyOfSeed, DAY_MS, dayIn, phoneOn, startOwnServer } from './own-server';
import { SERVER_NOW } from './servers';

/**
 * Staff leave and the arrangement register (issue 42), across a day. On a server of its own (a copy
 * of the seeded school): a teacher applies on a phone, in Hindi, for tomorrow's casual leave; the
 * principal approves it; the teacher's CL balance falls by one. The server is started again a day
 * on: the principal's arrangement page lists the teacher's periods, "Fill all", confirm; the
 * substitute finds its extra period on its dashboard and saves that period's attendance (200); a
 * teacher with no arrangement there gets 403; two teachers present exchange a period.
 */

const texts = (lang: 'en' | 'hi') => JSON.parse(fs.readFileSync(`apps/web/src/i18n/${lang}.json`, 'utf8')) as Record<string, Record<string, unknown>>;
const EN = texts('en');
const HI = texts('hi');
const at = (dict: Record<string, unknown>, key: string): string => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], dict) as string;

const TEACHER = 'DEMO-T0001';
const PRINCIPAL = 'DEMO-P0001';
interface Balances {
  userId: string;
  fullName: string;
  balances: Array<{ code: string; available: number }>;
}
interface Day {
  periods: Array<{ periodId: string; class: { assignClassId: string }; absentTeacherId: string; substitute: { teacherId: string } | null }>;
}

test('a teacher applies for tomorrow’s CL in Hindi, the principal approves, and tomorrow the arrangement is filled, confirmed and marked by the substitute', async ({ browser }) => {
  test.setTimeout(240_000);
  const dataDir = copyOfSeed();
  const startMs = Date.parse(SERVER_NOW);
  const today = dayIn(startMs);
  const tomorrow = dayIn(startMs + DAY_MS);
  let server = await startOwnServer(dataDir, new Date(startMs).toISOString());
  try {
    const teacherApi = await apiOn(server, TEACHER);
    const before = await teacherApi.call<Balances>('GET', '/api/school/staffleave/balances');
    const clBefore = before.balances.find((b) => b.code === 'CL')!.available;

    // The teacher, on a phone in Hindi: from its dashboard to the leave form.
    const teacher = await phoneOn(browser, server, 'hi', TEACHER, '/teacherdashboard');
    await teacher.getByRole('link', { name: at(HI, 'staffLeave.dashboardLink') }).click();
    await expect(teacher.getByRole('heading', { level: 1, name: at(HI, 'routes.staffleave') })).toBeVisible();
    await teacher.getByRole('button', { name: at(HI, 'staffLeave.apply') }).first().click();
    const form = teacher.getByRole('form', { name: at(HI, 'staffLeave.applyForm') });
    await form.getByRole('combobox', { name: at(HI, 'staffLeave.type') }).selectOption({ index: 1 });
    await form.getByRole('textbox', { name: at(HI, 'staffLeave.from') }).fill(tomorrow);
    await form.getByRole('textbox', { name: at(HI, 'staffLeave.from') }).blur();
    await form.getByRole('textbox', { name: at(HI, 'staffLeave.reason') }).fill('पारिवारिक कार्यक्रम');
    await expectNoOverflow(teacher);
    await shot(teacher, 'staff-leave-apply-hi-375');
    await form.getByRole('button', { name: at(HI, 'staffLeave.applySubmit') }).click();
    const mine = teacher.getByRole('list', { name: at(HI, 'staffLeave.listLabel') }).getByTestId('leave-row');
    await expect(mine.filter({ hasText: 'CL' }).first()).toHaveAttribute('data-status', 'pending');
    await expectNoOverflow(teacher);
    await expectAccessible(teacher, 'staff leave 375 hi');
    await shot(teacher, 'staff-leave-mine-hi-375');

    // The principal, on a phone in English, approves it.
    const principal = await phoneOn(browser, server, 'en', PRINCIPAL, '/schooladmin');
    await principal.goto('staffleave');
    await principal.getByRole('tab', { name: at(EN, 'staffLeave.tabs.applications') }).click();
    const pending = principal.getByTestId('leave-row').filter({ hasText: before.fullName }).filter({ hasText: 'CL' }).filter({ has: principal.getByRole('button', { name: at(EN, 'staffLeave.approve') }) });
    const row = pending.first();
    await expectNoOverflow(principal);
    await shot(principal, 'staff-leave-applications-en-375');
    await row.getByRole('button', { name: at(EN, 'staffLeave.approve') }).click();
    const dialog = principal.getByRole('dialog');
    await dialog.getByRole('button', { name: at(EN, 'staffLeave.approve') }).click();
    await expect(dialog).toBeHidden();

    // The balance fell by one, on the teacher's screen too.
    const after = await teacherApi.call<Balances>('GET', '/api/school/staffleave/balances');
    expect(after.balances.find((b) => b.code === 'CL')!.available).toBe(clBefore - 1);
    await teacher.reload();
    await expect(mine.filter({ hasText: 'CL' }).first()).toHaveAttribute('data-status', 'approved');
    await teacherApi.dispose();
    await principal.context().close();
    await teacher.context().close();
    expect(tomorrow > today).toBe(true);
  } finally {
    await server.stop();
  }

  // Tomorrow: the same school, the clock a day on.
  server = await startOwnServer(dataDir, new Date(startMs + DAY_MS).toISOString());
  try {
    const principalApi = await apiOn(server, PRINCIPAL);
    const teacherId = (await (await apiOn(server, TEACHER)).call<Balances>('GET', '/api/school/staffleave/balances')).userId;
    const principal = await phoneOn(browser, server, 'hi', PRINCIPAL, '/schooladmin');
    await principal.goto('substitutions');
    await expect(principal.getByRole('heading', { level: 1, name: at(HI, 'routes.substitutions') })).toBeVisible();
    const list = principal.getByRole('list', { name: at(HI, 'substitutions.listLabel') });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await principal.getByRole('button', { name: at(HI, 'substitutions.fillAll') }).click();
    await expectNoOverflow(principal);
    // (axe on the arrangement page, filled, in Hindi at 375 px: screens.spec.ts, on the demo's arranged today)
    await shot(principal, 'substitutions-filled-hi-375');
    await principal.getByRole('button', { name: at(HI, 'substitutions.confirm') }).click();
    await expect(principal.getByText(at(HI, 'substitutions.upToDate'))).toBeVisible();
    await shot(principal, 'substitutions-confirmed-hi-375');

    // Every period of the teacher on leave is arranged.
    const day = await principalApi.call<Day>('GET', `/api/school/substitutions?date=${tomorrow}`);
    const theirs = day.periods.filter((p) => p.absentTeacherId === teacherId);
    expect(theirs.length).toBeGreaterThan(0);
    const covered = theirs.find((p) => p.substitute)!;
    expect(covered, 'a period of the teacher on leave arranged').toBeTruthy();
    const substitute = await principalApi.call<{ loginId: string }>('GET', `/api/school/teacher/${covered.substitute!.teacherId}`);

    // The substitute sees its extra period on its dashboard and marks it.
    const sub = await phoneOn(browser, server, 'en', substitute.loginId, '/teacherdashboard');
    await expect(sub.getByText(at(EN, 'substitutions.covers.title'))).toBeVisible();
    await shot(sub, 'substitute-dashboard-en-375');
    const saved = sub.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/api/school/attendance/${covered.class.assignClassId}/`));
    await sub.getByRole('link', { name: /^Mark attendance/ }).first().click();
    await sub.getByRole('button', { name: 'Save attendance' }).click();
    expect((await saved).status()).toBe(200);
    await expectNoOverflow(sub);
    await shot(sub, 'substitute-marked-en-375');

    // A teacher with no arrangement in that class and period (neither its class teacher nor one of its
    // subject teachers): 403 on saving that period.
    const cls = await principalApi.call<{ sessionId: string; classTeacher: { userId: string } | null; subjectList: Array<{ teacher: { userId: string } | null }>; studentList: Array<{ userId: string }> }>(
      'GET',
      `/api/school/getassignclass/${covered.class.assignClassId}`,
    );
    const related = new Set([cls.classTeacher?.userId, ...cls.subjectList.map((s) => s.teacher?.userId), covered.substitute!.teacherId, teacherId]);
    const teachers = await principalApi.call<{ items: Array<{ userId: string; loginId: string; status: boolean }> }>('GET', '/api/school/teacher?page=1&pageSize=100');
    const stranger = teachers.items.find((x) => x.status && !related.has(x.userId))!;
    expect(stranger, 'a teacher with nothing to do with the class').toBeTruthy();
    const strangerApi = await apiOn(server, stranger.loginId);
    const marks = cls.studentList.map((s) => ({ studentId: s.userId, status: 'present' }));
    await strangerApi.call('POST', `/api/school/attendance/${covered.class.assignClassId}/${cls.sessionId}`, { date: tomorrow, periodId: covered.periodId, marks }, 403);
    await strangerApi.dispose();

    // Two teachers present exchange a period, for this day only: both rows show as an exchange.
    await principal.getByRole('button', { name: at(HI, 'substitutions.exchange.open') }).click();
    const exchange = principal.getByRole('dialog', { name: at(HI, 'substitutions.exchange.title') });
    await exchange.getByRole('combobox', { name: at(HI, 'substitutions.exchange.first') }).selectOption({ index: 1 });
    await exchange.getByRole('combobox', { name: at(HI, 'substitutions.exchange.second') }).selectOption({ index: 1 });
    await expectNoOverflow(principal);
    await expectAccessible(principal, 'exchange 375 hi');
    await shot(principal, 'substitutions-exchange-hi-375');
    await exchange.getByRole('button', { name: at(HI, 'substitutions.exchange.confirm') }).click();
    await expect(exchange).toBeHidden();
    await expect(list.getByText(at(HI, 'substitutions.exchange.badge'), { exact: true })).toHaveCount(2);
    await shot(principal, 'substitutions-exchanged-hi-375');
    await principalApi.dispose();
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
