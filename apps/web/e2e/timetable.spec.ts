import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseLanguage, expectAccessible, expectNoOverflow, expectPath, shot, signInAs } from './support';
import { API_BASE } from './servers';

/**
 * Periods and timetables: the principal adds periods (a break among them) and builds a class's
 * week, then puts a teacher where it already teaches another class and sees the clash flagged and
 * refused; the teacher sees its week. In English at 1280 px and in Hindi at 375 px. Everything
 * happens in the demo's NEXT session (its classes are empty), whose subjects and teachers are
 * given through the API first, so the current session's demo data is left alone.
 */

let ctx: APIRequestContext;
test.afterAll(async () => ctx?.dispose());

interface Person {
  userId: string;
  fullName: string;
}
interface Setup {
  sessionId: string;
  classes: Map<string, string>;
  teachers: Record<'T0001' | 'T0002' | 'T0003', Person>;
}

async function send<T>(token: string, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const res = await ctx.fetch(path, { method, headers: { token }, data: body });
  const json = (await res.json()) as { result: T };
  expect(res.status(), `${method} ${path}: ${JSON.stringify(json)}`).toBe(200);
  return json.result;
}

let setup: Setup | null = null;
/** The next session, its classes, three demo teachers, and subjects with teachers in 6-A, 6-B, 4-A and 4-B. */
async function setUp(): Promise<Setup> {
  if (setup) return setup;
  ctx = await request.newContext({ baseURL: API_BASE });
  const signin = await ctx.post('/api/signin', { data: { loginId: 'DEMO-P0001', password: 'Shala@2024' } });
  const token = ((await signin.json()) as { result: { token: string } }).result.token;
  const sessions = await send<Array<{ sessionId: string; isCurrent: boolean; startDate: string }>>(token, 'GET', '/api/school/session');
  const current = sessions.find((s) => s.isCurrent)!;
  const next = sessions.filter((s) => s.startDate > current.startDate).sort((a, b) => a.startDate.localeCompare(b.startDate))[0]!;
  const list = await send<{ items: Array<{ assignClassId: string; masterClass: string; section: string }> }>(
    token,
    'GET',
    `/api/school/getallassignclass/${next.sessionId}?pageSize=100`,
  );
  const classes = new Map(list.items.map((c) => [`${c.masterClass}-${c.section}`, c.assignClassId]));
  const subjects = await send<{ items: Array<{ subjectId: string; masterCode: string | null }> }>(token, 'GET', '/api/school/subject?pageSize=100&status=active');
  const subject = (code: string) => subjects.items.find((s) => s.masterCode === code)!.subjectId;
  const teacher = async (loginId: string) => {
    const found = await send<{ items: Array<Person & { loginId: string }> }>(token, 'GET', `/api/school/teacher?search=${loginId}`);
    const t = found.items.find((p) => p.loginId === loginId)!;
    return { userId: t.userId, fullName: t.fullName };
  };
  const teachers = { T0001: await teacher('DEMO-T0001'), T0002: await teacher('DEMO-T0002'), T0003: await teacher('DEMO-T0003') };
  const assign = (cls: string, rows: Array<[string, Person]>) =>
    send(token, 'POST', '/api/school/assignteachersubject', {
      assignClassId: classes.get(cls),
      assignments: rows.map(([code, p]) => ({ subjectId: subject(code), teacherId: p.userId })),
    });
  await assign('6-A', [
    ['MATH', teachers.T0001],
    ['HIN', teachers.T0002],
  ]);
  await assign('6-B', [
    ['MATH', teachers.T0001],
    ['ENG', teachers.T0002],
  ]);
  await assign('4-A', [
    ['MATH', teachers.T0003],
    ['HIN', teachers.T0002],
  ]);
  await assign('4-B', [
    ['MATH', teachers.T0003],
    ['ENG', teachers.T0002],
  ]);
  setup = { sessionId: next.sessionId, classes, teachers };
  return setup;
}

/** Works in the next session (what the header's picker stores), from the next page on. */
async function useSession(page: Page, sessionId: string) {
  await page.evaluate((id) => sessionStorage.setItem('SessionId', id), sessionId);
}

async function toHindi(page: Page) {
  await chooseLanguage(page, 'हिन्दी');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
}

/** Chooses an option of a (not searchable) Mantine select. */
async function choose(page: Page, name: string, option: RegExp) {
  await page.getByRole('combobox', { name, exact: true }).click();
  // The Mantine dropdown's options (the header's language picker has native options too).
  await page.locator('.mantine-Select-option:visible').filter({ hasText: option }).first().click();
}

test('the principal adds periods and builds a timetable; a clash is flagged and refused; the teacher sees its week (English, 1280 px)', async ({ page }) => {
  test.setTimeout(180_000);
  const s = await setUp();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 113);
  await useSession(page, s.sessionId);

  // No periods yet: the empty state links to the form.
  await page.goto('period_datapage');
  await expect(page.getByText('No periods in the session')).toBeVisible();
  await page.getByRole('link', { name: 'Add periods' }).click();
  await expectPath(page, '/addclass_periods');

  // Three periods and a lunch break; the next start is filled in from the last end.
  const add = async (name: string, start: string | null, end: string, isBreak = false, last = false) => {
    await page.getByRole('textbox', { name: 'Period name' }).fill(name);
    if (start) await page.getByLabel('Start time').fill(start);
    await page.getByLabel('End time').fill(end);
    if (isBreak) await page.getByRole('checkbox', { name: 'This is a break' }).check();
    await page.getByRole('button', { name: last ? 'Save period' : 'Save and add another' }).click();
    if (!last) await expect(page.getByText(`“${name}” added.`)).toBeVisible();
  };
  await add('Period 1', '09:00', '09:40');
  await expect(page.getByLabel('Start time')).toHaveValue('09:40');
  await add('Period 2', null, '10:20');
  await add('Lunch', null, '10:50', true);
  await add('Period 3', null, '11:30', false, true);
  await expectPath(page, '/period_datapage');
  const table = page.getByRole('table', { name: 'Periods' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table.getByRole('row', { name: /Lunch 10:20 10:50 Break/ })).toBeVisible();
  await expectAccessible(page, 'periods (en)');
  await shot(page, 'timetable-periods-en-1280');

  // An overlapping period is refused on its start time, naming the other period.
  await page.goto('addclass_periods');
  await page.getByRole('textbox', { name: 'Period name' }).fill('Extra');
  await page.getByLabel('Start time').fill('09:30');
  await page.getByLabel('End time').fill('10:00');
  await page.getByRole('button', { name: 'Save period' }).click();
  await expect(page.getByText('This time overlaps the period Period 1.').first()).toBeVisible();
  await expect(page.getByLabel('Start time')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'timetable-period-overlap-en-1280');

  // 6-A: Mathematics (T0001) and Hindi on Monday, copied to Tuesday; the break is not a cell.
  const ravi = s.teachers.T0001.fullName;
  await page.goto(`timetable?class=${s.classes.get('6-A')}`);
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'No timetable for the selected class' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Subject on Monday, Lunch' })).toHaveCount(0);
  await choose(page, 'Subject on Monday, Period 1', /^Mathematics/);
  await choose(page, 'Subject on Monday, Period 2', /^Hindi/);
  await page.getByRole('button', { name: 'Copy Monday to other days' }).click();
  await page.getByRole('checkbox', { name: 'Tuesday' }).check();
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Subject on Tuesday, Period 1' })).toHaveValue(/^Mathematics/);
  await page.getByRole('button', { name: 'Save timetable' }).click();
  await expect(page.getByText('The timetable of Class 6 – A is saved.')).toBeVisible();
  await expectAccessible(page, 'timetable editor (en)');
  await shot(page, 'timetable-editor-en-1280');

  // 6-B: the same teacher on Monday, period 1 is flagged before saving, and the save is refused.
  await page.goto(`timetable?class=${s.classes.get('6-B')}`);
  await expect(page.getByRole('combobox', { name: 'Subject on Monday, Period 1' })).toBeVisible();
  await choose(page, 'Subject on Monday, Period 1', /^Mathematics/);
  await choose(page, 'Subject on Monday, Period 3', /^English/);
  const cell = page.locator('[data-cell][data-clash="true"]');
  await expect(cell).toHaveCount(1);
  await expect(cell).toContainText('Busy: already teaches Class 6 – A');
  await expect(page.getByText('1 period has a teacher who already teaches another class at that time.')).toBeVisible();
  await page.getByRole('button', { name: 'Save timetable' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${ravi} already teaches 6-A in Period 1 on that day.` })).toBeVisible();
  await shot(page, 'timetable-clash-en-1280');
  // Nothing was saved.
  await page.reload();
  await expect(page.getByText('No timetable for the selected class')).toBeVisible();

  // On a phone the same grid is one day at a time, and the clash is flagged there too.
  await page.setViewportSize({ width: 375, height: 800 });
  await choose(page, 'Subject on Monday, Period 1', /^Mathematics/);
  await expect(page.locator('[data-cell][data-clash="true"]')).toContainText('Busy: already teaches Class 6 – A');
  await expectNoOverflow(page);
  await shot(page, 'timetable-clash-en-375');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The read-only view of 6-A.
  await page.goto(`viewtimetable?class=${s.classes.get('6-A')}`);
  const grid = page.getByRole('table', { name: 'Timetable of Class 6 – A' });
  await expect(grid.getByRole('row', { name: /Period 1/ })).toContainText(`Mathematics${ravi}`);
  await expect(grid.getByRole('row', { name: /Lunch/ })).toContainText('Break');
  await expectNoOverflow(page);
  await shot(page, 'timetable-view-en-1280');
  // The picker remembers the class last chosen: 6-B, another screen, back without ?class=: 6-B.
  await choose(page, 'Class', /^Class 6 – B$/);
  await expect(page.getByRole('combobox', { name: 'Class', exact: true })).toHaveValue('Class 6 – B');
  await page.goto('period_datapage');
  await page.goto('viewtimetable');
  await expect(page.getByRole('combobox', { name: 'Class', exact: true })).toHaveValue('Class 6 – B');
  await expect(page).toHaveURL(new RegExp(`class=${s.classes.get('6-B')}`));

  // The teacher's week: Mathematics in 6-A on Monday and Tuesday.
  await page.context().clearCookies();
  await signInAs(page, 114);
  await useSession(page, s.sessionId);
  // The first timetable item of the teacher's menu opens its own week.
  await page.goto('teacherdashboard');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /timetable/i }).first().click();
  await expect(page).toHaveURL(/\/ClassTimetable$/);
  await page.mouse.move(700, 600); // off the menu: the check below is of the page, not a hovered link
  const week = page.getByRole('table', { name: `Week of ${ravi}` });
  await expect(week.getByRole('row', { name: /Period 1/ })).toContainText('Class 6 – AMathematics');
  await expect(week.getByRole('row', { name: /Period 1/ }).getByText('Class 6 – A')).toHaveCount(2);
  await expectAccessible(page, 'teacher week (en)');
  await shot(page, 'timetable-teacher-week-en-1280');
});

test('in Hindi on a phone (375 px): periods, a timetable one day at a time, the clash refused, the teacher’s week', async ({ page }) => {
  test.setTimeout(180_000);
  const s = await setUp();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('./');
  await toHindi(page);
  await signInAs(page, 113);
  await useSession(page, s.sessionId);

  // The read-only week of 6-A in Hindi on a wide screen first.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`viewtimetable?class=${s.classes.get('6-A')}`);
  await expect(page.getByRole('table', { name: 'कक्षा 6 – A की समय-सारणी' }).getByRole('row', { name: /Period 1/ })).toContainText('गणित');
  await expectNoOverflow(page);
  await shot(page, 'timetable-view-hi-1280');
  await page.setViewportSize({ width: 375, height: 800 });

  // The periods as cards; an overlap refused in Hindi.
  await page.goto('period_datapage');
  await expect(page.getByRole('list', { name: 'पीरियड' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('listitem').filter({ hasText: 'Lunch' })).toContainText('अवकाश');
  await expectNoOverflow(page);
  await shot(page, 'timetable-periods-hi-375');
  await page.goto('addclass_periods');
  await page.getByRole('textbox', { name: 'पीरियड का नाम' }).fill('अतिरिक्त');
  await page.getByLabel('शुरू होने का समय').fill('10:00');
  await page.getByLabel('समाप्ति का समय').fill('10:30');
  await page.getByRole('button', { name: 'पीरियड सहेजें' }).click();
  await expect(page.getByText('यह समय पीरियड Period 2 से टकराता है।').first()).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'timetable-period-overlap-hi-375');

  // 4-A on Monday: Mathematics (T0003) in period 1, one day at a time.
  await page.goto(`timetable?class=${s.classes.get('4-A')}`);
  await expect(page.getByText('चुनी हुई कक्षा की कोई समय-सारणी नहीं है')).toBeVisible();
  await choose(page, 'सोमवार, Period 1 का विषय', /^गणित/);
  await page.locator('.mantine-SegmentedControl-label').filter({ hasText: /^मंगल$/ }).click();
  await choose(page, 'मंगलवार, Period 3 का विषय', /^हिन्दी/);
  await page.getByRole('button', { name: 'समय-सारणी सहेजें' }).click();
  await expect(page.getByText('कक्षा 4 – A की समय-सारणी सहेजी गई।')).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'timetable-editor-hi-375');

  // 4-B: the same teacher on Monday, period 1: flagged, then refused in Hindi.
  await page.goto(`timetable?class=${s.classes.get('4-B')}`);
  await choose(page, 'सोमवार, Period 1 का विषय', /^गणित/);
  await expect(page.locator('[data-cell][data-clash="true"]')).toContainText('व्यस्त: पहले से कक्षा 4 – A को पढ़ाते हैं');
  await page.getByRole('button', { name: 'समय-सारणी सहेजें' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'पहले से 4-A' })).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'timetable clash (hi, 375)');
  await shot(page, 'timetable-clash-hi-375');

  // The teacher's week in Hindi on a phone.
  await page.context().clearCookies();
  await page.goto('./');
  await signInAs(page, 114);
  await useSession(page, s.sessionId);
  await page.goto('ClassTimetable');
  await expect(page.getByRole('list', { name: /सोमवार/ }).getByRole('listitem').filter({ hasText: 'Period 1' })).toContainText('कक्षा 6 – Aगणित');
  await expectNoOverflow(page);
  await shot(page, 'timetable-teacher-week-hi-375');
});

test('a parent and a student see their class’s timetable page (Hindi, 375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('./');
  await toHindi(page);
  for (const [role, path, heading] of [
    [115, 'parenttimetable', 'बच्चे की कक्षा का सप्ताह'],
    [116, 'studenttimetable', 'आपकी कक्षा का सप्ताह।'],
  ] as const) {
    await page.context().clearCookies();
    await page.goto('./');
    await signInAs(page, role);
    await page.goto(path);
    await expect(page.getByText(heading)).toBeVisible();
    // The current session's demo class: a week if one was built, else the empty state.
    await expect(page.getByRole('table').or(page.getByRole('list', { name: /समय-सारणी/ })).or(page.getByText('चुनी हुई कक्षा की कोई समय-सारणी नहीं है')).first()).toBeVisible();
    await expectNoOverflow(page);
    await shot(page, `timetable-${path}-hi-375`);
  }
});
