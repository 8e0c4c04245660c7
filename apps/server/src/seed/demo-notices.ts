import type { Tx } from '../db/client.js';
import { notices } from '../db/schema.js';
import { addDays, localDate } from '../modules/calendar/days.js';
import type { DemoCommunicationInput } from './demo-communication-input.js';
import { ROLE } from '@shala/contract';

/**
 * The demo school's notices (issue 10), written by the principal `DEMO-P0001` and dated around the
 * school's today at seed time, in one statement: a parent–teacher meeting (teachers and parents),
 * sports day (everyone), a fee reminder (parents and students), the half-yearly examinations
 * (principals, teachers, parents and students), a staff meeting (admins, principals and teachers),
 * and an old one made inactive (on no board). Nobody is notified: the bell stays for what happens
 * while one tries.
 */
export async function seedDemoNotices(tx: Tx, d: DemoCommunicationInput): Promise<void> {
  const principal = d.idOf.get('DEMO-P0001');
  if (!principal) return;
  const today = localDate(d.timeZone);
  const rows = [
    {
      title: 'Parent–teacher meeting',
      description:
        'Parents are invited to meet the class teachers on Saturday from 9 am to 12 noon in the classrooms. Please bring the progress report and bring up anything about your child’s studies.',
      date: addDays(today, -1),
      roles: [ROLE.TEACHER, ROLE.PARENT],
    },
    {
      title: 'Annual sports day',
      description:
        'Sports day is on the school ground. Races, relays and a march past for every class; parents are welcome. Students come in the house T-shirt with water bottles; classes end at noon.',
      date: addDays(today, -3),
      roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT, ROLE.STUDENT],
    },
    {
      title: 'Staff meeting',
      description: 'All teachers meet in the staff room after the last period to plan the half-yearly examinations and the timetable of the examination week.',
      date: addDays(today, -6),
      roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER],
    },
    {
      title: 'Fee instalment reminder',
      description:
        'The next fee instalment is due this month. Parents are requested to pay at the school office or by UPI before the due date to avoid the late fee. Receipts are on the app.',
      date: addDays(today, -2),
      roles: [ROLE.PARENT, ROLE.STUDENT],
    },
    {
      title: 'Half-yearly examinations',
      description: 'The half-yearly examinations begin next month. The date sheet will be shared by the class teachers; syllabus as covered in class until then.',
      date: addDays(today, -9),
      roles: [ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT, ROLE.STUDENT],
    },
    {
      title: 'School closed for the rain',
      description: 'The school stays closed today because of the heavy rain. Classes resume tomorrow at the usual time.',
      date: addDays(today, -20),
      roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT, ROLE.STUDENT],
      status: false,
    },
  ];
  await tx.insert(notices).values(rows.map((n) => ({ schoolId: d.schoolId, createdBy: principal, status: true, ...n })));
}
