import { ActionIcon, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXAM_LIMITS, examInput, examUpdate, type AcademicSession, type Exam } from '@shala/contract';
import { useActiveSubjects } from '../../../api/academics-assign';
import { useCreateExam, useUpdateExam } from '../../../api/exams-scheme';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken } from '../../../lib/validation';
import { useSubmit } from '../../../lib/useSubmit';
import { ModalFooter } from '../../../components/ModalFooter';
import { DateField } from '../../../components/DateField';

export interface ExamValues {
  name: string;
  weight: number | '';
  maxMarks: number | '';
  termStart: string;
  termEnd: string;
  subjectMax: { subjectId: string; maxMarks: number | '' }[];
}

const num = (v: number | '') => (v === '' ? Number.NaN : v);

export const examValues = (e: Exam | null, session: AcademicSession): ExamValues =>
  e
    ? { name: e.name, weight: e.weight, maxMarks: e.maxMarks, termStart: e.termStart, termEnd: e.termEnd, subjectMax: e.subjectMax.map((s) => ({ ...s })) }
    : { name: '', weight: 0, maxMarks: 100, termStart: session.startDate, termEnd: session.endDate, subjectMax: [] };

export const examBody = (v: ExamValues) => ({
  name: v.name.trim(),
  weight: num(v.weight),
  maxMarks: num(v.maxMarks),
  termStart: v.termStart,
  termEnd: v.termEnd,
  subjectMax: v.subjectMax.map((s) => ({ subjectId: s.subjectId, maxMarks: num(s.maxMarks) })),
});

/**
 * Add an exam to the session or change a draft one: name, weight, maximum marks, the term's dates,
 * and optionally other maximums for some subjects (the school's subjects to pick from). Server
 * refusals (a name taken, a term outside the session, a maximum below marks entered) land on their fields.
 */
export function ExamForm({ exam, session, onDone, onCancel }: { exam: Exam | null; session: AcademicSession; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const create = useCreateExam();
  const update = useUpdateExam();
  const subjects = useActiveSubjects();
  const form = useContractForm<ExamValues>(exam ? examUpdate : examInput, {
    initialValues: examValues(exam, session),
    prepare: (v) => (exam ? examBody(v) : { ...examBody(v), sessionId: session.sessionId }),
  });
  const options = (subjects.data?.items ?? []).map((s) => ({ value: s.subjectId, label: s.name }));
  const bounds = { min: session.startDate, max: session.endDate };

  const submit = useSubmit({
    form,
    save: (values: ExamValues) =>
      exam
        ? update.mutateAsync({ examId: exam.examId, body: examUpdate.parse(examBody(values)) })
        : create.mutateAsync(examInput.parse({ ...examBody(values), sessionId: session.sessionId })),
    saved: (saved) => t(exam ? 'examScheme.exams.saved' : 'examScheme.exams.added', { name: saved.name }),
    done: onDone,
  });

  return (
    <form noValidate onSubmit={submit.onSubmit} aria-label={t(exam ? 'examScheme.exams.editTitle' : 'examScheme.exams.addTitle')}>
      <Stack gap="md">
        <TextInput label={t('examScheme.exams.name')} required maxLength={EXAM_LIMITS.name} data-autofocus {...form.getInputProps('name')} error={errorText(form.errors.name)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label={t('examScheme.exams.weight')}
            description={t('examScheme.exams.weightHint')}
            required
            min={0}
            max={100}
            allowDecimal={false}
            {...form.getInputProps('weight')}
            error={errorText(form.errors.weight)}
          />
          <NumberInput
            label={t('examScheme.exams.maxMarks')}
            required
            min={1}
            max={EXAM_LIMITS.maxMarks}
            allowDecimal={false}
            {...form.getInputProps('maxMarks')}
            error={errorText(form.errors.maxMarks)}
          />
          <DateField label={t('examScheme.exams.termStart')} required {...bounds} {...form.getInputProps('termStart')} error={errorText(form.errors.termStart)} />
          <DateField label={t('examScheme.exams.termEnd')} required {...bounds} {...form.getInputProps('termEnd')} error={errorText(form.errors.termEnd)} />
        </SimpleGrid>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('examScheme.exams.subjectMax')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('examScheme.exams.subjectMaxHint')}
          </Text>
          {form.values.subjectMax.map((row, i) => (
            <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
              <Select
                aria-label={t('examScheme.exams.subjectN', { n: i + 1 })}
                placeholder={t('examScheme.exams.subject')}
                data={options.filter((o) => o.value === row.subjectId || !form.values.subjectMax.some((s) => s.subjectId === o.value))}
                searchable
                style={{ flex: 1, minWidth: 0 }}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps(`subjectMax.${i}.subjectId`)}
                error={errorText(form.errors[`subjectMax.${i}.subjectId`])}
              />
              <NumberInput
                aria-label={t('examScheme.exams.subjectMaxN', { n: i + 1 })}
                min={1}
                max={EXAM_LIMITS.maxMarks}
                allowDecimal={false}
                w={96}
                {...form.getInputProps(`subjectMax.${i}.maxMarks`)}
                error={errorText(form.errors[`subjectMax.${i}.maxMarks`])}
              />
              <ActionIcon variant="subtle" color="red" mt={4} aria-label={t('examScheme.exams.removeSubjectN', { n: i + 1 })} onClick={() => form.removeListItem('subjectMax', i)}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {errorText(form.errors.subjectMax) ? (
            <Text size="sm" c="red">
              {errorText(form.errors.subjectMax)}
            </Text>
          ) : null}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={form.values.subjectMax.length >= options.length}
              onClick={() => form.insertListItem('subjectMax', { subjectId: '', maxMarks: form.values.maxMarks })}
            >
              {t('examScheme.exams.addSubjectMax')}
            </Button>
          </Group>
        </Stack>
        <ModalFooter failure={submit.failure} onCancel={onCancel} label={exam ? t('common.saveChanges') : t('examScheme.exams.add')} pending={submit.pending} />
      </Stack>
    </form>
  );
}
