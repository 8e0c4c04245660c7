import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { ALL_ROLES, ROLE, type Role } from '@shala/contract';
import type { Caller } from '../src/context.js';
import { academicsPolicy } from '../src/policy/academics.js';
import { attendancePolicy, type AttendanceClass } from '../src/policy/attendance.js';
import { certificatesPolicy } from '../src/policy/certificates.js';
import { dashboardPolicy } from '../src/policy/dashboard.js';
import { messagingPolicy } from '../src/policy/messaging.js';
import { paymentsPolicy } from '../src/policy/payments.js';
import { privacyPolicy } from '../src/policy/privacy.js';
import { studentLeavePolicy } from '../src/policy/student-leave.js';

/**
 * The role decisions the services ask their policies for (who pays, whose dashboard, who marks),
 * role by role: the routes' tests cover each through the API, this table keeps the whole rule in
 * one view. Conditions are rendered to SQL text to read what they let through.
 */
const ME = '00000000-0000-4000-8000-000000000001';
const as = (roleId: Role): Caller => ({ userId: ME, roleId, schoolId: 'school', sessionId: 'session', name: 'Caller' });
const byRole = <T>(decide: (caller: Caller) => T) => Object.fromEntries(ALL_ROLES.map((role) => [role, decide(as(role))]));
const dialect = new PgDialect();
const text = (where: SQL | undefined) => (where === undefined ? 'anyone' : dialect.sqlToQuery(where).sql);
const student = { parentOf: sql`u.parent_user_id`, studentId: sql`r.student_id` };

describe('role decisions live in the policies', () => {
  it('payments: the family pays online and by UPI reference, its own only; admins see an instalment to show its UPI code', () => {
    expect(byRole((c) => text(paymentsPolicy.payableWhere(c, student)))).toEqual({
      [ROLE.OWNER]: 'false',
      [ROLE.SYSTEM_ADMIN]: 'false',
      [ROLE.PRINCIPAL]: 'false',
      [ROLE.TEACHER]: 'false',
      [ROLE.PARENT]: 'u.parent_user_id = $1',
      [ROLE.STUDENT]: 'r.student_id = $1',
    });
    expect(byRole((c) => text(paymentsPolicy.visibleWhere(c, student)))).toEqual({
      [ROLE.OWNER]: 'false',
      [ROLE.SYSTEM_ADMIN]: 'anyone',
      [ROLE.PRINCIPAL]: 'anyone',
      [ROLE.TEACHER]: 'false',
      [ROLE.PARENT]: 'u.parent_user_id = $1',
      [ROLE.STUDENT]: 'r.student_id = $1',
    });
    expect(dialect.sqlToQuery(paymentsPolicy.payableWhere(as(ROLE.PARENT), student)).params).toEqual([ME]);
  });

  it("certificates: admins print any, the family its own shared ones; the family's list is a parent's children or the student itself", () => {
    const family = { studentId: sql`u.id`, parentOf: sql`u.parent_user_id` };
    expect(byRole((c) => text(certificatesPolicy.familyWhere(c, family)))).toEqual({
      [ROLE.OWNER]: 'false',
      [ROLE.SYSTEM_ADMIN]: 'false',
      [ROLE.PRINCIPAL]: 'false',
      [ROLE.TEACHER]: 'false',
      [ROLE.PARENT]: 'u.parent_user_id = $1',
      [ROLE.STUDENT]: 'u.id = $1',
    });
    const print = byRole((c) => text(certificatesPolicy.printWhere(c, 'school')));
    expect(print[ROLE.SYSTEM_ADMIN]).toBe('anyone');
    expect(print[ROLE.PRINCIPAL]).toBe('anyone');
    expect(print[ROLE.TEACHER]).toBe('false');
    expect(print[ROLE.OWNER]).toBe('false');
    expect(print[ROLE.STUDENT]).toMatch(/"student_id" = \$1 and "certificates"."shared_with_parent"$/);
    expect(print[ROLE.PARENT]).toMatch(/^"certificates"."shared_with_parent" and exists \(.*s.parent_user_id = \$\d\)$/);
  });

  it("dashboard: a teacher counts its own classes, a parent its own children, everyone else the school's", () => {
    expect(byRole((c) => dashboardPolicy.kindFor(c))).toEqual({
      [ROLE.OWNER]: 'school',
      [ROLE.SYSTEM_ADMIN]: 'school',
      [ROLE.PRINCIPAL]: 'school',
      [ROLE.TEACHER]: 'teacher',
      [ROLE.PARENT]: 'parent',
      [ROLE.STUDENT]: 'school',
    });
    expect(dashboardPolicy.countsFor(as(ROLE.TEACHER))).toEqual(['classes', 'students']);
    expect(dashboardPolicy.countsFor(as(ROLE.PARENT))).toEqual(['students']);
  });

  it('attendance: the summary by role, and who marks a day or a period', () => {
    expect(byRole((c) => attendancePolicy.summaryKind(c))).toEqual({
      [ROLE.OWNER]: null,
      [ROLE.SYSTEM_ADMIN]: 'school',
      [ROLE.PRINCIPAL]: 'school',
      [ROLE.TEACHER]: 'classes',
      [ROLE.PARENT]: 'children',
      [ROLE.STUDENT]: 'children',
    });
    expect(text(attendancePolicy.childrenWhere(as(ROLE.PARENT)))).toBe('u.parent_user_id = $1 and u.status');
    expect(text(attendancePolicy.childrenWhere(as(ROLE.STUDENT)))).toBe('u.id = $1');

    const cls = (isClassTeacher: boolean) => ({ isClassTeacher }) as AttendanceClass;
    const refusal = (role: Role, isClassTeacher: boolean, periodId: string | null, cellTeacherId: string | null) => {
      const err = attendancePolicy.roleRefusal(as(role), cls(isClassTeacher), periodId, cellTeacherId);
      return err && (err.detail.reason ?? err.code);
    };
    expect(refusal(ROLE.PRINCIPAL, false, null, null)).toBeNull();
    expect(refusal(ROLE.SYSTEM_ADMIN, false, null, null)).toBe('FORBIDDEN');
    expect(refusal(ROLE.TEACHER, true, null, null)).toBeNull();
    expect(refusal(ROLE.TEACHER, false, null, null)).toBe('not_class_teacher');
    expect(refusal(ROLE.TEACHER, false, 'period', ME)).toBeNull();
    expect(refusal(ROLE.TEACHER, false, 'period', 'someone else')).toBe('not_period_teacher');
  });

  it('academics, messaging, privacy: a teacher sees its own classes; WhatsApp is for parents; the staff log is for staff', () => {
    expect(ALL_ROLES.filter((r) => academicsPolicy.ownClassesOnly(as(r)))).toEqual([ROLE.TEACHER]);
    expect(ALL_ROLES.filter((r) => messagingPolicy.choosesWhatsApp(as(r)))).toEqual([ROLE.PARENT]);
    expect(ALL_ROLES.filter((r) => privacyPolicy.isStaff(as(r)))).toEqual([ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER]);
    expect(text(privacyPolicy.viewedWhere(as(ROLE.PARENT), sql`u.parent_user_id`))).toBe('u.parent_user_id = $1');
    expect(text(privacyPolicy.viewedWhere(as(ROLE.TEACHER), sql`u.parent_user_id`))).toBe('true');
  });

  it('leave asked by parents: a parent its children, a teacher its classes as class teacher, the admins the school; the class teacher and the principal decide', () => {
    expect(byRole((c) => text(studentLeavePolicy.visible(c, sql`l`, sql`u`)))).toEqual({
      [ROLE.OWNER]: 'false',
      [ROLE.SYSTEM_ADMIN]: 'true',
      [ROLE.PRINCIPAL]: 'true',
      [ROLE.TEACHER]: 'exists (select 1 from classes ct where ct.id = l.class_id and ct.class_teacher_id = $1)',
      [ROLE.PARENT]: 'u.parent_user_id = $1',
      [ROLE.STUDENT]: 'false',
    });
    expect(ALL_ROLES.filter((r) => text(studentLeavePolicy.askable(as(r), sql`u`)) !== 'false')).toEqual([ROLE.PARENT]);
    expect(ALL_ROLES.filter((r) => studentLeavePolicy.mayDecide(as(r)))).toEqual([ROLE.PRINCIPAL, ROLE.TEACHER]);
    expect(ALL_ROLES.filter((r) => studentLeavePolicy.mayCancel(as(r)))).toEqual([ROLE.PRINCIPAL, ROLE.PARENT]);
  });
});
