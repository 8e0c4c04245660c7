import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { monthMarkAt, type AttendanceStatus, type DayKind, type MonthView } from '@shala/contract';
import type { CountedMonth } from '../../api/attendance-views';
import { localeOf } from '../../lib/format';

/** Colours of the statuses (Mantine colours): present green, absent red, late orange, leave blue. */
export const STATUS_COLOR: Record<AttendanceStatus, string> = { present: 'green', absent: 'red', late: 'orange', leave: 'blue' };
export const STATUSES: readonly AttendanceStatus[] = ['present', 'absent', 'late', 'leave'];

/** The background of a day that is not a school day (holiday, weekly off), shared by the table and the legend. */
export const DAY_SHADE: Partial<Record<DayKind, string>> = {
  holiday: 'var(--mantine-color-grape-light)',
  weekly_off: 'var(--mantine-color-gray-light)',
};

/** A status as its coloured letter (P, A, L, LV in English), the full word for screen readers. */
export function StatusMark({ status }: { status: AttendanceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" radius="sm" variant="filled" color={STATUS_COLOR[status]} title={t(`attendanceViews.status.${status}`)} px={4} miw={24} pos="relative">
      <span aria-hidden>{t(`attendanceViews.letter.${status}`)}</span>
      <VisuallyHidden>{t(`attendanceViews.status.${status}`)}</VisuallyHidden>
    </Badge>
  );
}

/** The legend: each status's letter and the shading of holidays and weekly offs. */
export function MonthLegend() {
  const { t } = useTranslation();
  const swatch = (background: string) => (
    <span aria-hidden style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, background, border: '1px solid var(--mantine-color-default-border)' }} />
  );
  return (
    <Group gap="md" wrap="wrap" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('attendanceViews.legend')}>
      {STATUSES.map((s) => (
        <Group key={s} gap={6} component="li" wrap="nowrap">
          <StatusMark status={s} />
          <Text size="sm">{t(`attendanceViews.status.${s}`)}</Text>
        </Group>
      ))}
      <Group gap={6} component="li" wrap="nowrap">
        {swatch(DAY_SHADE.holiday!)}
        <Text size="sm">{t('attendanceViews.kind.holiday')}</Text>
      </Group>
      <Group gap={6} component="li" wrap="nowrap">
        {swatch(DAY_SHADE.weekly_off!)}
        <Text size="sm">{t('attendanceViews.kind.weekly_off')}</Text>
      </Group>
    </Group>
  );
}

/** A percentage for the reader ("92.5%"), a dash when nothing is marked. */
export function usePercent() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 1 });
  return (p: number | null) => (p === null ? '—' : `${format.format(p)}%`);
}

/** Whether a month has no mark at all (the empty state: 'No attendance data'). */
export function isEmptyMonth(view: CountedMonth): boolean {
  return view.students.length === 0 || view.totals.every((c) => c.marked === 0);
}

/** A periodwise day's cell: the periods attended (present or late) and marked, or null. */
export function periodCell(cell: MonthView['students'][number]['periods'][number] | undefined): { attended: number; marked: number } | null {
  if (!cell) return null;
  const [present, absent, late, leave] = cell;
  return { attended: present + late, marked: present + absent + late + leave };
}

/** The CSV of a month: roll number, name, one column a day, the counts and the percentage, then the daily totals. */
export function monthCsvRows(view: CountedMonth, t: TFunction): Array<Array<string | number | null>> {
  const letter = (s: AttendanceStatus | null) => (s ? t(`attendanceViews.letter.${s}`) : '');
  const header = [
    t('attendanceViews.rollNo'),
    t('attendanceViews.student'),
    ...view.days.map((d) => d.date),
    ...STATUSES.map((s) => t(`attendanceViews.status.${s}`)),
    t('attendanceViews.marked'),
    t('attendanceViews.percent'),
  ];
  const rows = view.students.map((s, n) => {
    const counts = view.counts[n]!;
    return [
      s.rollNo,
      s.fullName,
      ...view.days.map((_, i) => {
        if (!view.periodic) return letter(monthMarkAt(s.marks, i));
        const cell = periodCell(s.periods[i]);
        return cell ? `${cell.attended}/${cell.marked}` : '';
      }),
      ...STATUSES.map((k) => counts[k]),
      counts.marked,
      counts.percent,
    ];
  });
  const totals = ['', t('attendanceViews.dailyTotal'), ...view.totals.map((c) => (c.marked ? `${c.present + c.late}/${c.marked}` : '')), '', '', '', '', '', ''];
  return [header, ...rows, totals];
}
