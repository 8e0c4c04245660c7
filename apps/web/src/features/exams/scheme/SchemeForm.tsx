import { ActionIcon, Button, Checkbox, Group, NumberInput, Stack, Switch, Table, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CBSE_GRADES, CO_AREAS, EXAM_LIMITS, examSchemeInput, type CoArea, type ExamScheme } from '@shala/contract';
import { useSaveScheme } from '../../../api/exams-scheme';
import { CARDS_QUERY } from '../../../components/ListPage';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken } from '../../../lib/validation';
import { gradeRanges, gradeRowsOf, gradesOf, type GradeRow } from './grades';
import { useSubmit } from '../../../lib/useSubmit';
import { FailureAlert } from '../../../components/ModalFooter';
import { useFormat } from '../../../lib/format';

export interface SchemeValues {
  passPercent: number | '';
  showRank: boolean;
  coAreas: CoArea[];
  grades: GradeRow[];
}

export const schemeValues = (s: ExamScheme): SchemeValues => ({ passPercent: s.passPercent, showRank: s.showRank, coAreas: [...s.coAreas], grades: gradeRowsOf(s.grades) });

export const schemeBody = (v: SchemeValues, sessionId: string) => ({
  sessionId,
  passPercent: v.passPercent === '' ? Number.NaN : v.passPercent,
  showRank: v.showRank,
  coAreas: v.coAreas,
  grades: gradesOf(v.grades),
});

/**
 * A session's scheme: the pass mark, whether ranks are shown, the co-scholastic areas graded, and
 * the grading scale as an editable table (grade, minimum %, the range it covers shown read-only),
 * with "Reset to CBSE". The contract's schema checks it in the browser; the server's refusals land
 * on their fields.
 */
export function SchemeForm({ scheme }: { scheme: ExamScheme }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const errorText = useErrorToken();
  const save = useSaveScheme();
  const form = useContractForm<SchemeValues>(examSchemeInput, {
    initialValues: schemeValues(scheme),
    prepare: (v) => schemeBody(v, scheme.sessionId),
  });
  const numbers = new Intl.NumberFormat(fmt.locale, { maximumFractionDigits: 2 });
  const ranges = gradeRanges(form.values.grades);
  // Under 600 px the range goes under the minimum (three narrow columns).
  const narrow = useMediaQuery(CARDS_QUERY, false) ?? false;

  const submit = useSubmit({
    form,
    save: (values: SchemeValues) => save.mutateAsync(examSchemeInput.parse(schemeBody(values, scheme.sessionId))),
    saved: () => t('examScheme.form.saved'),
    done: (saved) => {
      form.setInitialValues(schemeValues(saved));
      form.setValues(schemeValues(saved));
    },
  });

  const rangeText = (i: number) => {
    const r = ranges[i];
    if (!r) return '—';
    return r.below === null ? t('examScheme.grades.rangeTop', { from: numbers.format(r.from) }) : t('examScheme.grades.range', { from: numbers.format(r.from), below: numbers.format(r.below) });
  };
  const scaleError = errorText(form.errors.grades);

  return (
    <form noValidate onSubmit={submit.onSubmit} aria-label={t('examScheme.form.title')}>
      <Stack gap="lg">
        <Group align="flex-start" gap="xl" wrap="wrap">
          <NumberInput
            label={t('examScheme.form.passPercent')}
            description={t('examScheme.form.passPercentHint')}
            min={0}
            max={100}
            allowDecimal={false}
            suffix="%"
            w={220}
            {...form.getInputProps('passPercent')}
            error={errorText(form.errors.passPercent)}
          />
          <Switch mt={28} label={t('examScheme.form.showRank')} description={t('examScheme.form.showRankHint')} {...form.getInputProps('showRank', { type: 'checkbox' })} />
        </Group>

        <Checkbox.Group label={t('examScheme.form.coAreas')} description={t('examScheme.form.coAreasHint')} {...form.getInputProps('coAreas')} error={errorText(form.errors.coAreas)}>
          <Group mt="xs" gap="lg">
            {CO_AREAS.map((area) => (
              <Checkbox key={area} value={area} label={t(`examScheme.coAreas.${area}`)} />
            ))}
          </Group>
        </Checkbox.Group>

        <Stack gap="xs">
          <Text fw={600} component="h3" m={0} size="md" id="grade-scale">
            {t('examScheme.grades.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('examScheme.grades.hint')}
          </Text>
          <Table.ScrollContainer minWidth={280}>
            <Table aria-labelledby="grade-scale" verticalSpacing="xs" data-testid="grade-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('examScheme.grades.grade')}</Table.Th>
                  <Table.Th>{t('examScheme.grades.min')}</Table.Th>
                  {narrow ? null : <Table.Th>{t('examScheme.grades.rangeLabel')}</Table.Th>}
                  <Table.Th>
                    <VisuallyHidden>{t('examScheme.grades.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.values.grades.map((row, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>
                      <TextInput
                        aria-label={t('examScheme.grades.gradeN', { n: i + 1 })}
                        maxLength={EXAM_LIMITS.grade}
                        w={80}
                        {...form.getInputProps(`grades.${i}.grade`)}
                        error={errorText(form.errors[`grades.${i}.grade`])}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t('examScheme.grades.minN', { n: i + 1 })}
                        min={0}
                        max={100}
                        decimalScale={2}
                        w={100}
                        {...form.getInputProps(`grades.${i}.min`)}
                        error={errorText(form.errors[`grades.${i}.min`])}
                      />
                      {narrow ? (
                        <Text size="xs" c="dimmed" mt={4} data-testid={`grade-range-${i}`}>
                          {rangeText(i)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    {narrow ? null : (
                      <Table.Td data-testid={`grade-range-${i}`}>
                        <Text size="sm">{rangeText(i)}</Text>
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Tooltip label={t('examScheme.grades.remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('examScheme.grades.removeN', { grade: row.grade || i + 1 })}
                          disabled={form.values.grades.length <= 2}
                          onClick={() => form.removeListItem('grades', i)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {scaleError ? (
            <Text size="sm" c="red" role="alert">
              {scaleError}
            </Text>
          ) : null}
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={form.values.grades.length >= EXAM_LIMITS.grades}
              onClick={() => form.insertListItem('grades', { grade: '', min: '' })}
            >
              {t('examScheme.grades.add')}
            </Button>
            <Button variant="default" onClick={() => form.setFieldValue('grades', gradeRowsOf(CBSE_GRADES))}>
              {t('examScheme.grades.reset')}
            </Button>
          </Group>
        </Stack>

        <FailureAlert failure={submit.failure} />
        <Group justify="flex-end">
          <Button type="submit" loading={submit.pending}>
            {t('examScheme.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
