import { eq, sql } from 'drizzle-orm';
import { classFeeTotal, feeRecordTotal, monthlyDueDates, splitInstalments, type ClassFeeInput, type FeeAdjustment } from '@shala/contract';
import { classFees, classStudents, classes, feeInstalments, feePayments, feeReceiptCounters, feeRecords, feeTypes } from '../src/db/schema.js';
import type { Db } from '../src/db/client.js';
import { addDays, localDate } from '../src/modules/calendar/days.js';
import type { TestEnv, TestSchool, TestUser } from './helpers.js';

/**
 * Fee data for tests, written straight into the tables through the platform scope, with every
 * amount computed by the contract's functions (as the services do). Each test makes its own school.
 */

export const CLASS_FEE: ClassFeeInput = { academic: 500_000, convenience: 100_000, development: 200_000, tuition: 2_400_000, other: 0, taxBp: 0 };

export interface FeeSchool {
  school: TestSchool;
  classId: string;
  /** The class's students (roll numbers 1, 2, 3 …), the first with `parent` as its parent. */
  students: TestUser[];
  parent: TestUser;
  principal: TestUser & { token: string };
  admin: TestUser & { token: string };
}

/** A school with one class of `count` students (the first a child of `parent`), and optionally its class fee. */
export async function feeSchool(env: TestEnv, opts: { count?: number; classFee?: ClassFeeInput | null; section?: string } = {}): Promise<FeeSchool> {
  const school = await env.f.school();
  const principal = await env.f.user(113, school);
  const admin = await env.f.user(112, school);
  const parent = await env.f.user(115, school);
  const [cls] = await env.db
    .insert(classes)
    .values({ schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: '5', section: opts.section ?? 'A', classLimit: 60 })
    .returning();
  const students: TestUser[] = [];
  for (let i = 0; i < (opts.count ?? 3); i++) {
    students.push(await env.f.user(116, school, { firstName: `Pupil${String(i + 1).padStart(2, '0')}`, ...(i === 0 ? { parentUserId: parent.id } : {}) }));
  }
  await env.db
    .insert(classStudents)
    .values(students.map((s, i) => ({ schoolId: school.id, sessionId: school.sessionId, classId: cls!.id, studentId: s.id, rollNo: i + 1 })));
  if (opts.classFee !== null) await setClassFee(env, school, cls!.id, opts.classFee ?? CLASS_FEE);
  return {
    school,
    classId: cls!.id,
    students,
    parent,
    principal: { ...principal, token: await env.f.token(principal) },
    admin: { ...admin, token: await env.f.token(admin) },
  };
}

export async function setClassFee(env: TestEnv, school: TestSchool, classId: string, fee: ClassFeeInput) {
  await env.db
    .insert(classFees)
    .values({ schoolId: school.id, classId, sessionId: school.sessionId, ...fee, total: classFeeTotal(fee).total })
    .onConflictDoUpdate({ target: [classFees.schoolId, classFees.classId], set: { ...fee, total: classFeeTotal(fee).total } });
}

export async function addFeeType(env: TestEnv, school: TestSchool, t: { name: string; kind: 'amount' | 'percent'; value: number; status?: boolean }) {
  const [row] = await env.db.insert(feeTypes).values({ schoolId: school.id, ...t }).returning();
  return row!;
}

export interface RecordOpts {
  /** The student's class, when not the fee school's own class. */
  classId?: string;
  /** Fee types applied (rows of `addFeeType`). */
  types?: { id: string; name: string; kind: string; value: number }[];
  /** Monthly instalments from `start` (default: none). */
  instalments?: number;
  start?: string;
  /** The first `paidCount` instalments are paid (cash, receipt numbers from the school's counter). */
  paidCount?: number;
  paidOn?: string;
}

/** A fee record for a student of the class, with a plan and paid instalments as asked. */
export async function addRecord(env: TestEnv, fs: FeeSchool, student: TestUser, opts: RecordOpts = {}) {
  const { school } = fs;
  const classId = opts.classId ?? fs.classId;
  const [cf] = await env.db.select({ total: classFees.total }).from(classFees).where(eq(classFees.classId, classId));
  const classFee = cf?.total ?? 0;
  const types = opts.types ?? [];
  const totals = feeRecordTotal(
    classFee,
    types.map((t) => ({ kind: t.kind as 'amount' | 'percent', value: t.value })),
  );
  const adjustments: FeeAdjustment[] = types.map((t, i) => ({ feeTypeId: t.id, name: t.name, kind: t.kind as 'amount' | 'percent', value: t.value, amount: totals.amounts[i]! }));
  const [record] = await env.db
    .insert(feeRecords)
    .values({ schoolId: school.id, sessionId: school.sessionId, classId, studentId: student.id, classFee, adjustments, total: totals.total })
    .returning();
  const count = opts.instalments ?? 0;
  if (!count) return { record: record!, instalments: [] as (typeof feeInstalments.$inferSelect)[] };
  const amounts = splitInstalments(totals.total, count);
  const dates = monthlyDueDates(opts.start ?? '2026-05-10', count);
  const instalments = await env.db
    .insert(feeInstalments)
    .values(amounts.map((amount, i) => ({ schoolId: school.id, sessionId: school.sessionId, feeRecordId: record!.id, seq: i + 1, dueDate: dates[i]!, amount })))
    .returning();
  instalments.sort((a, b) => a.seq - b.seq);
  for (const inst of instalments.slice(0, opts.paidCount ?? 0)) await payInstalment(env, fs, record!.id, inst, opts.paidOn ?? inst.dueDate);
  return { record: record!, instalments };
}

/** Pays an instalment as the service would: the next receipt number, the payment, the record's paid. */
export async function payInstalment(env: TestEnv, fs: FeeSchool, recordId: string, inst: { id: string; seq: number; amount: number }, paidOn: string, mode = 'cash') {
  const { school } = fs;
  const [counter] = await env.db
    .insert(feeReceiptCounters)
    .values({ schoolId: school.id, sessionId: school.sessionId, lastNo: 1 })
    .onConflictDoUpdate({ target: [feeReceiptCounters.schoolId, feeReceiptCounters.sessionId], set: { lastNo: sql`${feeReceiptCounters.lastNo} + 1` } })
    .returning();
  const [payment] = await env.db
    .insert(feePayments)
    .values({
      schoolId: school.id,
      sessionId: school.sessionId,
      feeRecordId: recordId,
      instalmentId: inst.id,
      seq: inst.seq,
      receiptNo: counter!.lastNo,
      amount: inst.amount,
      mode,
      paidOn,
      receivedBy: fs.principal.id,
    })
    .returning();
  await env.db.update(feeInstalments).set({ paid: true }).where(eq(feeInstalments.id, inst.id));
  await env.db.update(feeRecords).set({ paid: sql`${feeRecords.paid} + ${inst.amount}` }).where(eq(feeRecords.id, recordId));
  return payment!;
}

/**
 * A student of class 3-A with a fee record of two instalments: the first a week overdue (today in
 * India), the second due in 60 days. What the reminder job has to say something about, once.
 */
export async function overdueInstalment(db: Db, school: TestSchool, student: TestUser) {
  const [cls] = await db.insert(classes).values({ schoolId: school.id, sessionId: school.sessionId, masterClass: '3', name: '3', section: 'A' }).returning();
  await db.insert(classStudents).values({ schoolId: school.id, sessionId: school.sessionId, classId: cls!.id, studentId: student.id, rollNo: 1 });
  const total = classFeeTotal({ academic: 300_000, convenience: 0, development: 0, tuition: 900_000, other: 0, taxBp: 0 }).total;
  const [rec] = await db.insert(feeRecords).values({ schoolId: school.id, sessionId: school.sessionId, classId: cls!.id, studentId: student.id, classFee: total, total }).returning();
  const [first, second] = splitInstalments(total, 2);
  const today = localDate('Asia/Kolkata');
  await db.insert(feeInstalments).values([
    { schoolId: school.id, sessionId: school.sessionId, feeRecordId: rec!.id, seq: 1, dueDate: addDays(today, -7), amount: first! },
    { schoolId: school.id, sessionId: school.sessionId, feeRecordId: rec!.id, seq: 2, dueDate: addDays(today, 60), amount: second! },
  ]);
}
