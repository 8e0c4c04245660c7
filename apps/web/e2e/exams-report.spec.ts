import fs from 'node:fs';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { subjectNameIn } from '@shala/contract';
import { expectNoOverflow, shot, tr, PASSWORD, type Lang } from './support';
import { API_BASE } from './servers';

/**
 * Report cards, end to end: the principal adds an exam of this run's own to the current session,
 * the teacher DEMO-T0001 saves a class's marks in a subject it teaches (one request for the class),
 * the principal publishes the exam; the parent of a student of that class opens /childresults in
 * English at 1280 px, sees the card and downloads its PDF; the student opens /myresults in Hindi at
 * 375 px (nothing sticks out); the teacher opens the class's results, sorts them by roll number,
 * and gets the class's cards in one PDF made by the job queue (then the same page at 375 px).
 *
 * Set-up through the API. At the end the principal clears the marks by recorded corrections (a
 * published exam's marks change no other way) and removes the exam, now without marks: the demo is
 * left as found, but for the result notifications its students and parents received.
 */

let ctx: APIRequestContext;

async function tokenOf(loginId: string): Promise<string> {
  const res = await ctx.post('/api/signin', { data: { loginId, password: PASSWORD } });
  expect(res.status(), `sign-in of ${loginId}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: { token: string } }).result.token;
}

async function api<T>(token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const res = await ctx.fetch(path, { method, headers: { token }, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

interface Scene {
  examName: string;
  childName: string;
  parentLoginId: string;
  studentLoginId: string;
  subjectName: string;
  /** The subject's name as a Hindi reader sees it (a master-list subject in Hindi). */
  subjectNameHi: string;
  assignClassId: string;
  examId: string;
  subjectId: string;
  studentIds: string[];
}
let scene: Scene;

test.beforeAll(async () => {
  ctx = await request.newContext({ baseURL: API_BASE });
  const principal = await tokenOf('DEMO-P0001');
  const teacher = await tokenOf('DEMO-T0001');

  // An exam of this run's own over the whole current session.
  const sessions = await api<Array<{ sessionId: string; isCurrent: boolean; startDate: string; endDate: string }>>(principal, 'GET', '/api/school/session');
  const session = sessions.find((s) => s.isCurrent)!;
  const examName = `Journey test ${Date.now().toString(36)}`;
  const exam = await api<{ examId: string }>(principal, 'POST', '/api/school/exam', {
    sessionId: session.sessionId,
    name: examName,
    weight: 10,
    maxMarks: 50,
    subjectMax: [],
    termStart: session.startDate,
    termEnd: session.endDate,
  });

  // Students with a parent (the demo's list, page by page).
  const parentOf = new Map<string, string>();
  for (let page = 1; ; page++) {
    const list = await api<{ items: Array<{ userId: string; parentId: string | null }>; total: number }>(principal, 'GET', `/api/school/student?page=${page}&pageSize=100`);
    for (const s of list.items) if (s.parentId) parentOf.set(s.userId, s.parentId);
    if (page * 100 >= list.total) break;
  }

  // A class and subject the teacher teaches with a student who has a parent: every student's mark in one request.
  const slots = await api<Array<{ assignClassId: string; subjectId: string; subjectName: string }>>(teacher, 'GET', '/api/school/class/work/slots');
  type Row = { studentId: string; loginId: string; fullName: string };
  let chosen: { slot: (typeof slots)[number]; sheetUrl: string; students: Row[]; child: Row } | null = null;
  for (const slot of slots) {
    const sheetUrl = `/api/school/exam/${exam.examId}/marks/${slot.assignClassId}/${slot.subjectId}`;
    const sheet = await api<{ students: Row[] }>(teacher, 'GET', sheetUrl);
    const child = sheet.students.find((s) => parentOf.has(s.studentId));
    if (child) {
      chosen = { slot, sheetUrl, students: sheet.students, child };
      break;
    }
  }
  expect(chosen, 'a class of the teacher with a student who has a parent').not.toBeNull();
  const { slot, sheetUrl, students, child } = chosen!;
  await api(teacher, 'PUT', sheetUrl, { marks: students.map((s, i) => ({ studentId: s.studentId, mark: { status: 'marked', marks: 20 + ((i * 7) % 30) } })) });

  // Published for that class (and so locked; its other subjects have no marks, hence the reason): its students and their parents see it.
  await api(principal, 'POST', `/api/school/exam/${exam.examId}/publish`, { classIds: [slot.assignClassId], confirmIncomplete: true, reason: 'Journey: one subject entered' });
  const parent = await api<{ loginId: string }>(principal, 'GET', `/api/school/parent/${parentOf.get(child.studentId)}`);
  const results = await api<{ subjects: Array<{ subjectId: string; name: string; masterCode: string | null }> }>(teacher, 'GET', `/api/school/exam/results/${slot.assignClassId}`);
  const subjectNameHi = subjectNameIn(results.subjects.find((s) => s.subjectId === slot.subjectId)!, 'hi');
  scene = { examName, childName: child.fullName, parentLoginId: parent.loginId, studentLoginId: child.loginId, subjectName: slot.subjectName, subjectNameHi, assignClassId: slot.assignClassId, examId: exam.examId, subjectId: slot.subjectId, studentIds: students.map((s) => s.studentId) };
});

test.afterAll(async () => {
  if (scene) {
    const principal = await tokenOf('DEMO-P0001');
    for (const studentId of scene.studentIds) {
      await api(principal, 'POST', `/api/school/exam/${scene.examId}/corrections`, {
        assignClassId: scene.assignClassId,
        subjectId: scene.subjectId,
        studentId,
        mark: null,
        reason: 'Journey clean-up',
      });
    }
    await api(principal, 'DELETE', `/api/school/exam/${scene.examId}`);
  }
  await ctx.dispose();
});

async function signInWith(page: import('@playwright/test').Page, loginId: string, lang: Lang) {
  await page.goto('./');
  if (lang === 'hi') await page.getByRole('combobox', { name: /Language|भाषा/ }).selectOption({ label: 'हिन्दी' });
  await page.locator('input[autocomplete="username"]').fill(loginId);
  await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/dashboard/);
}

test('the parent opens the child’s card and its PDF, in English at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWith(page, scene.parentLoginId, 'en');
  await page.goto('childresults');
  const card = page.getByTestId('reportcard');
  await expect(card).toBeVisible();
  // The parent may have several children: pick the one of this class.
  const picker = page.getByTestId('child-picker');
  if (await picker.isVisible()) {
    const value = await picker.locator('option', { hasText: scene.childName }).getAttribute('value');
    await picker.selectOption(value!);
  }
  await expect(page.getByTestId('reportcard-name')).toHaveText(scene.childName);
  await expect(card.getByRole('columnheader', { name: new RegExp(scene.examName) }).first()).toBeVisible();
  await expect(card.getByTestId('reportcard-subject').filter({ hasText: scene.subjectName })).toBeVisible();
  await expect(page.getByTestId('reportcard-grade')).not.toHaveText('—');
  await expectNoOverflow(page);
  await shot(page, 'reportcard-parent-en-1280');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reportcard-pdf-en').click()]);
  expect(download.suggestedFilename()).toMatch(/^report-card-.+-en\.pdf$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
  expect(bytes.length).toBeGreaterThan(10_000);
});

test('the student opens its own card in Hindi at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInWith(page, scene.studentLoginId, 'hi');
  await page.goto('myresults');
  await expect(page.getByRole('heading', { level: 1, name: tr('hi', 'routes.myresults') })).toBeVisible();
  await expect(page.getByTestId('reportcard-name')).toHaveText(scene.childName);
  // On a phone, subjects are cards.
  await expect(page.getByTestId('reportcard-subject').filter({ hasText: scene.subjectNameHi })).toBeVisible();
  await expect(page.getByRole('heading', { name: tr('hi', 'reportCard.scholastic'), exact: true })).toBeVisible();
  await expect(page.getByTestId('reportcard-pdf-hi')).toHaveText(tr('hi', 'reportCard.downloadHi'));
  await expectNoOverflow(page);
  await shot(page, 'reportcard-student-hi-375');
});

test('the teacher sees the class’s results and gets all its cards in one PDF', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWith(page, 'DEMO-T0001', 'en');
  await page.goto(`examresults/${scene.assignClassId}`);
  const row = page.getByTestId('results-row').filter({ hasText: scene.childName });
  await expect(row).toBeVisible();
  await expect(page.getByRole('columnheader', { name: scene.subjectName })).toBeVisible();
  // Each row opens the student's card.
  await row.getByRole('link', { name: scene.childName }).click();
  await expect(page.getByTestId('reportcard-name')).toHaveText(scene.childName);
  await page.goBack();

  await page.getByTestId('batch-create').click();
  const ready = page.getByTestId('batch-download');
  await expect(ready).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), ready.click()]);
  expect(download.suggestedFilename()).toMatch(/^report-cards-.+-en\.pdf$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
  expect(bytes.length).toBeGreaterThan(20_000);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('results-row').first()).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'reportcard-class-en-375');
});
