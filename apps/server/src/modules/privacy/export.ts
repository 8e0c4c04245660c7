import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EXPORT_MAX_ROWS, type AuditAction, type ConsentRecord } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import {
  academicSessions,
  attendanceMarks,
  auditLog,
  chatMessages,
  classStudents,
  classes,
  examMarks,
  examNotes,
  exams,
  feeInstalments,
  feePayments,
  feeRecords,
  notifications,
  periods,
  schools,
  subjects,
  users,
} from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { privacyPolicy } from '../../policy/privacy.js';
import { fullName } from '../users/service.js';
import { flushStaffViews, recordAudit } from './audit.js';
import { consentHistory } from './consent.js';
import { now } from '../../clock.js';

/**
 * Everything Shala holds about one student (issue 12, the DPDP Act's right of access), as one JSON
 * bundle: profile, parent, classes, attendance, fees and payments, marks and remarks,
 * notifications, chat messages it sent, consent history and audit entries. One statement per
 * table, run side by side after the student is found; each list is capped (EXPORT_MAX_ROWS,
 * newest first) and says when it was cut.
 */

const parent = alias(users, 'export_parent');
const actor = alias(users, 'export_actor');

export interface Section<T> {
  items: T[];
  /** More rows exist than the export carries (the newest are kept). */
  truncated: boolean;
}

const capped = <T>(rows: T[]): Section<T> => ({ items: rows.slice(0, EXPORT_MAX_ROWS), truncated: rows.length > EXPORT_MAX_ROWS });
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const LIMIT = EXPORT_MAX_ROWS + 1;

export async function studentBundle(deps: Deps, caller: Caller, studentId: string) {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  await flushStaffViews(deps);
  const [row] = await db
    .select({ u: users, schoolName: schools.name, timeZone: schools.timeZone, p: { id: parent.id, loginId: parent.loginId, firstName: parent.firstName, lastName: parent.lastName, email: parent.email, contact: parent.contact } })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(parent, eq(parent.id, users.parentUserId))
    .where(privacyPolicy.studentWhere(caller, schoolId, studentId));
  if (!row) throw notFound('Student');
  const mine = <T extends { schoolId: unknown; studentId: unknown }>(t: T) => and(eq(t.schoolId as typeof users.schoolId, schoolId), eq(t.studentId as typeof users.id, studentId));

  const [enrolments, attendance, records, instalments, payments, marks, notes, inbox, chats, consent, audit] = await Promise.all([
    db
      .select({ session: academicSessions.label, className: classes.name, section: classes.section, rollNo: classStudents.rollNo, since: classStudents.createdAt })
      .from(classStudents)
      .innerJoin(classes, eq(classes.id, classStudents.classId))
      .innerJoin(academicSessions, eq(academicSessions.id, classStudents.sessionId))
      .where(mine(classStudents))
      .orderBy(desc(academicSessions.startDate))
      .limit(LIMIT),
    db
      .select({ date: attendanceMarks.date, period: periods.name, status: attendanceMarks.status, markedAt: attendanceMarks.markedAt })
      .from(attendanceMarks)
      .leftJoin(periods, eq(periods.id, attendanceMarks.periodId))
      .where(mine(attendanceMarks))
      .orderBy(desc(attendanceMarks.date), desc(attendanceMarks.markedAt))
      .limit(LIMIT),
    db
      .select({ id: feeRecords.id, session: academicSessions.label, classFee: feeRecords.classFee, adjustments: feeRecords.adjustments, total: feeRecords.total, paid: feeRecords.paid })
      .from(feeRecords)
      .innerJoin(academicSessions, eq(academicSessions.id, feeRecords.sessionId))
      .where(mine(feeRecords))
      .orderBy(desc(academicSessions.startDate))
      .limit(LIMIT),
    db
      .select({ feeRecordId: feeInstalments.feeRecordId, seq: feeInstalments.seq, dueDate: feeInstalments.dueDate, amount: feeInstalments.amount, paid: feeInstalments.paid })
      .from(feeInstalments)
      .innerJoin(feeRecords, and(eq(feeRecords.id, feeInstalments.feeRecordId), eq(feeRecords.schoolId, feeInstalments.schoolId)))
      .where(and(eq(feeInstalments.schoolId, schoolId), eq(feeRecords.studentId, studentId)))
      .orderBy(desc(feeInstalments.dueDate))
      .limit(LIMIT),
    db
      .select({
        feeRecordId: feePayments.feeRecordId,
        receiptNo: feePayments.receiptNo,
        seq: feePayments.seq,
        amount: feePayments.amount,
        mode: feePayments.mode,
        reference: feePayments.reference,
        paidOn: feePayments.paidOn,
        reversedAt: feePayments.reversedAt,
        reversalReason: feePayments.reversalReason,
      })
      .from(feePayments)
      .innerJoin(feeRecords, and(eq(feeRecords.id, feePayments.feeRecordId), eq(feeRecords.schoolId, feePayments.schoolId)))
      .where(and(eq(feePayments.schoolId, schoolId), eq(feeRecords.studentId, studentId)))
      .orderBy(desc(feePayments.paidOn), desc(feePayments.receiptNo))
      .limit(LIMIT),
    db
      .select({ session: academicSessions.label, exam: exams.name, subject: subjects.name, status: examMarks.status, marks: examMarks.marks, examStatus: exams.status })
      .from(examMarks)
      .innerJoin(exams, eq(exams.id, examMarks.examId))
      .innerJoin(subjects, eq(subjects.id, examMarks.subjectId))
      .innerJoin(academicSessions, eq(academicSessions.id, examMarks.sessionId))
      .where(mine(examMarks))
      .orderBy(desc(academicSessions.startDate), exams.termStart, subjects.name)
      .limit(LIMIT),
    db
      .select({ exam: exams.name, coGrades: examNotes.coGrades, remark: examNotes.remark })
      .from(examNotes)
      .innerJoin(exams, eq(exams.id, examNotes.examId))
      .where(mine(examNotes))
      .orderBy(desc(exams.termStart))
      .limit(LIMIT),
    db
      .select({ at: notifications.createdAt, from: notifications.senderName, message: notifications.message, kind: notifications.kind, readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.schoolId, schoolId), eq(notifications.userId, studentId)))
      .orderBy(desc(notifications.createdAt))
      .limit(LIMIT),
    db
      .select({ at: chatMessages.createdAt, body: chatMessages.body, recipientId: chatMessages.recipientId })
      .from(chatMessages)
      .where(and(eq(chatMessages.schoolId, schoolId), eq(chatMessages.senderId, studentId)))
      .orderBy(desc(chatMessages.createdAt))
      .limit(LIMIT),
    consentHistory(db, schoolId, studentId, LIMIT),
    db
      .select({ at: auditLog.at, action: auditLog.action, actorRole: auditLog.actorRole, actorFirst: actor.firstName, actorLast: actor.lastName, details: auditLog.details })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .where(and(eq(auditLog.schoolId, schoolId), eq(auditLog.studentId, studentId)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(LIMIT),
    // The export itself is recorded beside the reads (it is in the next export's audit entries).
    recordAudit(db, caller, schoolId, { action: 'export', studentId }),
  ]);
  const u = row.u;
  return {
    format: 'shala-student-export',
    version: 1,
    exportedAt: now().toISOString(),
    school: row.schoolName,
    timeZone: row.timeZone,
    profile: {
      studentId: u.id,
      loginId: u.loginId,
      firstName: u.firstName,
      lastName: u.lastName,
      fullName: fullName(u),
      email: u.email,
      contact: u.contact,
      gender: u.gender,
      dateOfBirth: u.dateOfBirth,
      address: u.address,
      state: u.state,
      district: u.district,
      city: u.city,
      zip: u.zip,
      category: u.category,
      religion: u.religion,
      bloodGroup: u.bloodGroup,
      fatherOccupation: u.fatherOccupation,
      motherName: u.motherName,
      motherOccupation: u.motherOccupation,
      photo: u.image,
      active: u.status,
      erasedAt: iso(u.erasedAt),
      createdAt: u.createdAt.toISOString(),
      lastLoginAt: iso(u.lastLoginAt),
    },
    parents: row.p?.id ? [{ parentId: row.p.id, loginId: row.p.loginId, fullName: fullName({ firstName: row.p.firstName, lastName: row.p.lastName }), email: row.p.email, contact: row.p.contact }] : [],
    classes: capped(enrolments.map((e) => ({ ...e, since: e.since.toISOString() }))),
    attendance: capped(attendance.map((a) => ({ ...a, markedAt: a.markedAt.toISOString() }))),
    fees: {
      records: capped(records),
      instalments: capped(instalments),
      payments: capped(payments.map((p) => ({ ...p, reversedAt: iso(p.reversedAt) }))),
    },
    marks: capped(marks),
    remarks: capped(notes),
    notifications: capped(inbox.map((n) => ({ ...n, at: n.at.toISOString(), readAt: iso(n.readAt) }))),
    chatMessagesSent: capped(chats.map((c) => ({ ...c, at: c.at.toISOString() }))),
    consent: capped<ConsentRecord>(consent),
    audit: capped(
      audit.map((a) => ({
        at: a.at.toISOString(),
        action: a.action as AuditAction,
        actorRole: a.actorRole,
        actorName: a.actorFirst == null ? null : fullName({ firstName: a.actorFirst, lastName: a.actorLast ?? '' }),
        details: a.details as Record<string, unknown>,
      })),
    ),
  };
}

export type StudentBundle = Awaited<ReturnType<typeof studentBundle>>;
