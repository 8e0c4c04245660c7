import { Badge, EmptyState, Stack } from '@mantine/core';
import { IconSchoolOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StudentClassView } from '@shala/contract';
import { useStudentClass } from '../../../api/academics-assign';
import { DetailGrid } from '../../../components/DetailGrid';
import { RecordState } from '../../../components/ListState';
import { useAcademicNames } from '../names';
import { SubjectTeacherList } from './ClassDetailsPage';
import { SectionCard } from './parts';
import { localeOf } from '../../../lib/format';

/** Class, section, roll number, class teacher; then the subjects with their teachers. */
export function StudentClassDetails({ view, own }: { view: StudentClassView; own: boolean }) {
  const { t, i18n } = useTranslation();
  const { className } = useAcademicNames();
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));
  const c = view.class;
  if (!c) {
    return (
      <SectionCard title={t('myClass.classTitle')} maw={960}>
        <EmptyState
          icon={<IconSchoolOff size={28} stroke={1.5} aria-hidden />}
          withIndicatorBackground
          title={own ? t('myClass.notAssigned') : t('myClass.childNotAssigned', { name: view.student.fullName })}
          role="status"
        >
          {t('myClass.notAssignedHint')}
        </EmptyState>
      </SectionCard>
    );
  }
  return (
    <Stack gap="lg" maw={960}>
      <SectionCard title={t('myClass.classTitle')} actions={<Badge variant="outline" color="gray">{t('assign.session', { year: c.sessionYear })}</Badge>}>
        <DetailGrid
          cols={2}
          items={[
            { label: t('myClass.class'), value: className(c.masterClass) },
            { label: t('myClass.section'), value: c.section },
            { label: t('myClass.rollNo'), value: view.rollNo != null ? numbers.format(view.rollNo) : t('myClass.noRollNo') },
            { label: t('myClass.classTeacher'), value: c.classTeacher ? c.classTeacher.fullName : t('assign.noClassTeacher') },
            { label: t('myClass.classmates'), value: numbers.format(c.students) },
          ]}
        />
      </SectionCard>
      <SectionCard title={t('myClass.subjectsTitle')}>
        <SubjectTeacherList subjects={view.subjects} />
      </SectionCard>
    </Stack>
  );
}

/** The class of one student in a session, loaded; `own`: the student's own screen. */
export function StudentClassSection({ userId, sessionId, own }: { userId: string; sessionId: string; own: boolean }) {
  const query = useStudentClass(userId, sessionId);
  return (
    <RecordState query={query}>
      {() => (query.data ? <StudentClassDetails view={query.data} own={own} /> : null)}
    </RecordState>
  );
}
