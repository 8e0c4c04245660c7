import { useMemo, useState } from 'react';
import { NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROLE, type Exam } from '@shala/contract';
import { useClassOptions, useAssignedClass, useTeacherClasses } from '../../../api/academics-assign';
import { useAuth } from '../../../api/auth';
import { useExamAnalysis } from '../../../api/exams-analysis';
import { useExams } from '../../../api/exams';
import { useCurrentSession } from '../../../lib/useCurrentSession';
import type { ScreenProps } from '../../../lib/screen';
import { ListState } from '../../../components/ListState';
import { PageHeading } from '../../../components/PageHeading';
import { StudentProgressChart } from './StudentProgressChart';
import { SubjectCard } from './SubjectCard';
import { defaultExamId, hasMarks } from './shape';

/**
 * /examanalysis (112, 113, 114): an exam in a class subject by subject (average, highest, lowest,
 * the grade distribution, the students below the pass mark), and a student's progress across the
 * session's exams. A teacher chooses among the classes it teaches or is class teacher of; admins
 * among the session's classes.
 */
export default function AnalysisPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { current, isLoading } = useCurrentSession();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('examAnalysis.description')} />
      {isLoading ? <Skeleton h={60} radius="md" /> : current ? <Analysis sessionId={current.sessionId} /> : <Text c="dimmed">{t('header.noSessions')}</Text>}
    </>
  );
}

function Analysis({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const teacher = role === ROLE.TEACHER;
  const exams = useExams(sessionId);
  const mine = useTeacherClasses(teacher ? sessionId : undefined);
  const all = useClassOptions(teacher ? undefined : sessionId);
  const classes = teacher ? mine : all;
  const classOptions = useMemo(() => {
    const list = teacher ? (mine.data ?? []) : (all.data?.items ?? []);
    return list.map((c) => ({ value: c.assignClassId, label: t('examAnalysis.classSection', { name: c.className, section: c.section }) }));
  }, [teacher, mine.data, all.data, t]);

  const [examId, setExamId] = useState<string | null>(null);
  const [classId, setClassId] = useState<string | null>(null);
  const chosenExam = examId ?? defaultExamId(exams.data);
  const chosenClass = classId ?? classOptions[0]?.value ?? null;

  return (
    <ListState
      isLoading={exams.isLoading || classes.isLoading}
      isError={exams.isError || classes.isError}
      error={exams.error ?? classes.error}
      onRetry={() => void Promise.all([exams.refetch(), classes.refetch()])}
      isEmpty={!exams.data?.length || !classOptions.length}
      emptyText={!exams.data?.length ? t('examAnalysis.noExams') : teacher ? t('examAnalysis.noTeacherClasses') : t('examAnalysis.noClasses')}
      rows={2}
    >
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={640}>
          <NativeSelect
            label={t('examAnalysis.exam')}
            value={chosenExam ?? ''}
            onChange={(e) => setExamId(e.currentTarget.value)}
            data={(exams.data ?? []).map((e: Exam) => ({ value: e.examId, label: e.name }))}
          />
          <NativeSelect label={t('examAnalysis.class')} value={chosenClass ?? ''} onChange={(e) => setClassId(e.currentTarget.value)} data={classOptions} />
        </SimpleGrid>
        {chosenExam && chosenClass ? <ExamFigures examId={chosenExam} classId={chosenClass} /> : null}
        {chosenClass ? <Progress key={chosenClass} classId={chosenClass} sessionId={sessionId} /> : null}
      </Stack>
    </ListState>
  );
}

/** The subjects' cards of an exam in a class. */
function ExamFigures({ examId, classId }: { examId: string; classId: string }) {
  const { t } = useTranslation();
  const analysis = useExamAnalysis(examId, classId);
  const data = analysis.data;
  return (
    <ListState
      query={analysis}
      isEmpty={!data?.subjects.length || !hasMarks(data)}
      emptyText={!data?.subjects.length ? t('examAnalysis.noSubjects') : t('examAnalysis.noMarks')}
      rows={3}
    >
      {data ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('examAnalysis.summary', { exam: data.examName, klass: t('examAnalysis.classSection', { name: data.className, section: data.section }), students: data.students, pass: data.passPercent })}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {data.subjects.map((s) => (
              <SubjectCard key={s.subjectId} subject={s} students={data.students} passPercent={data.passPercent} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </ListState>
  );
}

/** A student of the class, chosen, and its progress across the session's exams. */
function Progress({ classId, sessionId }: { classId: string; sessionId: string }) {
  const { t } = useTranslation();
  const detail = useAssignedClass(classId);
  const [studentId, setStudentId] = useState<string>('');
  const students = detail.data?.studentList ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="progress-title">
      <Title order={2} size="h4" id="progress-title" mb="sm">
        {t('examAnalysis.progress')}
      </Title>
      <NativeSelect
        label={t('examAnalysis.student')}
        value={studentId}
        onChange={(e) => setStudentId(e.currentTarget.value)}
        disabled={detail.isLoading || !students.length}
        data={[
          { value: '', label: detail.isLoading ? t('common.loading') : students.length ? t('examAnalysis.chooseStudent') : t('examAnalysis.noStudents') },
          ...students.map((s) => ({ value: s.userId, label: s.rollNo !== null ? t('examAnalysis.rollName', { roll: s.rollNo, name: s.fullName }) : s.fullName })),
        ]}
        maw={400}
        mb="md"
      />
      {studentId ? (
        <StudentProgressChart studentId={studentId} sessionId={sessionId} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('examAnalysis.pickStudent')}
        </Text>
      )}
    </Paper>
  );
}
