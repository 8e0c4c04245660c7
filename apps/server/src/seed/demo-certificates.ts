import { ROLE } from '@shala/contract';
import type { Tx } from '../db/client.js';
import { issueInTx } from '../modules/certificates/certificates.js';
import { addDays, localDate } from '../modules/calendar/days.js';
import { feeStanding } from '../modules/certificates/index.js';

/**
 * The demo school's certificates, issued by the demo principal through the certificates service on
 * the school's today (numbers 1 of each type), none to the students the journeys sign in as
 * (DEMO-S0001…S0004) nor in classes 1–5 (whose fees and attendance they count):
 * - a bonafide certificate (for a bank account) and a character certificate, to the first two
 *   students of 6-A;
 * - a tuition-fee certificate for the current financial year to DEMO-S0005 (5-A's fees are paid
 *   by most; the certificate adds up what was paid, ₹0 if nothing);
 * - one student who left with a TC: the last with nothing due (11-A's first; not of 2-A or 5-A),
 *   inactive from today, its sessions ended, shared with its parent.
 */
export const DEMO_LEFT_CLASS = '11-A';
const JOURNEY_CLASSES = ['2-A', '5-A'];

export async function seedDemoCertificates(
  tx: Tx,
  d: { schoolId: string; timeZone: string; principalId: string; students: Array<{ loginId: string; id: string; cls: string }> },
): Promise<void> {
  const caller = { userId: d.principalId, roleId: ROLE.PRINCIPAL, schoolId: d.schoolId, sessionId: 'demo-seed', name: 'Demo seed' };
  const today = localDate(d.timeZone);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const sixA = d.students.filter((s) => s.cls === '6-A');
  // The last with nothing due (11-A first), outside the classes the journeys count (2-A, 5-A).
  let leaving: { id: string; cls: string } | undefined;
  const others = d.students.filter((x) => !JOURNEY_CLASSES.includes(x.cls) && !/^DEMO-S000[1-4]$/.test(x.loginId)).reverse();
  for (const s of [...others.filter((x) => x.cls === DEMO_LEFT_CLASS), ...others.filter((x) => x.cls !== DEMO_LEFT_CLASS)]) {
    if ((await feeStanding(tx, d.schoolId, s.id, today)).dues === 0) {
      leaving = s;
      break;
    }
  }
  const feecert = d.students.find((s) => s.loginId === 'DEMO-S0005');
  if (sixA[0]) await issueInTx(tx, d.schoolId, caller, { type: 'bonafide', studentId: sixA[0].id, fields: { purpose: 'Opening a savings bank account' }, shareWithParent: true });
  if (sixA[1]) await issueInTx(tx, d.schoolId, caller, { type: 'character', studentId: sixA[1].id, fields: { conduct: 'Very good', remarks: 'Regular, helpful and keen on sports.' }, shareWithParent: true });
  if (feecert) await issueInTx(tx, d.schoolId, caller, { type: 'feecert', studentId: feecert.id, fields: { financialYear: m >= 4 ? y : y - 1 }, shareWithParent: true });
  if (leaving) {
    await issueInTx(tx, d.schoolId, caller, {
      type: 'tc',
      studentId: leaving.id,
      shareWithParent: true,
      fields: {
        template: 'cbse',
        applicationDate: addDays(today, -7),
        leavingDate: today,
        reason: "Family moving to another city (parent's transfer)",
        // The pupil's own class (the one that leaves may be of another class than DEMO_LEFT_CLASS).
        lastExam: `Half-yearly examination, class ${leaving.cls.split('-')[0]}`,
        result: 'Passed',
        qualifiedForPromotion: 'yes',
        subjects: '',
        activities: 'Football, NCC cadet',
        conduct: 'Good',
        remarks: '',
        duesOverride: '',
        printDues: false,
      },
    });
  }
}
