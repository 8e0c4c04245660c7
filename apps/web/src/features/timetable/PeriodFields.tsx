import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Period, PeriodInput } from '@shala/contract';
import { useErrorToken } from '../../lib/validation';

export type PeriodValues = PeriodInput;
export const EMPTY_PERIOD: PeriodValues = { name: '', startTime: '', endTime: '', isBreak: false };

export function periodValues(p: Period): PeriodValues {
  return { name: p.name, startTime: p.startTime, endTime: p.endTime, isBreak: p.isBreak };
}

export function periodBody(v: PeriodValues): PeriodInput {
  return { name: v.name.trim(), startTime: v.startTime, endTime: v.endTime, isBreak: v.isBreak };
}

/** Name, start and end time, and whether it is a break (a 409 overlap lands on the start time). */
export function PeriodFields({ form, autoFocus }: { form: UseFormReturnType<PeriodValues>; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  return (
    <Stack gap="md">
      <TextInput
        label={t('timetable.periodName')}
        description={t('timetable.periodNameHint')}
        required
        maxLength={40}
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps('name')}
        error={errorText(form.errors.name)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput label={t('timetable.startTime')} type="time" required {...form.getInputProps('startTime')} error={errorText(form.errors.startTime)} />
        <TextInput label={t('timetable.endTime')} type="time" required {...form.getInputProps('endTime')} error={errorText(form.errors.endTime)} />
      </SimpleGrid>
      <Checkbox label={t('timetable.isBreak')} description={t('timetable.isBreakHint')} {...form.getInputProps('isBreak', { type: 'checkbox' })} />
    </Stack>
  );
}
