import { useTranslation } from 'react-i18next';
import type { AcademicSession, MasterWeek, Period, TeacherWeek } from '@shala/contract';
import { useMyCovers } from '../../api/substitutions';
import { useTeacherWeek } from '../../api/timetable';
import { RecordState } from '../../components/ListState';
import { sessionScreen, useAcademicNames, useClassLabel } from '../academics';
import { FreeSlot, NoTimetable, Slot } from './ClassTimetable';
import { CoversList } from './CoversList';
import { cellKey } from './grid';
import { WeekGrid } from './WeekGrid';

function Week({ week }: { week: TeacherWeek }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const { subjectName } = useAcademicNames();
  if (!week.cells.length) return <NoTimetable title={t('timetable.weekEmpty')} />;
  const cells = new Map(week.cells.map((c) => [cellKey(c.day, c.periodId), c]));
  const cell = (day: MasterWeek, period: Period) => {
    const c = cells.get(cellKey(day.day, period.periodId));
    return c ? <Slot title={label(c.class)} detail={subjectName(c.subject)} /> : <FreeSlot />;
  };
  return <WeekGrid periods={week.periods} days={week.days} cell={cell} label={t('timetable.weekLabel', { name: week.teacher.fullName })} />;
}

/** The extra periods of this day and the six after (covers for colleagues away), above the week; nothing when none or unread. */
function WeekCovers() {
  const { t } = useTranslation();
  const covers = useMyCovers();
  return <CoversList covers={covers.data?.covers ?? []} title={t('substitutions.covers.weekTitle')} withDate testId="week-covers" />;
}

function OwnWeek({ session }: { session: AcademicSession }) {
  const query = useTeacherWeek(session.sessionId);
  return (
    <>
      <WeekCovers />
      <RecordState query={query}>
        {() => (query.data ? <Week week={query.data} /> : null)}
      </RecordState>
    </>
  );
}

/** /ClassTimetable: the teacher's own week across all its classes. */
export default sessionScreen('timetable.weekDescription', (session) => <OwnWeek key={session.sessionId} session={session} />);
