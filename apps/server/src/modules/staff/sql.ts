import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { now } from '../../clock.js';

/** SQL pieces the staff module's statements share (the register, leave, check-in, arrangements). */

/** The school's date at `at` (default the app's clock's now), in its time zone: a subquery for one statement. */
export const schoolToday = (schoolId: string, at: Date = now()): SQL =>
  sql`(select (${at.toISOString()}::timestamptz at time zone s.time_zone)::date from schools s where s.id = ${schoolId})`;

/** A users row's full name (`u` the row's alias): first and last, either of them empty left out. */
export const userName = (u: string): SQL => sql.raw(`concat_ws(' ', nullif(${u}.first_name, ''), nullif(${u}.last_name, ''))`);

/** The session of the school containing the date (the current one first), or null. */
export async function sessionOn(db: DbOrTx, schoolId: string, date: string): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select id from academic_sessions where school_id = ${schoolId} and start_date <= ${date}::date and end_date >= ${date}::date
      order by is_current desc, start_date desc limit 1`),
  );
  return rows[0]?.id ?? null;
}
