import { memo, useCallback, useMemo, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CO_GRADES, ROLE, EXAM_LIMITS, type CoArea, type CoGrade, type CoGrades, type ExamNotes, type ExamNotesRow } from '@shala/contract';
import type { ScreenProps } from '../../../lib/screen';
import { GridEmpty, GridFailed, GridLoading } from '../states';
import { useClassOptions, useTeacherClasses } from '../../../api/academics-assign';
import { useAuth } from '../../../api/auth';
import { reasonText } from '../../../api/errors';
import { useExamNotes, useSaveExamNotes } from '../../../api/exams-marks';
import { PageHeading } from '../../../components/PageHeading';
import { useAcademicNames } from '../../academics';
import { useUnsavedGuard } from '../../attendance';
import { pick, useExamChoice } from '../marks/choice';
import { notifyError, notifySaved } from '../../../lib/notify';

/** /examremarks (112, 113, 114 as class teacher): co-scholastic grades, a remark and the term's attendance per student. */
export default function NotesPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('examNotes.description')} />
      <NotesEntry />
    </>
  );
}

/** The classes whose notes the caller writes: a teacher's own classes (as class teacher), an admin's every class. */
function useNoteClasses(sessionId: string | undefined) {
  const { role } = useAuth();
  const teacher = role === ROLE.TEACHER;
  const own = useTeacherClasses(teacher ? sessionId : undefined);
  const all = useClassOptions(teacher ? undefined : sessionId);
  const source = teacher ? own : all;
  const classes: { assignClassId: string; masterClass: string; section: string }[] = teacher ? (own.data ?? []).filter((c) => c.isClassTeacher) : (all.data?.items ?? []);
  return { classes, source };
}

interface Draft {
  co: CoGrades;
  remark: string;
}

function NotesEntry() {
  const { t } = useTranslation();
  const { className } = useAcademicNames();
  const { exams, list, exam, params, choose } = useExamChoice();
  const { classes, source } = useNoteClasses(exam?.sessionId);
  const cls = pick(classes, (c) => c.assignClassId, params.get('assignClassId'));
  const key = exam && cls ? { examId: exam.examId, assignClassId: cls.assignClassId } : null;
  const notes = useExamNotes(key);
  const save = useSaveExamNotes();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const data = notes.data;
  const changedIds = useMemo(() => (data ? data.students.filter((s) => drafts[s.studentId] && !sameDraft(drafts[s.studentId]!, s)).map((s) => s.studentId) : []), [data, drafts]);
  const confirmLeave = useUnsavedGuard(changedIds.length > 0);
  const change = (what: Record<string, string | null>) =>
    confirmLeave(() => {
      setDrafts({});
      choose(what);
    });
  const onDraft = useCallback((studentId: string, d: Draft) => setDrafts((c) => ({ ...c, [studentId]: d })), []);

  const submit = () => {
    if (!key || !data) return;
    const body = {
      notes: data.students
        .filter((s) => changedIds.includes(s.studentId))
        .map((s) => {
          const d = drafts[s.studentId]!;
          return { studentId: s.studentId, co: d.co, remark: d.remark.trim() || null };
        }),
    };
    save.mutate(
      { key, body },
      {
        onSuccess: () => {
          setDrafts({});
          notifySaved(t('examNotes.saved', { count: body.notes.length }), { check: true });
        },
        onError: (error) => notifyError(error, t('examNotes.saveFailed')),
      },
    );
  };

  if (exams.isLoading) return <GridLoading rowHeight={72} />;
  if (exams.isError) return <GridFailed title={t('examNotes.loadError')} error={exams.error} retry={() => void exams.refetch()} />;
  if (!exam) return <GridEmpty text={t('examNotes.noExams')} />;
  const editable = !!data && data.status === 'draft';

  return (
    <Stack gap="md" maw={880}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('examNotes.exam')}
            data={list.map((e) => ({ value: e.examId, label: e.status === 'draft' ? e.name : `${e.name} · ${t(`examMarks.status.${e.status}`)}` }))}
            value={exam.examId}
            onChange={(v) => v && v !== exam.examId && change({ examId: v })}
            allowDeselect={false}
          />
          <Select
            label={t('examNotes.class')}
            data={classes.map((c) => ({ value: c.assignClassId, label: className(c.masterClass, c.section) }))}
            value={cls?.assignClassId ?? null}
            onChange={(v) => v && v !== cls?.assignClassId && change({ assignClassId: v })}
            allowDeselect={false}
            disabled={!classes.length}
          />
        </SimpleGrid>
      </Paper>
      {source.isLoading ? (
        <GridLoading rowHeight={72} />
      ) : source.isError ? (
        <GridFailed title={t('examNotes.loadError')} error={source.error} retry={() => void source.refetch()} />
      ) : !cls ? (
        <GridEmpty text={t('examNotes.noClasses')} />
      ) : notes.isLoading ? (
        <GridLoading rowHeight={72} />
      ) : notes.isError ? (
        <GridFailed title={t('examNotes.loadError')} error={notes.error} retry={() => void notes.refetch()} />
      ) : data ? (
        <>
          {!editable ? (
            <Alert color="yellow" role="status" icon={<IconLock size={18} aria-hidden />} title={t('examNotes.readOnly')}>
              {reasonText('exam_locked', {}, t)}
            </Alert>
          ) : null}
          {data.students.length === 0 ? (
            <GridEmpty text={t('examNotes.noStudents')} />
          ) : (
            <>
              <Stack gap="xs" component="section" aria-label={t('examNotes.listLabel', { name: className(cls.masterClass, cls.section) })}>
                {data.students.map((s) => (
                  <NoteCard key={s.studentId} student={s} areas={data.coAreas} draft={drafts[s.studentId] ?? null} editable={editable} onDraft={onDraft} />
                ))}
              </Stack>
              {editable ? (
                <Paper withBorder shadow="md" radius="md" p="sm" pos="sticky" bottom={8} style={{ zIndex: 5 }} component="section" aria-label={t('examNotes.summary')}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text size="xs" c={changedIds.length ? 'orange.8' : 'dimmed'} role="status">
                      {changedIds.length ? t('examNotes.unsaved', { count: changedIds.length }) : t('examNotes.upToDate')}
                    </Text>
                    <Button size="md" leftSection={<IconDeviceFloppy size={18} aria-hidden />} onClick={submit} loading={save.isPending} disabled={!changedIds.length}>
                      {t('examNotes.save')}
                    </Button>
                  </Group>
                </Paper>
              ) : null}
            </>
          )}
        </>
      ) : null}
    </Stack>
  );
}

function sameDraft(d: Draft, s: ExamNotesRow): boolean {
  const a = d.co;
  const b = s.co;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<CoArea>;
  for (const k of keys) if ((a[k] ?? null) !== (b[k] ?? null)) return false;
  return d.remark.trim() === (s.remark ?? '');
}

interface CardProps {
  student: ExamNotesRow;
  areas: ExamNotes['coAreas'];
  draft: Draft | null;
  editable: boolean;
  onDraft: (studentId: string, d: Draft) => void;
}

const NoteCard = memo(function NoteCard({ student, areas, draft, editable, onDraft }: CardProps) {
  const { t } = useTranslation();
  const d: Draft = draft ?? { co: student.co, remark: student.remark ?? '' };
  const a = student.attendance;
  const gradeOptions = [{ value: '', label: t('examNotes.noGrade') }, ...CO_GRADES.map((g) => ({ value: g, label: `${g} – ${t(`examNotes.grade.${g}`)}` }))];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="note-card">
      <Group justify="space-between" gap="xs" wrap="wrap" mb="xs">
        <Text fw={600} size="sm">
          {student.rollNo != null ? `${student.rollNo}. ` : ''}
          {student.fullName}
        </Text>
        <Text size="xs" c="dimmed">
          {a.marked ? t('examNotes.attendance', { attended: a.attended, marked: a.marked, percent: a.percent ?? 0 }) : t('examNotes.noAttendance')}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="xs">
        {areas.map((area) => (
          <NativeSelect
            key={area}
            size="xs"
            label={t(`examNotes.area.${area}`)}
            data={gradeOptions}
            value={d.co[area] ?? ''}
            disabled={!editable}
            onChange={(e) => {
              const v = e.currentTarget.value as CoGrade | '';
              const co = { ...d.co };
              if (v) co[area] = v;
              else delete co[area];
              onDraft(student.studentId, { ...d, co });
            }}
          />
        ))}
      </SimpleGrid>
      <Textarea
        size="xs"
        label={t('examNotes.remark')}
        value={d.remark}
        maxLength={EXAM_LIMITS.remark}
        autosize
        minRows={1}
        maxRows={4}
        readOnly={!editable}
        onChange={(e) => onDraft(student.studentId, { ...d, remark: e.currentTarget.value })}
      />
    </Paper>
  );
});


