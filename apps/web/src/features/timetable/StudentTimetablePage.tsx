import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AcademicSession } from '@shala/contract';
import { useStudentClass } from '../../api/academics-assign';
import { useAuth } from '../../api/auth';
import { RecordState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import type { ScreenProps } from '../../lib/screen';
import { sessionScreen, useClassLabel, WithSession } from '../academics';
import { ChosenChild } from '../parent';
import { ClassTimetable, NoTimetable } from './ClassTimetable';

/** A student's class in the session, then its timetable (not in a class yet: said so). */
function StudentTimetable({ userId, session, own }: { userId: string; session: AcademicSession; own: boolean }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const placement = useStudentClass(userId, session.sessionId);
  return (
    <RecordState query={placement}>
      {() => {
        const view = placement.data;
        if (!view) return null;
        if (!view.class) {
          return <NoTimetable title={own ? t('myClass.notAssigned') : t('myClass.childNotAssigned', { name: view.student.fullName })} />;
        }
        return (
          <Stack gap="md">
            <Text fw={600}>{label(view.class)}</Text>
            <ClassTimetable key={view.class.assignClassId} assignClassId={view.class.assignClassId} />
          </Stack>
        );
      }}
    </RecordState>
  );
}

/** /studenttimetable: the student's own class's week. */
export function StudentTimetablePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { userId } = useAuth();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('timetable.studentDescription')} />
      <WithSession>{(session) => (userId ? <StudentTimetable key={session.sessionId} userId={userId} session={session} own /> : null)}</WithSession>
    </>
  );
}

/** A parent chooses one of its children. */
function ChildTimetable({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  return (
    <ChosenChild label={t('timetable.child')}>
      {(child) => <StudentTimetable key={child.userId} userId={child.userId} session={session} own={false} />}
    </ChosenChild>
  );
}

/** /parenttimetable: a child's class's week. */
export const ParentTimetablePage = sessionScreen('timetable.parentDescription', (session) => <ChildTimetable key={session.sessionId} session={session} />);
