import { CBSE_GRADES, CO_AREAS, CO_GRADES, EXAM_TEMPLATE_EXAMS, templateTerms, type CoGrades, type MarkValue } from '@shala/contract';
import type { Tx } from '../db/client.js';
import { examClassPublications, examMarks, examNotes, examSchemes, exams } from '../db/schema.js';
import { unit } from './demo-people.js';
import { nowMs } from '../clock.js';

/**
 * The demo school's exams in the current session (issue 11), in five multi-row statements:
 * - the scheme: the CBSE scale, pass mark 33, ranks shown, all four co-scholastic areas;
 * - the CBSE template's four exams over the session (terms by `templateTerms`);
 * - Periodic Test 1, published: a mark for every student in every subject of its class, made from
 *   a per-student ability and a little noise (deterministic: the same on every start), a few
 *   Absent, one Exempt; two students fall below the pass mark; co-scholastic grades and a remark
 *   for every student;
 * - Half-Yearly, a draft: marks for most classes; 1-B has none yet and a few class-subjects are
 *   half done (something for the principal's review to show);
 * - Periodic Test 2 and Annual: empty drafts.
 */

export interface DemoExamsInput {
  schoolId: string;
  session: { id: string; startDate: string; endDate: string };
  /** Class key (`5-A`) → its id. */
  classId: Map<string, string>;
  /** Subject code → its id. */
  subjectId: Map<string, string>;
  /** The students, in login-id order, with their class key. */
  students: Array<{ loginId: string; id: string; cls: string }>;
  /** Who teaches what: class key, subject code, teacher's login id. */
  cells: Array<{ key: string; subject: string; teacher: string }>;
  principalId: string;
}

/** Students who struggle: below the pass mark in most subjects. */
const WEAK = new Set(['DEMO-S0009', 'DEMO-S0023']);

/** Excused from one subject (e.g. a medical note for art). */
const EXEMPT = { loginId: 'DEMO-S0013', subject: 'ART' };

/** A student's ability: the share of the marks it usually earns. */
function abilityOf(loginId: string): number {
  return WEAK.has(loginId) ? 0.2 + 0.08 * unit(`${loginId}/weak`) : 0.5 + 0.45 * unit(`${loginId}/ability`);
}

/** A student's mark in a subject of an exam: ability ± 12 %, to the half mark; rarely Absent or Exempt. */
function markOf(exam: string, loginId: string, subject: string, max: number): MarkValue {
  const key = `${exam}/${loginId}/${subject}`;
  const roll = unit(`${key}/status`);
  if (roll < 0.03) return { status: 'absent' };
  if (roll > 0.995 || (loginId === EXEMPT.loginId && subject === EXEMPT.subject)) return { status: 'exempt' };
  const share = Math.min(1, Math.max(0, abilityOf(loginId) + (unit(`${key}/noise`) - 0.5) * 0.24));
  return { status: 'marked', marks: Math.round(share * max * 2) / 2 };
}

const REMARKS = [
  'Works hard and takes part in class.',
  'A keen learner; should read more at home.',
  'Neat work. Can ask more questions in class.',
  'Good progress this term. Keep it up!',
  'Helpful to classmates; handwriting can improve.',
  'Attentive and regular. Practise mathematics daily.',
];
const WEAK_REMARK = 'Needs steady practice at home; please meet the class teacher.';

function coOf(loginId: string): CoGrades {
  const co: CoGrades = {};
  for (const area of CO_AREAS) {
    const r = unit(`${loginId}/co/${area}`) + abilityOf(loginId) - 0.5;
    co[area] = r > 0.55 ? CO_GRADES[0] : r > 0.1 ? CO_GRADES[1] : CO_GRADES[2];
  }
  return co;
}

export async function seedDemoExams(tx: Tx, d: DemoExamsInput): Promise<void> {
  const { schoolId, session } = d;
  await tx.insert(examSchemes).values({
    schoolId,
    sessionId: session.id,
    passPercent: 33,
    showRank: true,
    grades: CBSE_GRADES.map((g) => ({ ...g })),
    coAreas: [...CO_AREAS],
    updatedBy: d.principalId,
  });

  const template = EXAM_TEMPLATE_EXAMS.cbse;
  const terms = templateTerms(
    session.startDate,
    session.endDate,
    template.map((t) => t.share),
  );
  const published = new Date(nowMs() - 7 * 86_400_000);
  const examRows = await tx
    .insert(exams)
    .values(
      template.map((t, i) => ({
        schoolId,
        sessionId: session.id,
        name: t.name,
        weight: t.weight,
        maxMarks: t.maxMarks,
        ...terms[i]!,
        ...(i === 0 ? { status: 'published', lockedAt: published, lockedBy: d.principalId, publishedAt: published, publishedBy: d.principalId } : {}),
      })),
    )
    .returning({ id: exams.id, name: exams.name, maxMarks: exams.maxMarks });
  const [pt1, hy] = examRows as [(typeof examRows)[number], (typeof examRows)[number]];
  // Periodic Test 1 is published for every class (each has all its marks).
  const classIds = [...new Set(d.classId.values())];
  if (classIds.length) {
    await tx.insert(examClassPublications).values(classIds.map((classId) => ({ schoolId, examId: pt1.id, classId, publishedAt: published, publishedBy: d.principalId })));
  }

  const studentsOf = new Map<string, DemoExamsInput['students']>();
  for (const s of d.students) studentsOf.set(s.cls, [...(studentsOf.get(s.cls) ?? []), s]);

  const rows: (typeof examMarks.$inferInsert)[] = [];
  const add = (e: typeof pt1, cell: DemoExamsInput['cells'][number], s: DemoExamsInput['students'][number]) => {
    const mark = markOf(e.name, s.loginId, cell.subject, e.maxMarks);
    rows.push({
      schoolId,
      sessionId: session.id,
      examId: e.id,
      classId: d.classId.get(cell.key)!,
      subjectId: d.subjectId.get(cell.subject)!,
      studentId: s.id,
      status: mark.status,
      marks: mark.status === 'marked' ? mark.marks : null,
    });
  };
  for (const cell of d.cells) {
    const kids = studentsOf.get(cell.key) ?? [];
    for (const s of kids) add(pt1, cell, s);
    // The Half-Yearly: 1-B not begun; about one class-subject in five half done.
    if (cell.key === '1-B') continue;
    const partial = unit(`${cell.key}/${cell.subject}/hy`) < 0.2;
    for (const s of partial ? kids.slice(0, 1) : kids) add(hy, cell, s);
  }
  await tx.insert(examMarks).values(rows);

  await tx.insert(examNotes).values(
    d.students.map((s) => ({
      schoolId,
      sessionId: session.id,
      examId: pt1.id,
      classId: d.classId.get(s.cls)!,
      studentId: s.id,
      coGrades: coOf(s.loginId),
      remark: WEAK.has(s.loginId) ? WEAK_REMARK : REMARKS[Math.floor(unit(`${s.loginId}/remark`) * REMARKS.length)]!,
    })),
  );
}
