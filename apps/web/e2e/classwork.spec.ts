import fs from 'node:fs';
import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, chooseLanguage, expectAccessible, expectNoOverflow, expectPath, shot, schoolToday, signInAs, tr, type Lang, fillDate } from './support';
import { API_BASE } from './servers';

/**
 * Class work, end to end: the demo teacher (DEMO-T0001, English, 1280 px) posts work of this run's
 * own with a small PDF for class 5-A's Mathematics (it teaches it; DEMO-S0001 is in 5-A, read from
 * the API); the student signs in (Hindi, 375 px), sees the work and downloads the PDF (the same
 * bytes); a student of another school (made through the API by the platform owner and that
 * school's admin) asks for the file's URL: 404. The teacher removes the work at the end. Axe on
 * the teacher's screens here; every class work screen in Hindi at 375 px in screens.spec.ts.
 */


const RUN = Date.now().toString(36);
const TITLE = `Worksheet ${RUN}`;
const FILE_NAME = `fractions-${RUN}.pdf`;
/** A minimal valid one-page PDF, made here. */
const PDF = (() => {
  const objects = ['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[3 0 R]/Count 1>>', '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
})();

interface Api {
  token: string;
  userId: string;
  send<T>(method: string, url: string, data?: unknown, ok?: number[]): Promise<{ status: number; result: T }>;
}
let ctx: APIRequestContext;
async function api(loginId: string, password = PASSWORD): Promise<Api> {
  const res = await ctx.post('/api/signin', { data: { loginId, password } });
  expect(res.status(), await res.text()).toBe(200);
  const { token, userId } = (await res.json()).result as { token: string; userId: string };
  return {
    token,
    userId,
    async send<T>(method: string, url: string, data?: unknown, ok = [200]) {
      const r = await ctx.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
      const status = r.status();
      expect(ok, `${method} ${url}: ${status} ${await r.text()}`).toContain(status);
      const json = (await r.json().catch(() => ({}))) as { result?: T };
      return { status, result: json.result as T };
    },
  };
}

interface Slot {
  assignClassId: string;
  className: string;
  section: string;
  subjectId: string;
  subjectName: string;
}
let slot: Slot;

test.beforeAll(async () => {
  ctx = await request.newContext({ baseURL: API_BASE });
  // The student's class in the current session, and the teacher's slot there.
  const student = await api(ACCOUNTS[116].loginId);
  const sessions = (await student.send<Array<{ sessionId: string; isCurrent: boolean }>>('GET', '/api/school/session')).result;
  const current = sessions.find((s) => s.isCurrent)!;
  const view = (await student.send<{ class: { assignClassId: string } | null }>('GET', `/api/school/studentclass/${student.userId}?sessionId=${current.sessionId}`)).result;
  const teacher = await api(ACCOUNTS[114].loginId);
  const slots = (await teacher.send<Slot[]>('GET', '/api/school/class/work/slots')).result;
  slot = slots.find((s) => s.assignClassId === view.class?.assignClassId)!;
  expect(slot, 'the demo teacher teaches a subject in the demo student’s class').toBeTruthy();
});
test.afterAll(async () => {
  // Leave the demo as found, even after a failure: this run's work goes.
  const teacher = await api(ACCOUNTS[114].loginId);
  const mine = (await teacher.send<{ items: Array<{ workId: string; title: string }> }>('GET', '/api/school/class/work?pageSize=100')).result;
  for (const w of mine.items.filter((i) => i.title.endsWith(RUN))) await teacher.send('DELETE', `/api/school/class/work/${w.workId}`);
  await ctx.dispose();
});

async function open(browser: Browser, role: 114 | 115 | 116, lang: Lang, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 }, acceptDownloads: true });
  const page = await context.newPage();
  if (lang === 'hi') {
    await page.goto('./');
    await chooseLanguage(page, 'हिन्दी');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  }
  await signInAs(page, role);
  return page;
}

test('a teacher posts work with a PDF; the class’s student downloads it; another school’s student cannot', async ({ browser }) => {
  // The teacher, in English at 1280 px.
  const teacherPage = await open(browser, 114, 'en', 1280);
  await teacherPage.goto('classwork');
  const form = teacherPage.getByRole('form', { name: tr('en', 'classwork.post.formLabel') });
  await form.getByRole('combobox', { name: tr('en', 'classwork.post.classSubject') }).selectOption(`${slot.assignClassId}|${slot.subjectId}`);
  await form.getByRole('textbox', { name: tr('en', 'classwork.post.title') }).fill(TITLE);
  await form.getByRole('textbox', { name: tr('en', 'classwork.post.body') }).fill('Questions 1 to 10 on the attached sheet.');
  await fillDate(form.getByLabel(tr('en', 'classwork.post.dueDate')), schoolToday(3));
  // A PDF that would run a script is refused, the reason shown by the file; the teacher removes it.
  const scripted = Buffer.from(PDF.toString('latin1').replace('/Pages 2 0 R>>', '/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>'), 'latin1');
  await teacherPage.getByTestId('classwork-file-input').setInputFiles({ name: 'scripted.pdf', mimeType: 'application/pdf', buffer: scripted });
  await expect(teacherPage.getByTestId('picked-file').getByRole('alert')).toHaveText(tr('en', 'errors.reasons.pdf_active', { name: 'scripted.pdf' }));
  await teacherPage.getByRole('button', { name: tr('en', 'upload.removeFile', { name: 'scripted.pdf' }) }).click();
  await expect(teacherPage.getByTestId('picked-file')).toHaveCount(0);
  await teacherPage.getByTestId('classwork-file-input').setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: PDF });
  await expect(teacherPage.getByTestId('picked-file')).toContainText(tr('en', 'upload.uploaded'));
  await expectAccessible(teacherPage, 'classwork (en, 1280)');
  await form.getByRole('button', { name: tr('en', 'classwork.post.submit') }).click();
  await expectPath(teacherPage, '/viewclasswork');
  const posted = teacherPage.getByRole('article', { name: TITLE });
  await expect(posted).toBeVisible();
  await expect(posted.getByRole('button', { name: tr('en', 'upload.download', { name: FILE_NAME }) })).toBeVisible();
  await expectNoOverflow(teacherPage);
  await shot(teacherPage, 'classwork-viewclasswork-en-1280');
  await expectAccessible(teacherPage, 'viewclasswork (en, 1280)');

  // The work's file, as the API knows it.
  const teacher = await api(ACCOUNTS[114].loginId);
  const mine = (await teacher.send<{ items: Array<{ workId: string; title: string; files: Array<{ name: string }> }> }>('GET', '/api/school/class/work?pageSize=20')).result;
  const work = mine.items.find((w) => w.title === TITLE)!;
  const fileUrl = `/api/school/class/work/${work.workId}/files/${work.files[0]!.name}`;

  // The student, in Hindi at 375 px: sees it and downloads the PDF.
  const studentPage = await open(browser, 116, 'hi', 375);
  await studentPage.goto('mywork');
  const seen = studentPage.getByRole('article', { name: TITLE });
  await expect(seen).toBeVisible();
  await expect(seen).toContainText(slot.subjectName);
  await expectNoOverflow(studentPage);
  const [download] = await Promise.all([
    studentPage.waitForEvent('download'),
    seen.getByRole('button', { name: tr('hi', 'upload.download', { name: FILE_NAME }) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(FILE_NAME);
  expect(fs.readFileSync((await download.path())!).equals(PDF)).toBe(true);
  // The dashboard's card shows it too.
  await studentPage.goto('studentdashboard');
  await expect(studentPage.getByTestId('class-work-card')).toContainText(TITLE);

  // Another school's student: 404 for the file's URL.
  const owner = await api(ACCOUNTS[111].loginId);
  const school = (await owner.send<{ schoolId: string }>('POST', '/api/schools', { name: `Other school ${RUN}` })).result;
  const admin = (await owner.send<{ loginId: string; password: string }>('POST', `/api/schools/${school.schoolId}/admins`, { firstName: 'Other', lastName: `Admin ${RUN}` })).result;
  const adminApi = await api(admin.loginId, admin.password);
  const outsider = (await adminApi.send<{ loginId: string; password: string }>('POST', '/api/school/student', { firstName: 'Outsider', lastName: RUN })).result;
  const outsiderApi = await api(outsider.loginId, outsider.password);
  await outsiderApi.send('GET', fileUrl, undefined, [404]);
  // The class's student may (the same URL, its own token).
  const studentApi = await api(ACCOUNTS[116].loginId);
  await studentApi.send('GET', `/api/school/class/work/class/${slot.assignClassId}`);

  // The teacher removes it.
  await teacherPage.reload();
  await teacherPage.getByRole('article', { name: TITLE }).getByRole('button', { name: tr('en', 'classwork.view.deleteNamed', { title: TITLE }) }).click();
  await teacherPage.getByRole('dialog').getByRole('button', { name: tr('en', 'classwork.view.delete') }).click();
  await expect(teacherPage.getByRole('article', { name: TITLE })).toHaveCount(0);
  await studentApi.send('GET', fileUrl, undefined, [404]);
});
