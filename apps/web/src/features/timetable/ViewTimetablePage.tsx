import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROLE, type AcademicSession } from '@shala/contract';
import { useClassOptions, useTeacherClasses } from '../../api/academics-assign';
import { useAuth } from '../../api/auth';
import { ListState } from '../../components/ListState';
import { ClassPicker, ClassSelect, sessionScreen } from '../academics';
import { ClassTimetable } from './ClassTimetable';
import { useRememberedClass } from '../../lib/useRememberedClass';

/** A teacher picks among its own classes (admins pick any class of the session). */
function TeacherClassPicker({ sessionId, value, onChange }: { sessionId: string; value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const classes = useTeacherClasses(sessionId);
  const items = classes.data ?? [];
  return (
    <ListState
      query={classes}
      isEmpty={items.length === 0}
      emptyText={t('teacherClasses.empty')}
      rows={1}
    >
      <ClassSelect items={items} value={value} onChange={onChange} />
    </ListState>
  );
}

function Viewer({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const teacher = role === ROLE.TEACHER;
  // A teacher's classes (its own class first of all), or every class of the session for admins.
  const mine = useTeacherClasses(teacher ? session.sessionId : undefined);
  const all = useClassOptions(teacher ? undefined : session.sessionId);
  const offered = teacher ? mine.data : all.data?.items;
  const own = mine.data?.find((c) => c.isClassTeacher)?.assignClassId ?? null;
  const { classId: assignClassId, choose } = useRememberedClass(offered?.map((c) => c.assignClassId), own);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={960}>
        {teacher ? (
          <TeacherClassPicker sessionId={session.sessionId} value={assignClassId} onChange={choose} />
        ) : (
          <ClassPicker sessionId={session.sessionId} value={assignClassId} onChange={choose} />
        )}
      </Paper>
      {assignClassId ? <ClassTimetable key={assignClassId} assignClassId={assignClassId} /> : <Text c="dimmed">{t('timetable.pickClass')}</Text>}
    </Stack>
  );
}

/** /viewtimetable: a class's timetable, read-only (admins: any class; a teacher: its classes). */
export default sessionScreen('timetable.viewDescription', (session) => <Viewer key={session.sessionId} session={session} />);
