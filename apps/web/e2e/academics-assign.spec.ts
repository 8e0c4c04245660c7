import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, expectPath, pathOf, shot, signIn } from './support';
import { API_BASE } from './servers';

/**
 * Assigned classes: the principal gives a class its class teacher, subjects and the teacher of
 * each subject in the UI; then the teacher, the student and the parent see it. The data the
 * journey starts from (subjects, a class, a teacher, a parent with a child in the class) is made
 * through the API here, so the journey does not depend on the demo seed beyond its accounts.
 */

const contexts: APIRequestContext[] = [];
test.afterAll(async () => {
  for (const ctx of contexts) await ctx.dispose();
});

interface Setup {
  token: string;
  sessionId: string;
  assignClassId: string;
  ravi: string;
  kavya: string;
  child: { userId: string; loginId: string; password: string };
  parent: { loginId: string; password: string };
  /** Puts the child and one more student in the class, roll numbers by name (enrolment's routes). */
  enrol: () => Promise<void>;
}

class Api {
  constructor(
    private readonly ctx: APIRequestContext,
    private readonly token: string,
  ) {}
  async send<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: object, ok: number[] = [200]): Promise<{ status: number; result: T }> {
    const res = await this.ctx.fetch(path, { method, headers: { token: this.token }, data: body });
    const json = (await res.json()) as { result: T };
    expect(ok, `${method} ${path}: ${res.status()} ${JSON.stringify(json)}`).toContain(res.status());
    return { status: res.status(), result: json.result };
  }
}

async function signInApi(ctx: APIRequestContext, loginId: string, password = 'Shala@2024'): Promise<string> {
  const res = await ctx.post('/api/signin', { data: { loginId, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { result: { token: string } }).result.token;
}

/** A master subject of the school (added if it is not there yet). */
async function subject(api: Api, name: string, masterCode: string): Promise<string> {
  const made = await api.send<{ subjectId: string }>('POST', '/api/school/subject', { name, masterCode }, [200, 409]);
  if (made.status === 200) return made.result.subjectId;
  const found = await api.send<{ items: Array<{ subjectId: string; name: string }> }>('GET', `/api/school/subject?search=${encodeURIComponent(name)}&pageSize=100`);
  return found.result.items.find((s) => s.name === name)!.subjectId;
}

/** A class and section of the current session, a new teacher, a parent and its child. */
async function setUp(masterClass: string, section: string, who: { teacher: string; parent: string; child: string }): Promise<Setup> {
  const ctx = await request.newContext({ baseURL: API_BASE });
  contexts.push(ctx);
  const token = await signInApi(ctx, 'DEMO-P0001');
  const api = new Api(ctx, token);
  const sessions = await api.send<Array<{ sessionId: string; isCurrent: boolean }>>('GET', '/api/school/session');
  const sessionId = sessions.result.find((s) => s.isCurrent)!.sessionId;
  for (const [name, code] of [
    ['Mathematics', 'MATH'],
    ['Hindi', 'HIN'],
    ['English', 'ENG'],
  ] as const) {
    await subject(api, name, code);
  }
  const [created] = (await api.send<Array<{ assignClassId: string }>>('POST', '/api/school/class', { sessionId, masterClass, sections: [{ section, classLimit: 40 }] })).result;
  const teachers = await api.send<{ items: Array<{ userId: string }> }>('GET', '/api/school/teacher?search=DEMO-T0001');
  const ravi = teachers.result.items[0]!.userId;
  const kavya = (await api.send<{ person: { userId: string } }>('POST', '/api/school/teacher', { firstName: who.teacher, lastName: 'Iyer' })).result.person.userId;
  const parent = (await api.send<{ person: { userId: string }; loginId: string; password: string }>('POST', '/api/school/parent', { firstName: who.parent, lastName: 'Nair' })).result;
  const child = (await api.send<{ person: { userId: string }; loginId: string; password: string }>('POST', '/api/school/student', { firstName: who.child, lastName: 'Nair', parentId: parent.person.userId })).result;
  const other = (await api.send<{ person: { userId: string } }>('POST', '/api/school/student', { firstName: 'Aditi', lastName: 'Bose' })).result.person.userId;
  const enrol = async () => {
    await api.send('POST', '/api/school/assignstudentclass', { assignClassId: created!.assignClassId, studentIds: [child.person.userId, other] });
    await api.send('POST', '/api/school/assignclass/rollno', { assignClassId: created!.assignClassId, order: 'name' });
  };
  return {
    enrol,
    token,
    sessionId,
    assignClassId: created!.assignClassId,
    ravi,
    kavya,
    child: { userId: child.person.userId, loginId: child.loginId, password: child.password },
    parent: { loginId: parent.loginId, password: parent.password },
  };
}

/** Picks an option of a searchable select (Mantine): type, then click the option. */
async function pick(page: Page, name: string, search: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name, exact: true });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** A new browser context signed in as another user, on its landing page. */
async function newPage(page: Page, loginId: string, password?: string) {
  const context = await page.context().browser()!.newContext();
  const other = await context.newPage();
  await signIn(other, loginId, password);
  await expect.poll(() => pathOf(other)).toMatch(/dashboard$/);
  return other;
}

test('the principal assigns subjects and teachers; the teacher, the student and the parent see the class', async ({ page }) => {
  test.setTimeout(240_000);
  const s = await setUp('9', 'E', { teacher: 'Kavya', parent: 'Lakshmi', child: 'Rohan' });

  await signIn(page, 'DEMO-P0001');
  await expectPath(page, '/schooladmin');

  // The new class is Pending: nothing assigned yet.
  await page.goto('viewassignedclasses');
  const row = page.getByRole('row', { name: /Class 9 – E/ });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('0 of 40');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Complete' });
  await expect(page.getByRole('row', { name: /Class 9 – E/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Pending' });
  await expect(row).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All' });
  await expectAccessible(page, 'assigned classes');
  await shot(page, 'assign-list-en-1280');

  // Subjects and the class teacher.
  await page.getByRole('link', { name: 'Assign subjects' }).click();
  await expectPath(page, '/assignsubject');
  await pick(page, 'Class', '9 – E', 'Class 9 – E');
  await pick(page, 'Class teacher', 'Ravi', /Ravi Kumar/);
  for (const name of ['Mathematics', 'Hindi', 'English']) await page.getByRole('checkbox', { name, exact: true }).check();
  await expectAccessible(page, 'assign subjects');
  await shot(page, 'assign-subjects-en-1280');
  await page.getByRole('button', { name: 'Save subjects' }).click();
  await expect(page.getByText('The subjects of Class 9 – E are saved.')).toBeVisible();
  await expectPath(page, `/detailsviewAssignedclasses/${s.assignClassId}`);
  await expect(page.getByRole('heading', { name: 'Class 9 – E' })).toBeVisible();
  await expect(page.getByText('Incomplete').first()).toBeVisible();

  // Students join the class (enrolment), with roll numbers by name.
  await s.enrol();

  // The teacher of each subject: one table, one save.
  await page.getByRole('link', { name: 'Assign teachers' }).click();
  await expectPath(page, '/assignteachersubject');
  await pick(page, 'Teacher of Mathematics', 'Ravi', /Ravi Kumar/);
  await pick(page, 'Teacher of Hindi', 'Kavya', /Kavya Iyer/);
  await pick(page, 'Teacher of English', 'Kavya', /Kavya Iyer/);
  await expectAccessible(page, 'assign teachers');
  await shot(page, 'assign-teachers-en-1280');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/school/assignteachersubject') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save teachers' }).click();
  const body = (await saved).request().postDataJSON() as { assignments: unknown[] };
  expect(body.assignments).toHaveLength(3);
  await expectPath(page, `/detailsviewAssignedclasses/${s.assignClassId}`);
  const subjects = page.getByRole('table', { name: 'Subjects and teachers' });
  await expect(subjects.getByRole('row', { name: /Mathematics Ravi Kumar/ })).toBeVisible();
  await expect(subjects.getByRole('row', { name: /Hindi Kavya Iyer/ })).toBeVisible();
  await expect(page.getByText('Complete', { exact: true }).first()).toBeVisible();
  const students = page.getByRole('table', { name: 'Students by roll number' });
  await expect(students.getByRole('row').nth(1)).toContainText('1Aditi Bose');
  await expect(students.getByRole('row').nth(2)).toContainText('2Rohan Nair');
  await expectAccessible(page, 'class details');
  await shot(page, 'assign-details-en-1280');

  // The list's filter finds it Complete.
  await page.goto('viewassignedclasses?status=complete');
  await expect(page.getByRole('row', { name: /Class 9 – E/ })).toContainText('Complete');

  // On the teacher information screen: its classes and subjects.
  await page.goto(`detailsviewteacherInfo/${s.ravi}`);
  const card = page.getByRole('region', { name: 'Classes and subjects' });
  await expect(card.getByRole('link', { name: 'Class 9 – E' })).toBeVisible();
  await expect(card).toContainText('Subjects taughtMathematics');
  await shot(page, 'assign-teacher-info-en-1280');

  // At 375 px: cards, no sideways scrolling.
  await narrow(page);
  await page.goto(`detailsviewAssignedclasses/${s.assignClassId}`);
  await expect(page.getByRole('heading', { name: 'Class 9 – E' })).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'class details 375');
  await shot(page, 'assign-details-en-375');
  await page.goto(`assignteachersubject?class=${s.assignClassId}`);
  await expect(page.getByRole('combobox', { name: 'Teacher of Hindi' })).toHaveValue(/Kavya Iyer/);
  await expectNoOverflow(page);
  await shot(page, 'assign-teachers-en-375');
  await page.goto('viewassignedclasses');
  await expect(page.getByRole('list', { name: 'Assigned classes' })).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'assign-list-en-375');

  // The demo teacher sees its class, as class teacher, with its subject and students.
  const teacher = await newPage(page, 'DEMO-T0001');
  await expectPath(teacher, '/teacherdashboard');
  await teacher.goto('getteacherclass');
  const mine = teacher.getByRole('listitem').filter({ has: teacher.getByRole('link', { name: 'Class 9 – E' }) });
  await expect(mine).toContainText('Class teacher');
  await expect(mine).toContainText('2 students');
  await expect(mine).toContainText('Mathematics');
  await expectAccessible(teacher, 'teacher classes');
  await shot(teacher, 'assign-teacher-classes-en-1280');
  await mine.getByRole('link', { name: 'Class 9 – E' }).click();
  await expectPath(teacher, `/detailsclassteacherview/${s.assignClassId}`);
  await expect(teacher.getByRole('table', { name: 'Students by roll number' })).toContainText('Rohan Nair');
  await expect(teacher.getByRole('link', { name: 'Assign teachers' })).toHaveCount(0);
  await shot(teacher, 'assign-teacher-class-en-1280');
  await teacher.context().close();

  // The student sees its class, roll number, class teacher and subjects with their teachers.
  const student = await newPage(page, s.child.loginId, s.child.password);
  await expectPath(student, '/studentdashboard');
  await student.goto('studentClass');
  const cls = student.getByRole('region', { name: 'Class', exact: true });
  await expect(cls).toContainText('Class 9');
  await expect(cls).toContainText('Roll number2');
  await expect(cls).toContainText('Class teacherRavi Kumar');
  await expect(student.getByRole('row', { name: /English Kavya Iyer/ })).toBeVisible();
  await expectAccessible(student, 'student class');
  await shot(student, 'assign-student-class-en-1280');
  await narrow(student);
  await expectNoOverflow(student);
  await shot(student, 'assign-student-class-en-375');
  await student.context().close();

  // The parent sees the child's class and roll number, and the same class card in its details.
  const parent = await newPage(page, s.parent.loginId, s.parent.password);
  await expectPath(parent, '/parentdashboard');
  await parent.goto('viewstudentsinfo');
  await expect(parent.getByText('Class 9 – E · Roll no. 2')).toBeVisible();
  await shot(parent, 'assign-wards-en-1280');
  await parent.getByRole('link', { name: 'Rohan Nair' }).click();
  await expect(parent.getByRole('region', { name: 'Class', exact: true })).toContainText('Ravi Kumar');
  await expect(parent.getByRole('row', { name: /Hindi Kavya Iyer/ })).toBeVisible();
  await expectAccessible(parent, 'ward details');
  await shot(parent, 'assign-ward-details-en-1280');
  await parent.context().close();

  // The demo student: its class, or the spec's empty state when it has none.
  const demo = await newPage(page, 'DEMO-S0001');
  await demo.goto('studentClass');
  await expect(demo.getByText('You are not yet assigned to a class.').or(demo.getByRole('region', { name: 'Subjects and teachers' }))).toBeVisible();
  await shot(demo, 'assign-demo-student-en-1280');
  await demo.context().close();
});
/** A phone's width; the page is opened again so the layout starts there (no sidebar mid-animation). */
async function narrow(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
}

/** Nothing wider than the window (375 px: cards, wrapped rows). */
async function expectNoOverflow(page: Page) {
  await page.waitForLoadState('networkidle');
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, 'page wider than the window').toBeLessThanOrEqual(widths.client);
}
