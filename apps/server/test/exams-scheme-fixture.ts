import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { classStudents, classSubjects, classes, examMarks, exams, subjects } from '../src/db/schema.js';
import type { TestEnv, TestSchool, TestUser } from './helpers.js';

/**
 * A school for the scheme and review tests (issue 11): an admin, a principal, a teacher, two classes
 * of its current session (5 A: two students, one with a parent, two subjects; 6 A: one student with
 * another parent, one subject). Exams and marks are inserted directly (the marks entry is another
 * part's), through `exam()` and `mark()`.
 */
export type Signed = TestUser & { token: string };
export interface ExamWorld {
  school: TestSchool;
  admin: Signed;
  principal: Signed;
  teacher: Signed;
  parent: Signed;
  otherParent: Signed;
  student: Signed;
  classmate: Signed;
  otherStudent: Signed;
  classId: string;
  otherClassId: string;
  subjectId: string;
  otherSubjectId: string;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function examWorld(env: TestEnv): Promise<ExamWorld> {
  const school = await env.f.school();
  const signed = async (role: 112 | 113 | 114 | 115 | 116, over: { parentUserId?: string; firstName?: string } = {}) => {
    const u = await env.f.user(role, school, over);
    return { ...u, token: await env.f.token(u) };
  };
  // One at a time: login ids are numbered in order.
  const admin = await signed(112);
  const principal = await signed(113);
  const teacher = await signed(114, { firstName: 'Meera' });
  const parent = await signed(115);
  const otherParent = await signed(115);
  const student = await signed(116, { parentUserId: parent.id, firstName: 'Asha' });
  const classmate = await signed(116, { firstName: 'Bala' });
  const otherStudent = await signed(116, { parentUserId: otherParent.id, firstName: 'Chetan' });
  const [c1, c2] = await env.db
    .insert(classes)
    .values([
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: '5', section: 'A' },
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '6', name: '6', section: 'A' },
    ])
    .returning();
  const [s1, s2] = await env.db
    .insert(subjects)
    .values([
      { schoolId: school.id, name: `Maths ${randomUUID().slice(0, 4)}` },
      { schoolId: school.id, name: `Science ${randomUUID().slice(0, 4)}` },
    ])
    .returning();
  await env.db.insert(classSubjects).values([
    { schoolId: school.id, classId: c1!.id, subjectId: s1!.id, teacherId: teacher.id },
    { schoolId: school.id, classId: c1!.id, subjectId: s2!.id },
    { schoolId: school.id, classId: c2!.id, subjectId: s1!.id, teacherId: teacher.id },
  ]);
  await env.db.insert(classStudents).values([
    { schoolId: school.id, sessionId: school.sessionId, classId: c1!.id, studentId: student.id, rollNo: 1 },
    { schoolId: school.id, sessionId: school.sessionId, classId: c1!.id, studentId: classmate.id, rollNo: 2 },
    { schoolId: school.id, sessionId: school.sessionId, classId: c2!.id, studentId: otherStudent.id, rollNo: 1 },
  ]);
  return { school, admin, principal, teacher, parent, otherParent, student, classmate, otherStudent, classId: c1!.id, otherClassId: c2!.id, subjectId: s1!.id, otherSubjectId: s2!.id };
}

/** An exam of the world's session, inserted directly. */
export async function exam(env: TestEnv, w: ExamWorld, over: Partial<typeof exams.$inferInsert> = {}): Promise<string> {
  const [row] = await env.db
    .insert(exams)
    .values({ schoolId: w.school.id, sessionId: w.school.sessionId, name: `Test ${randomUUID().slice(0, 8)}`, weight: 50, maxMarks: 20, termStart: '2026-04-01', termEnd: '2026-09-30', ...over })
    .returning({ id: exams.id });
  // A published exam is published for every class of its session.
  if (over.status === 'published') await publishAll(env, w.school.id, w.school.sessionId, row!.id);
  return row!.id;
}

/** Publishes an exam inserted directly for every class of its session (exam_class_publications). */
export async function publishAll(env: TestEnv, schoolId: string, sessionId: string, examId: string): Promise<void> {
  await env.db.execute(sql`insert into exam_class_publications (school_id, exam_id, class_id, published_at)
    select ${schoolId}, ${examId}, c.id, now() from classes c where c.school_id = ${schoolId} and c.session_id = ${sessionId}`);
}

/** A mark, inserted directly (marks: null for Absent). */
export async function mark(env: TestEnv, w: ExamWorld, examId: string, classId: string, subjectId: string, studentId: string, marks: number | null = 15): Promise<void> {
  await env.db.insert(examMarks).values({
    schoolId: w.school.id,
    sessionId: w.school.sessionId,
    examId,
    classId,
    subjectId,
    studentId,
    status: marks === null ? 'absent' : 'marked',
    marks,
  });
}
