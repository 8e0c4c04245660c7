import { ROLE } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { useAttendanceSummary } from '../../api/attendance-views';
import { useCurrentSession } from '../../lib/useCurrentSession';
import { CalendarCard } from '../calendar';
import { AttendanceSummaryCard, SummaryGrid } from '../attendance';

/**
 * The school day on each dashboard: today's attendance (the school for admins, the teacher's classes,
 * the children's or the student's month) and the calendar (a parent's per child, the student's own).
 */
export default function SchoolDayCards() {
  const { role, userId } = useAuth();
  const { current, isLoading } = useCurrentSession();
  const sessionId = current?.sessionId;
  // The same query as the card's (one request): a parent's children for their calendars.
  const summary = useAttendanceSummary(sessionId, !isLoading && role === ROLE.PARENT);
  if (isLoading) return null;
  const calendars =
    role === ROLE.PARENT ? (
      (summary.data?.children ?? []).map((c) => <CalendarCard key={c.studentId} studentId={c.studentId} />)
    ) : role === ROLE.STUDENT ? (
      <CalendarCard studentId={userId ?? undefined} />
    ) : (
      <CalendarCard />
    );
  return (
    <SummaryGrid>
      <AttendanceSummaryCard sessionId={sessionId} />
      {calendars}
    </SummaryGrid>
  );
}
