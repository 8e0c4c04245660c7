import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { StaffDuty } from '@shala/contract';
import type { Caller } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { now } from '../../clock.js';
import { AppError, notFound } from '../../errors.js';
import { staffPolicy } from '../../policy/staff.js';
import { userName } from './sql.js';

/**
 * Duties beyond a role (issue 42): `arrangement`, the arrangement register kept by a teacher (the
 * arrangement in-charge). The set of the school's arrangers is saved with the staff settings and
 * read with them; the signed-in profile lists the caller's duties (`dutiesOf`).
 */

/** The school's arrangers as JSON (SQL: `[{ userId, fullName }]` by name), those still active teachers. */
export const arrangersJson = (schoolId: string): SQL => sql`(select coalesce(json_agg(json_build_object('userId', u.id, 'fullName', ${userName('u')})
    order by ${userName('u')}, u.id), '[]'::json)
  from staff_duties d join users u on u.id = d.user_id
  where d.school_id = ${schoolId} and d.duty = 'arrangement' and ${staffPolicy.mayArrangeAs(sql`u`)})`;

/** A user's duties (SQL of a JSON array, `[]` for most), `userId` and `schoolId` the columns of its row. */
export const dutiesOf = (userId: SQLWrapper | string, schoolId: SQLWrapper | string | null): SQL<StaffDuty[]> =>
  sql<StaffDuty[]>`(select coalesce(json_agg(d.duty order by d.duty), '[]'::json) from staff_duties d where d.school_id = ${schoolId} and d.user_id = ${userId})`;

/**
 * Replaces the school's arrangers by `ids` inside the settings' transaction: each an active teacher
 * of the school (another school's or an unknown id 404: row-level security hides the first; any
 * other user 400 `not_a_teacher`). Those kept keep when and by whom they were given the duty.
 */
export async function saveArrangers(tx: DbOrTx, caller: Caller, schoolId: string, ids: readonly string[]): Promise<void> {
  const wanted = [...new Set(ids)];
  const list = JSON.stringify(wanted);
  if (wanted.length) {
    const found = rowsOf<{ id: string; ok: boolean }>(
      await tx.execute(sql`select u.id, ${staffPolicy.mayArrangeAs(sql`u`)} as ok from users u
        where u.school_id = ${schoolId} and u.id in (select value::uuid from json_array_elements_text(${list}::json))`),
    );
    if (found.length < wanted.length) throw notFound('Teacher');
    if (found.some((u) => !u.ok)) throw new AppError('BAD_REQUEST', 'Only an active teacher of the school keeps the arrangement register.', { reason: 'not_a_teacher', field: 'arrangers' });
  }
  await tx.execute(sql`delete from staff_duties d where d.school_id = ${schoolId} and d.duty = 'arrangement'
    and d.user_id not in (select value::uuid from json_array_elements_text(${list}::json))`);
  if (wanted.length) {
    await tx.execute(sql`insert into staff_duties (school_id, user_id, duty, granted_by, granted_at)
      select ${schoolId}::uuid, value::uuid, 'arrangement', ${caller.userId}::uuid, ${now().toISOString()}::timestamptz from json_array_elements_text(${list}::json)
      on conflict (school_id, user_id, duty) do nothing`);
  }
}
