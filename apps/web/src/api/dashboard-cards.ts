import type { QueryClient } from '@tanstack/react-query';
import { DASHBOARD_PAGES, type CalendarMonth, type DashboardHome, type DashboardStudentCards } from '@shala/contract';
import { answerAskedAt, fill } from './dashboard';
import { assignKeys } from './academics-assign';
import { attendanceViewKeys } from './attendance-views';
import { calendarKeys } from './calendar';
import { classWorkKeys } from './classwork';
import { feeReportKeys } from './fees-reports';
import { feeStudentKeys } from './fees-student';
import { noticeKeys } from './notices';
import { myChildrenKey } from './people';

/**
 * Stores the cards' parts of the landing page's one answer as the answers of the queries the cards
 * ask (the keys of their own hooks), so that they show them without asking. It comes with the
 * cards' code (chunks.ts), not with the numbers': the page calls it once that code is in and
 * before it shows the cards. A part the answer lacks (null: its route refused, or a card the
 * answer does not know) is left to the card, which asks its route as before.
 */
export function fillCards(client: QueryClient, answer: DashboardHome, answeredAt: number): void {
  if (answer.kind === 'platform') return;
  const at = answerAskedAt(answer, answeredAt);
  const session = answer.sessionId ?? undefined;
  fill(client, noticeKeys.board(DASHBOARD_PAGES.board), { pages: [answer.board], pageParams: [1] }, at);
  fill(client, attendanceViewKeys.summary(answer.sessionId), answer.attendance, at);
  /** A calendar card's month (the month it opens on is the answer's). */
  const month = (studentId: string | undefined, data: CalendarMonth | null) => {
    if (data) fill(client, calendarKeys.month(data.month, session, studentId), data, at);
  };
  switch (answer.kind) {
    case 'admin':
      month(undefined, answer.calendar);
      if (answer.fees && session) fill(client, feeReportKeys.summary(session), answer.fees, at);
      break;
    case 'teacher':
      month(undefined, answer.calendar);
      break;
    case 'student':
      month(answer.profile.userId, answer.calendar);
      if (answer.student && session) fillStudent(client, answer.student, session, at);
      break;
    case 'parent':
      fill(client, myChildrenKey, answer.myChildren, at);
      for (const c of answer.calendars) month(c.studentId, c.month);
      if (session) for (const cards of answer.students) fillStudent(client, cards, session, at);
      break;
  }
}

/** A student's class, its class's latest work and its fees. */
function fillStudent(client: QueryClient, cards: DashboardStudentCards, session: string, at: number) {
  if (cards.studentClass) fill(client, assignKeys.student(session, cards.studentId), cards.studentClass, at);
  const assignClassId = cards.studentClass?.class?.assignClassId;
  if (assignClassId && cards.classWork) fill(client, classWorkKeys.ofClass(assignClassId, 1, DASHBOARD_PAGES.classWork), cards.classWork, at);
  if (cards.fees) fill(client, feeStudentKeys.fees(cards.studentId, session), cards.fees, at);
}
