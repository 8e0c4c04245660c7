import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthMarkAt, type ClassResults, type MonthView, type ReportCard } from '@shala/contract';
import { TEST_NOW } from '../../../scripts/test-clock.mjs';
import { buildApp } from '../src/app.js';
import { setClock } from '../src/clock.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { classStudents, users } from '../src/db/schema.js';
import type { App } from '../src/http/types.js';
import { auth, exam, examWorld, mark, type ExamWorld } from './exams-scheme-fixture.js';
import { setupApp, type TestEnv } from './helpers.js';
import { countStatements } from './statements.js';

/**
 * Heavy reads are stored per version of their inputs (db/versions.ts, issue 23): a class's results,
 * a report card and its PDF, a class's month of attendance. A read with nothing changed is served
 * from the copy (two statements); a write through another node (on PostgreSQL a second app with
 * its own copies; on PGlite, which serves one node, the same app) is seen by the next read there.
 */
let env: TestEnv;
let w: ExamWorld;
/** The node that writes: another app on the same database where there can be one. */
let writer: App;
let second: { app: App; database: Database } | null = null;

beforeAll(async () => {
  env = await setupApp();
  w = await examWorld(env);
  if (env.databaseUrl) {
    const database = await openDatabase({ url: env.databaseUrl, poolSize: 2 });
    const app = await buildApp({ config: env.config, database, logger: false });
    await app.ready();
    second = { app, database };
  }
  writer = second?.app ?? env.app;
}, 60_000);
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
  await env?.close();
});

const read = async <T>(url: string, token: string): Promise<T> => {
  const res = await env.app.inject({ method: 'GET', url, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: T }).result;
};
const write = async (method: 'PUT' | 'POST', url: string, token: string, payload: unknown) => {
  const res = await writer.inject({ method, url, headers: auth(token), payload: payload as object });
  expect(res.statusCode, res.body).toBe(200);
};

describe('stored heavy reads', () => {
  it('serve a copy until a write on any node changes an input, then the new figures', async () => {
    const examId = await exam(env, w, { weight: 100, maxMarks: 20, termEnd: '2027-03-31' });
    await mark(env, w, examId, w.classId, w.subjectId, w.student.id, 10);
    const results = `/api/school/exam/results/${w.classId}`;
    const card = `/api/school/exam/reportcard/${w.student.id}`;
    const month = `/api/school/month/attendance/${w.classId}/2026-11`;
    const marksOf = (r: ClassResults) => r.students.find((s) => s.studentId === w.student.id)!.subjects.find((s) => s.subjectId === w.subjectId)!.exams[0]!.mark;

    expect(marksOf(await read<ClassResults>(results, w.principal.token))).toEqual({ status: 'marked', marks: 10 });
    await read<ReportCard>(card, w.principal.token);
    await read<MonthView>(month, w.principal.token);
    // Nothing changed: each is its copy, checked with one statement: the caller's access and the
    // versions at once.
    for (const [url, cost] of [[results, 1], [card, 1], [month, 1]] as const) {
      const { statements } = await countStatements(env, w.school.id, () => read(url, w.principal.token));
      expect(statements, url).toBe(cost);
    }

    // Marks saved on the other node: the results and the card show them at once.
    await write('PUT', `/api/school/exam/${examId}/marks/${w.classId}/${w.subjectId}`, w.teacher.token, {
      marks: [
        { studentId: w.student.id, mark: { status: 'marked', marks: 18 } },
        { studentId: w.classmate.id, mark: { status: 'absent' } },
      ],
    });
    expect(marksOf(await read<ClassResults>(results, w.principal.token))).toEqual({ status: 'marked', marks: 18 });
    expect((await read<ReportCard>(card, w.principal.token)).result.percent).toBe(90);

    // A parent sees nothing until the exam is published (on the other node), then its child's marks.
    expect((await read<ReportCard>(card, w.parent.token)).exams).toEqual([]);
    await write('POST', `/api/school/exam/${examId}/publish`, w.principal.token, { confirmIncomplete: true, reason: 'Stored reads test' });
    expect((await read<ReportCard>(card, w.parent.token)).exams.map((e) => e.examId)).toEqual([examId]);

    // Attendance saved on the other node: the month and the card's term attendance follow.
    const dayOf = (m: MonthView, day = 25) => monthMarkAt(m.students.find((s) => s.studentId === w.student.id)!.marks, day - 1);
    expect(dayOf(await read<MonthView>(month, w.principal.token))).toBeNull();
    await write('POST', `/api/school/attendance/${w.classId}/${w.school.sessionId}`, w.principal.token, {
      date: '2026-11-25',
      marks: [
        { studentId: w.student.id, status: 'absent' },
        { studentId: w.classmate.id, status: 'present' },
      ],
    });
    expect(dayOf(await read<MonthView>(month, w.principal.token))).toBe('absent');
    expect((await read<ReportCard>(card, w.principal.token)).terms[0]!.attendance).toMatchObject({ attended: 0, marked: 1 });

    // Each month is kept per month: a save of October's marks leaves November's copy as it was
    // (checked with its one statement), and October shows the save at once.
    const october = `/api/school/month/attendance/${w.classId}/2026-10`;
    expect(dayOf(await read<MonthView>(october, w.principal.token), 26)).toBeNull();
    await write('POST', `/api/school/attendance/${w.classId}/${w.school.sessionId}`, w.principal.token, {
      date: '2026-10-26',
      marks: [
        { studentId: w.student.id, status: 'late' },
        { studentId: w.classmate.id, status: 'present' },
      ],
    });
    expect((await countStatements(env, w.school.id, () => read(month, w.principal.token))).statements).toBe(1);
    expect(dayOf(await read<MonthView>(october, w.principal.token), 26)).toBe('late');

    // Nothing written, but a day passed: the month's next day is no longer in the future.
    const kindOf26 = async () => (await read<MonthView>(month, w.principal.token)).days[25]!.kind;
    expect(await kindOf26()).toBe('future');
    setClock(new Date(Date.parse(TEST_NOW) + 24 * 3600_000).toISOString());
    try {
      expect(await kindOf26()).toBe('school');
    } finally {
      setClock(TEST_NOW);
    }

    // Any write to an input counts, even one that bypasses the API: a student renamed in SQL.
    await env.db.update(users).set({ firstName: 'Ashwini' }).where(eq(users.id, w.student.id));
    const renamed = await read<ClassResults>(results, w.principal.token);
    expect(renamed.students.find((s) => s.studentId === w.student.id)!.fullName).toMatch(/^Ashwini /);
    expect((await read<MonthView>(month, w.principal.token)).students.find((s) => s.studentId === w.student.id)!.fullName).toMatch(/^Ashwini /);
    // The class's students count too, apart from their marks: a roll number changed in SQL.
    await env.db.update(classStudents).set({ rollNo: 42 }).where(eq(classStudents.studentId, w.student.id));
    expect((await read<MonthView>(month, w.principal.token)).students.find((s) => s.studentId === w.student.id)!.rollNo).toBe(42);
  }, 60_000);
});
