import type { Tx } from '../client.js';
import { classWorks } from '../schema.js';
import { addDays, localDate } from '../../modules/calendar/days.js';
import type { DemoCommunicationInput } from './demo-communication.js';

/** The demo teacher's recent work, newest last: class key, subject, days ago, days to do it, title, description. */
const WORK: Array<[key: string, subject: string, ago: number, days: number | null, title: string, description: string]> = [
  ['5-A', 'MATH', 4, 3, 'Fractions: worksheet 1', 'Solve questions 1 to 10 of the worksheet on like fractions. Show your working.'],
  ['4-A', 'MATH', 3, 2, 'Multiplication tables 12 to 15', 'Learn the tables of 12, 13, 14 and 15; a short oral test follows.'],
  ['3-B', 'MATH', 2, null, 'Shapes around the house', 'Find five things at home shaped like a circle, a square or a triangle and draw them.'],
  ['5-A', 'MATH', 1, 4, 'Decimals: textbook exercise 3.2', 'Textbook page 46, exercise 3.2, questions 1 to 8, in your notebook.'],
];

/**
 * The demo school's class work (issue 10): a few pieces by the demo teacher (DEMO-T0001) for the
 * classes and subjects it teaches, set in the last days, without files (the seed runs in one
 * transaction without storage). One statement.
 */
export async function seedDemoClassWork(tx: Tx, d: DemoCommunicationInput): Promise<void> {
  const today = localDate(d.timeZone);
  const rows = WORK.filter(([key, subject]) => d.cells.some((c) => c.key === key && c.subject === subject && c.teacher === 'DEMO-T0001')).map(
    ([key, subject, ago, days, title, description], i) => {
      const date = addDays(today, -ago);
      return {
        schoolId: d.schoolId,
        classId: d.classId.get(key)!,
        subjectId: d.subjectId.get(subject)!,
        teacherId: d.idOf.get('DEMO-T0001')!,
        title,
        description,
        date,
        dueDate: days === null ? null : addDays(date, days),
        // In the order written, so the list's newest-first order is stable.
        createdAt: new Date(Date.now() - (WORK.length - i) * 60_000),
      };
    },
  );
  if (rows.length > 0) await tx.insert(classWorks).values(rows);
}
