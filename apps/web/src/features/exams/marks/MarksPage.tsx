import { useCallback, useMemo, useState } from 'react';
import { Alert, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ROLE, type MarkSheetBody } from '@shala/contract';
import type { ScreenProps } from '../../../lib/screen';
import { GridEmpty, GridFailed, GridLoading } from '../states';
import { useAssignedClass, useClassOptions, useTeacherClasses } from '../../../api/academics-assign';
import { useAuth } from '../../../api/auth';
import { reasonText } from '../../../api/errors';
import { useMarkSheet, useSaveMarkSheet } from '../../../api/exams-marks';
import { PageHeading } from '../../../components/PageHeading';
import { useAcademicNames } from '../../academics';
import { useUnsavedGuard } from '../../attendance';
import { pick, useExamChoice } from './choice';
import { MarksGrid } from './MarksGrid';
import { notifyError, notifySaved } from '../../../lib/notify';

/** /marks (113, 114): a class's marks in one subject of an exam, typed from the keyboard, saved at once. */
export default function MarksPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('examMarks.description')} />
      <MarksEntry />
    </>
  );
}

interface ClassChoice {
  assignClassId: string;
  masterClass: string;
  section: string;
}
interface SubjectChoice {
  subjectId: string;
  name: string;
  masterCode: string | null;
}

/** The classes and subjects the caller may mark: a teacher's own subjects, an admin's every class and its subjects. */
function useSlots(sessionId: string | undefined, askedClass: string | null) {
  const { role } = useAuth();
  const teacher = role === ROLE.TEACHER;
  const own = useTeacherClasses(teacher ? sessionId : undefined);
  const all = useClassOptions(teacher ? undefined : sessionId);
  const classes: ClassChoice[] = teacher ? (own.data ?? []).filter((c) => c.subjects.length > 0) : (all.data?.items ?? []);
  const cls = pick(classes, (c) => c.assignClassId, askedClass);
  const detail = useAssignedClass(teacher ? null : cls?.assignClassId);
  const subjects: SubjectChoice[] = teacher
    ? ((own.data ?? []).find((c) => c.assignClassId === cls?.assignClassId)?.subjects ?? [])
    : (detail.data?.subjectList ?? []).map((s) => ({ subjectId: s.subjectId, name: s.name, masterCode: s.masterCode }));
  const source = teacher ? own : all;
  return {
    classes,
    cls,
    subjects,
    loading: source.isLoading || (!teacher && !!cls && detail.isLoading),
    error: source.isError ? source.error : detail.isError ? detail.error : null,
    retry: () => void (source.isError ? source.refetch() : detail.refetch()),
  };
}

function MarksEntry() {
  const { t } = useTranslation();
  const { className, subjectName } = useAcademicNames();
  const { exams, list, exam, params, choose } = useExamChoice();
  const slots = useSlots(exam?.sessionId, params.get('assignClassId'));
  const subject = pick(slots.subjects, (s) => s.subjectId, params.get('subjectId'));
  const examId = exam?.examId;
  const classId = slots.cls?.assignClassId;
  const subjectId = subject?.subjectId;
  const key = useMemo(() => (examId && classId && subjectId ? { examId, assignClassId: classId, subjectId } : null), [examId, classId, subjectId]);
  const sheet = useMarkSheet(key);
  const save = useSaveMarkSheet();
  const [changed, setChanged] = useState(0);
  const confirmLeave = useUnsavedGuard(changed > 0);
  const change = (what: Record<string, string | null>) => confirmLeave(() => choose(what));

  const onSave = useCallback(
    async (marks: MarkSheetBody['marks']) => {
      if (!key) return false;
      try {
        await save.mutateAsync({ key, body: { marks } });
        notifySaved(t('examMarks.saved', { count: marks.length }), { check: true });
        return true;
      } catch (error) {
        notifyError(error, t('examMarks.saveFailed'));
        return false;
      }
    },
    [key, save, t],
  );

  if (exams.isLoading) return <GridLoading />;
  if (exams.isError) return <GridFailed error={exams.error} retry={() => void exams.refetch()} title={t('examMarks.loadError')} />;
  if (!exam) return <GridEmpty text={t('examMarks.noExams')} />;

  const data = sheet.data;
  const editable = !!data && data.status === 'draft';
  return (
    <Stack gap="md" maw={880}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t('examMarks.exam')}
            data={list.map((e) => ({ value: e.examId, label: e.status === 'draft' ? e.name : `${e.name} · ${t(`examMarks.status.${e.status}`)}` }))}
            value={exam.examId}
            onChange={(v) => v && v !== exam.examId && change({ examId: v })}
            allowDeselect={false}
          />
          <Select
            label={t('examMarks.class')}
            data={slots.classes.map((c) => ({ value: c.assignClassId, label: className(c.masterClass, c.section) }))}
            value={slots.cls?.assignClassId ?? null}
            onChange={(v) => v && v !== slots.cls?.assignClassId && change({ assignClassId: v, subjectId: null })}
            allowDeselect={false}
            disabled={!slots.classes.length}
          />
          <Select
            label={t('examMarks.subject')}
            data={slots.subjects.map((s) => ({ value: s.subjectId, label: subjectName(s) }))}
            value={subject?.subjectId ?? null}
            onChange={(v) => v && v !== subject?.subjectId && change({ subjectId: v })}
            allowDeselect={false}
            disabled={!slots.subjects.length}
          />
        </SimpleGrid>
      </Paper>

      {slots.loading ? (
        <GridLoading />
      ) : slots.error ? (
        <GridFailed error={slots.error} retry={slots.retry} title={t('examMarks.loadError')} />
      ) : !slots.classes.length ? (
        <GridEmpty text={t('examMarks.noClasses')} />
      ) : !subject ? (
        <GridEmpty text={t('examMarks.noSubjects')} />
      ) : sheet.isLoading ? (
        <GridLoading />
      ) : sheet.isError ? (
        <GridFailed error={sheet.error} retry={() => void sheet.refetch()} title={t('examMarks.loadError')} />
      ) : data ? (
        <>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={700}>
              {data.examName} · {slots.cls ? className(slots.cls.masterClass, slots.cls.section) : data.className} · {subjectName(subject)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('examMarks.maxMarks', { max: data.maxMarks })}
            </Text>
          </Group>
          {editable ? (
            <Text size="xs" c="dimmed">
              {t('examMarks.hint')}
            </Text>
          ) : (
            <Alert color="yellow" role="status" icon={<IconLock size={18} aria-hidden />} title={t('examMarks.readOnly')}>
              {reasonText('exam_locked', {}, t)}
            </Alert>
          )}
          {data.students.length === 0 ? (
            <GridEmpty text={t('examMarks.noStudents')} />
          ) : (
            <MarksGrid key={`${data.examId}|${data.assignClassId}|${data.subjectId}`} sheet={data} editable={editable} saving={save.isPending} onSave={onSave} onDirtyChange={setChanged} />
          )}
        </>
      ) : null}
    </Stack>
  );
}
