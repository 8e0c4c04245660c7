import { useState } from 'react';
import { ActionIcon, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AttendanceStatus, CalendarMonth, DayKind } from '@shala/contract';
import { useCalendarMonth } from '../../api/calendar';
import { useCurrentSession } from '../../lib/useCurrentSession';
import { localeOf } from '../../lib/format';
import { initialMonth, longDate, monthTitle, monthWeeks, shiftMonth, shortDate, todayLocal, weekdayNames } from './month';
import './calendar.css';
import { LoadingBlock } from '../../components/LoadingBlock';
import { QueryError } from '../../components/ListState';

type Day = CalendarMonth['days'][number];

const STATUSES: readonly AttendanceStatus[] = ['present', 'absent', 'late', 'leave'];
/** Kinds with their own colour in the grid and the legend (school days and days to come are plain). */
const COLOURED: readonly DayKind[] = ['holiday', 'weekly_off', 'outside_session'];

/** A status as a small coloured badge with its letter (colour is never the only sign). */
export function StatusMark({ status }: { status: AttendanceStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`mark mark-${status}`} aria-hidden>
      {t(`calendar.marks.${status}`)}
    </span>
  );
}

interface Props {
  /** A student: its attendance day by day and the month's percentage. */
  studentId?: string;
  /** Smaller headings inside a dashboard card. */
  compact?: boolean;
}

/**
 * A month of the session chosen in the header: seven columns (Monday first), holidays and weekly
 * offs coloured with a legend, today outlined, previous and next month; with a student, each day's
 * attendance mark and the month's percentage. Fits a 375 px phone without scrolling sideways.
 */
export function MonthCalendar({ studentId, compact = false }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { current, isLoading: sessionLoading } = useCurrentSession();
  const [chosen, setMonth] = useState<string | null>(null);
  const month = chosen ?? initialMonth(todayLocal(), current);
  const query = useCalendarMonth(month, current?.sessionId, studentId, !sessionLoading);
  const data = query.data;
  // The school's today once the month has loaded (the browser may be in another time zone).
  const today = data?.today ?? todayLocal();
  const names = weekdayNames(language);
  const numbers = new Intl.NumberFormat(localeOf(language));
  const title = monthTitle(month, language);

  const describe = (day: Day) =>
    [
      longDate(day.date, language),
      day.date === today ? t('calendar.today') : null,
      day.kind === 'holiday' && day.holidayTitle ? t('calendar.holidayNamed', { title: day.holidayTitle }) : day.kind === 'school' || day.kind === 'future' ? null : t(`calendar.kinds.${day.kind}`),
      day.status ? t(`calendar.statuses.${day.status}`) : null,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <Stack gap="sm" data-testid="month-calendar">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <ActionIcon variant="default" size="lg" aria-label={t('calendar.previous')} onClick={() => setMonth(shiftMonth(month, -1))}>
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Text component="h3" fw={650} size={compact ? 'md' : 'lg'} m={0} ta="center" aria-live="polite" style={{ minWidth: 0 }}>
          {title}
        </Text>
        <ActionIcon variant="default" size="lg" aria-label={t('calendar.next')} onClick={() => setMonth(shiftMonth(month, 1))}>
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>

      {query.isError ? (
        <QueryError query={query} title={t('calendar.loadError')} />
      ) : !data ? (
        <LoadingBlock h={compact ? 240 : 300} radius="md" />
      ) : (
        <>
          <table className="month-grid" aria-label={title} aria-busy={query.isFetching}>
            <thead>
              <tr>
                {names.map((d) => (
                  <th key={d.long} scope="col">
                    <abbr title={d.long} style={{ textDecoration: 'none' }}>
                      {d.short}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(data.days).map((week) => (
                <tr key={week.find(Boolean)?.date}>
                  {week.map((day, i) =>
                    day ? (
                      <td
                        key={day.date}
                        className={`kind-${day.kind}${day.date === today ? ' today' : ''}`}
                        title={describe(day)}
                        data-date={day.date}
                        data-kind={day.kind}
                        data-status={day.status ?? undefined}
                        aria-current={day.date === today ? 'date' : undefined}
                      >
                        <span className="day-number" aria-hidden>
                          {numbers.format(Number(day.date.slice(8)))}
                        </span>
                        {day.status ? <StatusMark status={day.status} /> : null}
                        <VisuallyHidden>{describe(day)}</VisuallyHidden>
                      </td>
                    ) : (
                      <td key={`blank-${i}`} className="blank" aria-hidden />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>

          <Group gap="md" wrap="wrap" aria-label={t('calendar.legend')} role="list">
            {COLOURED.map((kind) => (
              <Group key={kind} gap={6} wrap="nowrap" role="listitem">
                <span className={`swatch kind-${kind}`} aria-hidden />
                <Text size="xs">{t(`calendar.kinds.${kind}`)}</Text>
              </Group>
            ))}
            <Group gap={6} wrap="nowrap" role="listitem">
              <span className="swatch kind-school today" aria-hidden />
              <Text size="xs">{t('calendar.today')}</Text>
            </Group>
            {data.counts
              ? STATUSES.map((status) => (
                  <Group key={status} gap={6} wrap="nowrap" role="listitem">
                    <StatusMark status={status} />
                    <Text size="xs">{t(`calendar.statuses.${status}`)}</Text>
                  </Group>
                ))
              : null}
          </Group>

          {data.counts ? (
            <Text size="sm" fw={600} data-testid="month-percent">
              {data.counts.percent === null
                ? t('calendar.noAttendance')
                : t('calendar.percent', {
                    percent: numbers.format(data.counts.percent),
                    attended: numbers.format(data.counts.present + data.counts.late),
                    marked: numbers.format(data.counts.marked),
                  })}
            </Text>
          ) : null}

          {data.holidays.length ? (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('calendar.monthHolidays')}>
              {data.holidays.map((h) => (
                <Text key={h.holidayId} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <span className="swatch kind-holiday" aria-hidden style={{ marginInlineEnd: 6 }} />
                  <Text span fw={600} size="sm">
                    {h.title}
                  </Text>
                  {' · '}
                  {h.startDate === h.endDate
                    ? shortDate(h.startDate, language)
                    : t('calendar.range', { start: shortDate(h.startDate, language), end: shortDate(h.endDate, language) })}
                </Text>
              ))}
            </Stack>
          ) : null}
        </>
      )}
    </Stack>
  );
}
