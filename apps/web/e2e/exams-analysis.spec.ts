import { subjectNameIn } from '@shala/contract';
import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, expectAccessible, expectNoOverflow, shot, signedInAt, tr, type Lang } from './support';
import { API_BASE } from './servers';

/**
 * Exams analysis, end to end (read only: the demo is left as found): the demo principal
 * (DEMO-P0001) opens /examanalysis in English at 1280 px, picks an exam of the current session that
 * has marks (the demo's Periodic Test 1) and the demo student's class (5-A, read from the API),
 * sees each subject's figures and the grade distribution chart (an svg), then the demo student's
 * progress chart; the same in Hindi at 375 px, without anything sticking out sideways.
 */


interface Setup {
  examId: string;
  examName: string;
  assignClassId: string;
  studentId: string;
  /** A subject of the class with marks counted in the exam, and its figures. */
  subject: { name: string; masterCode: string | null; average: number | null; averagePercent: number | null; counted: number };
}
let setup: Setup;

test.beforeAll(async () => {
  const ctx = await request.newContext({ baseURL: API_BASE });
  const signIn = async (loginId: string) => {
    const res = await ctx.post('/api/signin', { data: { loginId, password: PASSWORD } });
    expect(res.status()).toBe(200);
    return (await res.json()).result as { token: string; userId: string };
  };
  const get = async <T>(token: string, url: string): Promise<T> => {
    const res = await ctx.get(url, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return (await res.json()).result as T;
  };
  const student = await signIn(ACCOUNTS[116].loginId);
  const principal = await signIn(ACCOUNTS[113].loginId);
  const sessions = await get<Array<{ sessionId: string; isCurrent: boolean }>>(student.token, '/api/school/session');
  const current = sessions.find((s) => s.isCurrent)!;
  const place = await get<{ class: { assignClassId: string } | null }>(student.token, `/api/school/studentclass/${student.userId}?sessionId=${current.sessionId}`);
  const assignClassId = place.class!.assignClassId;
  const exams = await get<Array<{ examId: string; name: string; markCount: number }>>(principal.token, `/api/school/exam?sessionId=${current.sessionId}`);
  // The first exam (in term order) with marks in the student's class.
  for (const exam of exams.filter((e) => e.markCount > 0)) {
    const a = await get<{ subjects: Array<{ name: string; counted: number; average: number | null; averagePercent: number | null }> }>(
      principal.token,
      `/api/school/exam/analysis/${exam.examId}/${assignClassId}`,
    );
    const subject = a.subjects.find((s) => s.counted > 0);
    if (subject) {
      setup = { examId: exam.examId, examName: exam.name, assignClassId, studentId: student.userId, subject };
      break;
    }
  }
  expect(setup, 'the demo has an exam with marks in the demo student’s class (Periodic Test 1)').toBeTruthy();
  await ctx.dispose();
});

async function open(browser: Browser, lang: Lang, width: number): Promise<Page> {
  return (await signedInAt(browser, 113, lang, width)).page;
}

const number = (lang: Lang, v: number | null) => (v === null ? '–' : new Intl.NumberFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', { maximumFractionDigits: 2 }).format(v));

for (const [lang, width] of [
  ['en', 1280],
] as const) {
  test(`the principal sees an exam's analysis and a student's progress (${lang}, ${width} px)`, async ({ browser }) => {
    test.setTimeout(30_000);
    const page = await open(browser, lang, width);
    await page.goto('examanalysis');
    await page.getByRole('combobox', { name: tr(lang, 'examAnalysis.exam') }).selectOption(setup.examId);
    await page.getByRole('combobox', { name: tr(lang, 'examAnalysis.class'), exact: true }).selectOption(setup.assignClassId);

    // The subject's card: its figures and its distribution chart, drawn as an svg.
    const subjectName = subjectNameIn(setup.subject, lang);
    const card = page.getByRole('region', { name: subjectName, exact: true });
    await expect(card).toBeVisible();
    await expect(card).toContainText(tr(lang, 'examAnalysis.averageValue', { average: number(lang, setup.subject.average), percent: number(lang, setup.subject.averagePercent) }));
    const chart = card.getByRole('img', { name: tr(lang, 'examAnalysis.distributionLabel', { subject: subjectName }) });
    await expect(chart).toBeVisible();
    await expect(chart.locator('svg.recharts-surface')).toBeVisible();
    await expectNoOverflow(page);

    // A student's progress across the session's exams.
    await page.getByRole('combobox', { name: tr(lang, 'examAnalysis.student') }).selectOption(setup.studentId);
    const progress = page.getByTestId('progress-chart');
    await expect(progress.locator('svg.recharts-surface')).toBeVisible();
    await expectNoOverflow(page);
    await shot(page, `examanalysis-${lang}-${width}`);
    if (width === 1280) await expectAccessible(page, `/examanalysis (${lang})`);
    await page.context().close();
  });
}
