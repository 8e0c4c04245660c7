import { and, eq, sql } from 'drizzle-orm';
import { ROLE, type EraseInput, type EraseResult } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { files, notifications, pushSubscriptions, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { hashGenerated, newPassword } from '../../auth/crypto.js';
import { onSessionsRevoked, revokeSessions } from '../../auth/sessions.js';
import { schoolOf } from '../../policy/index.js';
import { inTenant } from '../../db/scope.js';
import { privacyPolicy } from '../../policy/privacy.js';
import { fullName } from '../users/service.js';
import { recordAudit } from './audit.js';
import { now } from '../../clock.js';
import { roleSql } from '../../db/roles.js';
import { forgetContacts } from '../messaging/index.js';
import { forgetStudentLeave } from '../student-leave/service.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Erasing a former student on request (issue 12, the DPDP Act's right to erasure), in one
 * transaction, irreversible, recorded in the audit log:
 * - only a former student: an inactive account (409 `student_active` otherwise; `student_erased`
 *   the second time), confirmed by typing its name (400 `confirm_name`);
 * - its personal fields go: the name becomes "Former student <number of its login id>", contact,
 *   email, address, date of birth (removed, not reduced), gender, family and health fields are
 *   cleared; the photo's file is deleted from storage; the login is disabled (inactive, sessions
 *   revoked, a random password nobody knows); its notifications and push subscriptions are deleted,
 *   and its messaging contact (mobile number, verified or pending, WhatsApp opt-in, quiet hours);
 *   its leave requests lose their notes, comments and files (issue 43: often a health record);
 * - the parent link is removed; a parent with no other child in the school is anonymised and
 *   disabled the same way (its account served only this child), a parent of other children stays;
 * - the school's records stay as rows without identity: attendance, fees and payments, marks and
 *   results keep the student's id, which now names nobody; the consent history and the audit log
 *   stay as the evidence the Act asks a school to keep;
 * - its certificates stay as issued (the school keeps the TC and the admission register by law),
 *   but their public verification page no longer names the pupil (certificates.ts `verifyToken`).
 */

const CLEARED = {
  email: null,
  contact: null,
  image: null,
  gender: null,
  dateOfBirth: null,
  address: null,
  state: null,
  district: null,
  city: null,
  zip: null,
  qualification: null,
  subjects: null,
  maritalStatus: null,
  category: null,
  religion: null,
  bloodGroup: null,
  fatherOccupation: null,
  motherName: null,
  motherOccupation: null,
  parentUserId: null,
} satisfies Partial<typeof users.$inferInsert>;

/** The number an erased person keeps in its new name: its login id's number, else a piece of its id. */
export function formerNumber(loginId: string, id: string): string {
  return loginId.match(/\d+$/)?.[0] ?? id.slice(0, 8);
}

/** Clears one account's personal fields and disables it; returns the photo's file to delete. */
async function anonymise(tx: Tx, who: { id: string; loginId: string; image: string | null }, firstName: string): Promise<string | null> {
  await tx
    .update(users)
    .set({ ...CLEARED, firstName, lastName: formerNumber(who.loginId, who.id), status: false, passwordHash: await hashGenerated(newPassword(24)), erasedAt: now(), updatedAt: now() })
    .where(eq(users.id, who.id));
  await revokeSessions(tx, who.id);
  await tx.delete(notifications).where(eq(notifications.userId, who.id));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, who.id));
  if (!who.image) return null;
  // The photo's row goes unless another record still shows it; its bytes go after the commit.
  const [gone] = await tx.execute(sql`
    delete from ${files} where ${files.name} = ${who.image}
      and not exists (select 1 from users u where u.image = ${who.image})
      and not exists (select 1 from schools s where s.image = ${who.image})
    returning ${files.name}`).then((r) => rowsOf<{ name: string }>(r));
  return gone?.name ?? null;
}

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

export async function eraseStudent(deps: Deps, caller: Caller, studentId: string, body: EraseInput): Promise<EraseResult> {
  const schoolId = schoolOf(caller);
  const { result, photos, parentId } = await inTenant(deps, schoolId, async (tx) => {
    const [student] = await tx
      .select({ id: users.id, loginId: users.loginId, firstName: users.firstName, lastName: users.lastName, image: users.image, status: users.status, erasedAt: users.erasedAt, parentId: users.parentUserId })
      .from(users)
      .where(privacyPolicy.studentWhere(caller, schoolId, studentId))
      .for('update');
    if (!student) throw notFound('Student');
    if (student.erasedAt) throw new AppError('CONFLICT', 'This student was erased already.', { reason: 'student_erased' });
    if (student.status) throw new AppError('CONFLICT', 'Only a former (inactive) student can be erased: deactivate the student first.', { reason: 'student_active' });
    const name = fullName(student);
    if (!sameName(body.confirmName, name)) {
      throw new AppError('BAD_REQUEST', "Type the student's name exactly to confirm.", { reason: 'confirm_name', field: 'confirmName' });
    }
    // The parent, locked, if this is its only child in the school.
    const [parent] = student.parentId
      ? await tx
          .select({ id: users.id, loginId: users.loginId, image: users.image })
          .from(users)
          .where(
            and(
              eq(users.id, student.parentId),
              eq(users.schoolId, schoolId),
              eq(users.roleId, ROLE.PARENT),
              sql`not exists (select 1 from users c where c.school_id = ${schoolId} and c.role_id = ${roleSql(ROLE.STUDENT)} and c.parent_user_id = ${student.parentId} and c.id <> ${studentId})`,
            ),
          )
          .for('update')
      : [];
    const removed = [await anonymise(tx, student, 'Former student')];
    if (parent) removed.push(await anonymise(tx, parent, 'Former parent'));
    // Their numbers and WhatsApp opt-ins go with them (messaging's own rows).
    await forgetContacts(tx, schoolId, parent ? [studentId, parent.id] : [studentId]);
    // Its leave requests' notes, comments and certificates (leave asked by parents' own rows).
    removed.push(...(await forgetStudentLeave(tx, schoolId, studentId)));
    await recordAudit(tx, caller, schoolId, { action: 'erase', studentId, details: { parentErased: !!parent, loginId: student.loginId } });
    return {
      result: { studentId, fullName: `Former student ${formerNumber(student.loginId, student.id)}`, parentErased: !!parent },
      photos: removed.filter((x): x is string => !!x),
      parentId: parent?.id ?? null,
    };
  });
  onSessionsRevoked(deps, { userId: studentId });
  if (parentId) onSessionsRevoked(deps, { userId: parentId });
  const storage = deps.storage;
  await Promise.all(photos.map((name) => storage.delete(name).catch((err: unknown) => deps.log.warn({ err, name }, 'erase: photo not deleted'))));
  return result;
}

