import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconChecks, IconDeviceFloppy, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AcademicSession } from '@shala/contract';
import { reasonText } from '../../api/errors';
import { useClassLabel } from '../academics';
import { ClassDayList, CountsLine } from './ClassDayList';
import { useAttendanceFormat } from './format';
import { lastMarkable, schoolToday } from './markLogic';
import { SavedBadge } from './dayChoice';
import type { MarkingState } from './useMarking';
import { periodName } from '../timetable';
import { DateField } from '../../components/DateField';

type Day = NonNullable<MarkingState['day']['data']>;

/** The class, the date and the whole day or a period: a change asks first while marks are unsaved. */
export function MarkChoice({ session, m }: { session: AcademicSession; m: MarkingState }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const { assignClassId, date, periodId, change } = m;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={t('attendance.mark.class')}
          data={[
            ...(m.cover ? [{ value: m.cover, label: m.day.data ? t('substitutions.cover.classLabel', { name: label(m.day.data.class) }) : t('substitutions.cover.class') }] : []),
            ...(m.classes.data ?? []).map((c) => ({ value: c.assignClassId, label: c.isClassTeacher ? t('attendance.mark.ownClass', { name: label(c) }) : label(c) })),
          ]}
          value={assignClassId}
          onChange={(v) => v && v !== assignClassId && change({ class: v })}
          allowDeselect={false}
        />
        <DateField
          label={t('attendance.mark.date')}
          required
          value={date}
          min={session.startDate}
          max={lastMarkable(session, schoolToday())}
          onChange={(day) => day && day !== date && change({ date: day })}
        />
        <Select
          label={t('attendance.mark.mode')}
          data={[{ value: 'day', label: t('attendance.mark.wholeDay') }, ...m.periodOptions]}
          value={periodId ?? 'day'}
          onChange={(v) => v && v !== (periodId ?? 'day') && change({ period: v === 'day' ? null : v })}
          allowDeselect={false}
        />
      </SimpleGrid>
    </Paper>
  );
}

/**
 * The chosen day: its title and state, why it cannot be marked, the search and the students. A day
 * no one can mark (holiday, weekly off, future, outside the session) that was not marked shows the
 * banner alone: no list, no marks, no controls.
 */
export function MarkDay({ data, m }: { data: Day; m: MarkingState }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const fmt = useAttendanceFormat();
  const { reason, editable, shown, marks, counts } = m;
  return (
    <>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700}>
          {label(data.class)} · {fmt.date(data.date)}
          {data.period ? ` · ${periodName(data.period.name, t)}` : ''}
        </Text>
        <SavedBadge day={data} unsaved={t('attendance.mark.notSaved')} />
      </Group>
      {reason ? (
        <Alert color="yellow" role="status" title={t('attendance.mark.cannotMark')}>
          {reasonText(reason, { title: data.holidayTitle ?? '' }, t)}
        </Alert>
      ) : null}
      {!data.final && data.dayKind !== 'school' ? null : data.students.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" role="status">
            {t('attendance.mark.noStudents')}
          </Text>
        </Paper>
      ) : (
        <>
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              type="search"
              label={t('attendance.mark.search')}
              placeholder={t('attendance.mark.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={m.search}
              onChange={(e) => m.setSearch(e.currentTarget.value)}
              style={{ flex: '1 1 200px' }}
            />
            {editable ? (
              <Button variant="default" leftSection={<IconChecks size={18} aria-hidden />} onClick={m.allPresent} size="md" style={{ flex: '0 0 auto' }}>
                {t('attendance.mark.allPresent')}
              </Button>
            ) : null}
          </Group>
          {shown.length === 0 ? (
            <Text c="dimmed" role="status">
              {t('attendance.mark.noMatch')}
            </Text>
          ) : (
            <ClassDayList students={shown} marks={marks} saved={m.saved} editable={editable} onChange={m.setMark} label={t('attendance.mark.listLabel', { name: label(data.class) })} />
          )}
          {editable ? <MarkSaveBar data={data} m={m} /> : <CountsLine counts={counts} />}
        </>
      )}
    </>
  );
}

/** The bar that stays at the bottom while marking: the counts, what is unsaved, Save. */
function MarkSaveBar({ data, m }: { data: Day; m: MarkingState }) {
  const { t } = useTranslation();
  const { changed } = m;
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      pos="sticky"
      bottom={8}
      style={{ zIndex: 5 }}
      aria-label={t('attendance.mark.summary')}
      component="section"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0}>
          <CountsLine counts={m.counts} />
          <Text size="xs" c={changed ? 'orange.8' : 'dimmed'}>
            {changed ? t('attendance.mark.unsaved', { count: changed }) : data.final ? t('attendance.mark.upToDate') : t('attendance.mark.firstSave')}
          </Text>
        </Stack>
        <Button size="md" leftSection={<IconDeviceFloppy size={18} aria-hidden />} onClick={m.submit} loading={m.save.isPending} disabled={data.final && changed === 0}>
          {t('attendance.mark.save')}
        </Button>
      </Group>
    </Paper>
  );
}
