import { expect, request, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, chooseLanguage, expectNoOverflow, shot, signInAs, tr } from './support';
import { API_BASE } from './servers';

/**
 * Marks entry, end to end: the principal makes an exam of this run's own in the current session
 * (through the API); the demo teacher DEMO-T0001 (English, 1280 px) opens class 5-A's Mathematics
 * (it teaches it) in that exam, types marks from the keyboard (Tab, Enter), pastes a column from a
 * spreadsheet, sees a mark above the maximum refused, saves, reloads and finds them. In Hindi at
 * 375 px it opens the same sheet (nothing sticks out), and its remarks screen. At the end the marks
 * are cleared and the exam removed (without the exam routes of the scheme part, the journey uses the
 * session's empty draft exam instead and clears its marks).
 */

const RUN = Date.now().toString(36);

interface Api {
  send<T>(method: string, url: string, data?: unknown, ok?: number[]): Promise<{ status: number; result: T }>;
}
let ctx: APIRequestContext;
async function api(loginId: string): Promise<Api> {
  const res = await ctx.post('/api/signin', { data: { loginId, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await res.json()).result as { token: string };
  return {
    async send<T>(method: string, url: string, data?: unknown, ok = [200]) {
      const r = await ctx.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
      const status = r.status();
      expect(ok, `${method} ${url}: ${status} ${await r.text()}`).toContain(status);
      const json = (await r.json().catch(() => ({}))) as { result?: T };
      return { status, result: json.result as T };
    },
  };
}

interface Sheet {
  maxMarks: number;
  students: Array<{ studentId: string; fullName: string }>;
}
let examId: string;
let created = false;
let url: string;
let sheetUrl: string;
let names: string[];
let studentIds: string[];

test.beforeAll(async () => {
  ctx = await request.newContext({ baseURL: API_BASE });
  const principal = await api(ACCOUNTS[113].loginId);
  const sessions = (await principal.send<Array<{ sessionId: string; isCurrent: boolean; startDate: string; endDate: string }>>('GET', '/api/school/session')).result;
  const current = sessions.find((s) => s.isCurrent)!;
  const made = await principal.send<{ examId: string }>(
    'POST',
    '/api/school/exam',
    { sessionId: current.sessionId, name: `Journey test ${RUN}`, weight: 0, maxMarks: 20, subjectMax: [], termStart: current.startDate, termEnd: current.endDate },
    [200, 404],
  );
  if (made.status === 200) {
    examId = made.result.examId;
    created = true;
  } else {
    const exams = (await principal.send<Array<{ examId: string; status: string; markCount: number; maxMarks: number }>>('GET', '/api/school/exam')).result;
    const empty = exams.find((e) => e.status === 'draft' && e.markCount === 0 && e.maxMarks === 20);
    expect(empty, 'an empty draft exam of 20 marks in the demo').toBeTruthy();
    examId = empty!.examId;
  }
  // Class 5-A's Mathematics, which the demo teacher teaches.
  const teacher = await api(ACCOUNTS[114].loginId);
  const classes = (
    await teacher.send<Array<{ assignClassId: string; masterClass: string; section: string; subjects: Array<{ subjectId: string; masterCode: string | null }> }>>(
      'GET',
      `/api/school/assignclassteachersubject?sessionId=${current.sessionId}`,
    )
  ).result;
  const fiveA = classes.find((c) => c.masterClass === '5' && c.section === 'A')!;
  const maths = fiveA.subjects.find((s) => s.masterCode === 'MATH')!;
  url = `/marks?examId=${examId}&assignClassId=${fiveA.assignClassId}&subjectId=${maths.subjectId}`;
  sheetUrl = `/api/school/exam/${examId}/marks/${fiveA.assignClassId}/${maths.subjectId}`;
  const sheet = (await teacher.send<Sheet>('GET', sheetUrl)).result;
  expect(sheet.students.length).toBeGreaterThanOrEqual(3);
  names = sheet.students.map((s) => s.fullName);
  studentIds = sheet.students.map((s) => s.studentId);
});

test.afterAll(async () => {
  // Leave the demo as found, even after a failure: the marks go, then this run's exam.
  const teacher = await api(ACCOUNTS[114].loginId);
  if (studentIds?.length) await teacher.send('PUT', sheetUrl, { marks: studentIds.map((studentId) => ({ studentId, mark: null })) }, [200, 404, 409]);
  if (created) await (await api(ACCOUNTS[113].loginId)).send('DELETE', `/api/school/exam/${examId}`, undefined, [200, 404, 405]);
  await ctx.dispose();
});

const cell = (page: Page, lang: 'en' | 'hi', i: number): Locator => page.getByRole('textbox', { name: tr(lang, 'examMarks.markOf', { name: names[i]! }), exact: true });

test('a teacher types, pastes and saves a class’s marks from the keyboard (en 1280, hi 375)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, 114);
  await page.goto(`.${url}`);
  await expect(cell(page, 'en', 0)).toBeVisible();
  await expect(page.getByText(tr('en', 'examMarks.maxMarks', { max: 20 })).first()).toBeVisible();

  // From the keyboard: Tab and Enter move to the next student.
  await cell(page, 'en', 0).click();
  await page.keyboard.type('15');
  await page.keyboard.press('Tab');
  await expect(cell(page, 'en', 1)).toBeFocused();
  await page.keyboard.type('17.5');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'en', 2)).toBeFocused();
  await page.keyboard.type('AB');

  // A column pasted from a spreadsheet fills the cell and those below.
  await cell(page, 'en', 1).evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, '18\n12.5\n');
  await expect(cell(page, 'en', 1)).toHaveValue('18');
  await expect(cell(page, 'en', 2)).toHaveValue('12.5');

  // Above the maximum: refused at once, Save waits.
  const save = page.getByRole('button', { name: tr('en', 'examMarks.save') });
  await cell(page, 'en', 0).fill('25');
  await expect(page.getByText(tr('en', 'errors.reasons.mark_above_max', { max: 20 }))).toBeVisible();
  await expect(cell(page, 'en', 0)).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();
  await cell(page, 'en', 0).fill('19');
  await expect(save).toBeEnabled();
  await shot(page, 'exams-marks-en-1280');
  await save.click();
  await expect(page.getByText(tr('en', 'examMarks.upToDate'))).toBeVisible();

  await page.reload();
  await expect(cell(page, 'en', 0)).toHaveValue('19');
  await expect(cell(page, 'en', 1)).toHaveValue('18');
  await expect(cell(page, 'en', 2)).toHaveValue('12.5');
  await context.close();

  // Hindi at 375 px: the same sheet, nothing sticking out.
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const hi = await phone.newPage();
  await hi.goto('./');
  await chooseLanguage(hi, 'हिन्दी');
  await expect(hi.locator('html')).toHaveAttribute('lang', 'hi');
  await signInAs(hi, 114);
  await hi.goto(`.${url}`);
  await expect(cell(hi, 'hi', 0)).toHaveValue('19');
  await expect(hi.getByText(tr('hi', 'examMarks.upToDate'))).toBeVisible();
  await expectNoOverflow(hi);
  await shot(hi, 'exams-marks-hi-375');
  await hi.goto(`./examremarks?examId=${examId}`);
  await expect(hi.getByRole('button', { name: tr('hi', 'examNotes.save') })).toBeVisible();
  await expectNoOverflow(hi);
  await shot(hi, 'exams-notes-hi-375');
  await phone.close();
});
