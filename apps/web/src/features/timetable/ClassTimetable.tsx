import type { ReactNode } from 'react';
import { EmptyState, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MasterWeek, Period, TimetableView } from '@shala/contract';
import { useTimetable } from '../../api/timetable';
import { RecordState } from '../../components/ListState';
import { useAcademicNames, useClassLabel } from '../academics';
import { cellKey } from './grid';
import { WeekGrid } from './WeekGrid';

/** The empty state of a timetable (spec section 8: no timetable for the selected class). */
export function NoTimetable({ title, children }: { title?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState icon={<IconCalendarOff size={28} stroke={1.5} aria-hidden />} withIndicatorBackground title={title ?? t('timetable.empty')} role="status">
        {children}
      </EmptyState>
    </Paper>
  );
}

/** A free slot of a read-only grid. */
export function FreeSlot() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" aria-label={t('timetable.free')}>
      —
    </Text>
  );
}

/** One slot of a read-only grid: a title and a line under it. */
export function Slot({ title, detail }: { title: string; detail?: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      {detail ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A class's week, read-only: each cell its subject and teacher. */
export function TimetableGridView({ view }: { view: TimetableView }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const { subjectName } = useAcademicNames();
  if (!view.cells.length) return <NoTimetable />;
  const cells = new Map(view.cells.map((c) => [cellKey(c.day, c.periodId), c]));
  const cell = (day: MasterWeek, period: Period) => {
    const c = cells.get(cellKey(day.day, period.periodId));
    return c ? <Slot title={subjectName(c.subject)} detail={c.teacher?.fullName ?? t('timetable.noTeacher')} /> : <FreeSlot />;
  };
  return <WeekGrid periods={view.periods} days={view.days} cell={cell} label={t('timetable.gridLabel', { name: label(view.class) })} />;
}

/** Loads and shows a class's timetable. */
export function ClassTimetable({ assignClassId }: { assignClassId: string }) {
  const query = useTimetable(assignClassId);
  return (
    <RecordState query={query}>
      {() => (query.data ? <TimetableGridView view={query.data} /> : null)}
    </RecordState>
  );
}
