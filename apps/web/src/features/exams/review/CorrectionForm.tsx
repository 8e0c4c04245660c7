import { Alert, NumberInput, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXAM_LIMITS, markCorrectionInput, type Exam, type MarkValue } from '@shala/contract';
import { apiErrorText } from '../../../api/errors';
import { useCorrectMark, useExamCompletion, useMarkSheet } from '../../../api/exams-scheme';
import { useContractForm } from '../../../lib/contractForm';
import { focusFirstError, reasonToken, useErrorToken } from '../../../lib/validation';
import { useMarkText } from './markText';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { useSubmit } from '../../../lib/useSubmit';
import { ModalFooter } from '../../../components/ModalFooter';

const KINDS = ['marked', 'absent', 'exempt', 'clear'] as const;
type Kind = (typeof KINDS)[number];

export interface CorrectionValues {
  assignClassId: string;
  subjectId: string;
  studentId: string;
  kind: Kind;
  marks: number | '';
  reason: string;
}

/** The mark a correction sets: marks, Absent, Exempt, or none (cleared). */
export function markOfValues(v: Pick<CorrectionValues, 'kind' | 'marks'>): MarkValue | null {
  if (v.kind === 'clear') return null;
  if (v.kind === 'marked') return { status: 'marked', marks: v.marks === '' ? Number.NaN : v.marks };
  return { status: v.kind };
}

export const correctionBody = (v: CorrectionValues) => ({
  assignClassId: v.assignClassId,
  subjectId: v.subjectId,
  studentId: v.studentId,
  mark: markOfValues(v),
  reason: v.reason.trim(),
});

/**
 * The principal's correction of one mark of a locked or published exam: the class, subject and
 * student (the current mark shown), the new mark (marks, Absent, Exempt or none) and the reason,
 * recorded. A mark above the subject's maximum is refused at once.
 */
export function CorrectionForm({ exam, onDone, onCancel }: { exam: Exam; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const markText = useMarkText();
  const correct = useCorrectMark();
  // The classes of the session with their subjects (a school has fewer than 100 classes).
  const classes = useExamCompletion(exam.examId, 1, 100);
  const form = useContractForm<CorrectionValues>(markCorrectionInput, {
    initialValues: { assignClassId: '', subjectId: '', studentId: '', kind: 'marked', marks: '', reason: '' },
    prepare: correctionBody,
  });
  const v = form.values;
  const sheet = useMarkSheet(exam.examId, v.assignClassId || null, v.subjectId || null);
  const cls = classes.data?.items.find((c) => c.assignClassId === v.assignClassId);
  const student = sheet.data?.students.find((s) => s.studentId === v.studentId);
  const max = sheet.data?.maxMarks ?? cls?.subjects.find((s) => s.subjectId === v.subjectId)?.maxMarks ?? null;

  const submit = useSubmit({
    form,
    save: (values: CorrectionValues) => correct.mutateAsync({ examId: exam.examId, body: markCorrectionInput.parse(correctionBody(values)) }),
    saved: (c) => t('examReview.corrections.saved', { name: c.studentName }),
    done: onDone,
  });
  const onSubmit = form.onSubmit(
    (values) => {
      if (values.kind === 'marked' && max !== null && typeof values.marks === 'number' && values.marks > max) {
        form.setFieldError('mark.marks', reasonToken('mark_above_max', { max }));
        focusFirstError();
        return;
      }
      void submit.run(values);
    },
    () => focusFirstError(),
  );

  if (classes.isLoading) return <LoadingBlock h={200} radius="md" />;
  if (classes.isError) {
    return (
      <Alert color="red" role="alert" title={t('examReview.corrections.loadError')}>
        {apiErrorText(classes.error, t)}
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('examReview.corrections.correct')}>
      <Stack gap="md">
        <Select
          label={t('examReview.corrections.class')}
          required
          data={(classes.data?.items ?? []).map((c) => ({ value: c.assignClassId, label: `${c.className} ${c.section}` }))}
          searchable
          comboboxProps={{ withinPortal: true }}
          value={v.assignClassId || null}
          onChange={(value) => form.setValues({ assignClassId: value ?? '', subjectId: '', studentId: '' })}
          error={errorText(form.errors.assignClassId)}
        />
        <Select
          label={t('examReview.corrections.subject')}
          required
          disabled={!cls}
          data={(cls?.subjects ?? []).map((s) => ({ value: s.subjectId, label: s.subjectName }))}
          comboboxProps={{ withinPortal: true }}
          value={v.subjectId || null}
          onChange={(value) => form.setValues({ subjectId: value ?? '', studentId: '' })}
          error={errorText(form.errors.subjectId)}
        />
        <Select
          label={t('examReview.corrections.student')}
          required
          searchable
          disabled={!sheet.data}
          data={(sheet.data?.students ?? []).map((s) => ({ value: s.studentId, label: s.rollNo != null ? `${s.rollNo}. ${s.fullName}` : s.fullName }))}
          comboboxProps={{ withinPortal: true }}
          value={v.studentId || null}
          onChange={(value) => form.setFieldValue('studentId', value ?? '')}
          error={errorText(form.errors.studentId) ?? (sheet.isError ? apiErrorText(sheet.error, t) : undefined)}
        />
        {student ? (
          <Text size="sm" data-testid="current-mark">
            {t('examReview.corrections.current', { mark: markText(student.mark), max: max ?? '' })}
          </Text>
        ) : null}
        <Stack gap={6}>
          <Text size="sm" fw={500} id="new-mark">
            {t('examReview.corrections.newMark')}
          </Text>
          <SegmentedControl
            aria-labelledby="new-mark"
            data={KINDS.map((k) => ({ value: k, label: t(`examReview.corrections.kinds.${k}`) }))}
            value={v.kind}
            onChange={(value) => form.setFieldValue('kind', value as Kind)}
            fullWidth
          />
          {v.kind === 'marked' ? (
            <NumberInput
              label={max !== null ? t('examReview.corrections.marksOutOf', { max }) : t('examReview.corrections.marks')}
              min={0}
              max={max ?? EXAM_LIMITS.maxMarks}
              clampBehavior="none"
              decimalScale={1}
              w={180}
              value={v.marks}
              onChange={(value) => form.setFieldValue('marks', typeof value === 'number' ? value : value === '' ? '' : Number(value))}
              error={errorText(form.errors['mark.marks'] ?? form.errors.mark)}
            />
          ) : null}
        </Stack>
        <Textarea
          label={t('examReview.corrections.reason')}
          required
          autosize
          minRows={2}
          maxLength={EXAM_LIMITS.reason}
          {...form.getInputProps('reason')}
          error={errorText(form.errors.reason)}
        />
        <ModalFooter failure={submit.failure} onCancel={onCancel} label={t('examReview.corrections.save')} pending={submit.pending} />
      </Stack>
    </form>
  );
}
