import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';

/**
 * The demo school's admission register (issue 26): the students have their admission numbers from
 * the school's counter (the trigger on users, as they were created); here each gets the date it was
 * admitted (a pupil of class 5 joined in class 1, four years before this session; Nursery to UKG and
 * class 1 this session; at most eight years back), its father's name (the parent account when it is
 * the father's, else a name of the family: one per parent account, so brothers and sisters have one
 * father), Indian nationality and a mother tongue. PEN, APAAR and
 * Aadhaar stay empty: the UDISE+ check lists them as missing, as a school's would be at first.
 */
const FATHERS = ['Ramesh', 'Suresh', 'Anil', 'Vijay', 'Rajesh', 'Manoj', 'Sanjay', 'Ashok', 'Deepak', 'Prakash', 'Mahesh', 'Dinesh'] as const;
const TONGUES = ['Hindi', 'Hindi', 'Hindi', 'Marathi', 'Bengali', 'Punjabi', 'Urdu', 'Gujarati'] as const;

export async function seedDemoRegisters(
  tx: Tx,
  ctx: {
    schoolId: string;
    /** The current session's first day (YYYY-MM-DD). */
    sessionStart: string;
    students: ReadonlyArray<{ id: string; cls: string; last: string; parent: { loginId: string; first: string; last: string; gender: string | null } }>;
  },
): Promise<void> {
  const startYear = Number(ctx.sessionStart.slice(0, 4));
  const rows = ctx.students.map((s, i) => {
    const grade = Number(s.cls.split('-')[0]);
    const yearsAgo = Number.isFinite(grade) ? Math.min(Math.max(grade - 1, 0), 8) : 0;
    // Chosen by the family's parent account, not the child: siblings share it.
    const father = s.parent.gender === 'male' ? `${s.parent.first} ${s.parent.last}` : `${FATHERS[Number(s.parent.loginId.replace(/\D/g, '')) % FATHERS.length]} ${s.last}`;
    return { id: s.id, admitted: `${startYear - yearsAgo}${ctx.sessionStart.slice(4, 8)}${String((i % 9) + 1).padStart(2, '0')}`, father, tongue: TONGUES[i % TONGUES.length]! };
  });
  await tx.execute(sql`
    update student_records r set admission_date = x.admitted::date, father_name = x.father, nationality = 'Indian', mother_tongue = x.tongue
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(id uuid, admitted text, father text, tongue text)
    where r.school_id = ${ctx.schoolId} and r.student_id = x.id`);
}
