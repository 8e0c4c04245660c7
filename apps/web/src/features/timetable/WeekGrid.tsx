import { useState, type ReactNode } from 'react';
import { Badge, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { MasterWeek, Period } from '@shala/contract';
import { CARDS_QUERY } from '../../components/ListPage';
import { isHindi } from '../../lib/format';
import { periodName } from './periodName';

/** A day's name in the reader's language (the master week carries both). */
export function useDayName() {
  const { t, i18n } = useTranslation();
  const hindi = isHindi(i18n.language);
  return {
    long: (d: MasterWeek) => (hindi ? d.nameHi : d.name),
    short: (d: MasterWeek) => t(`timetable.dayShort.${d.code}`),
  };
}

/** `09:00–09:40`. */
export function timeRange(p: Pick<Period, 'startTime' | 'endTime'>) {
  return `${p.startTime}–${p.endTime}`;
}

function PeriodLabel({ period }: { period: Period }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {periodName(period.name, t)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {timeRange(period)}
      </Text>
    </Stack>
  );
}

function BreakMark() {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="gray">
      {t('timetable.break')}
    </Badge>
  );
}

interface Props {
  periods: Period[];
  days: MasterWeek[];
  /** The content of a teaching cell (a break is never a cell). */
  cell: (day: MasterWeek, period: Period) => ReactNode;
  /** The grid's accessible name. */
  label: string;
  /** Something to do with a whole day (the editor's "copy this day"). */
  dayAction?: (day: MasterWeek) => ReactNode;
}

/**
 * School days × periods: a table with a column per day on wide screens (scrolling inside its own
 * box if it must), one day at a time on a phone. Breaks are a row of their own, never a cell.
 */
export function WeekGrid({ periods, days, cell, label, dayAction }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery(CARDS_QUERY, false) ?? false;
  const name = useDayName();
  const [chosen, setChosen] = useState<number>(days[0]?.day ?? 1);
  const today = days.find((d) => d.day === chosen) ?? days[0];

  if (phone && today) {
    return (
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          size="xs"
          aria-label={t('timetable.chooseDay')}
          value={String(today.day)}
          onChange={(v) => setChosen(Number(v))}
          data={days.map((d) => ({ value: String(d.day), label: name.short(d) }))}
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{name.long(today)}</Text>
          {dayAction?.(today)}
        </Group>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`${label} · ${name.long(today)}`}>
          {periods.map((p) => (
            <Paper key={p.periodId} component="li" withBorder radius="md" p="sm" bg={p.isBreak ? 'gray.0' : undefined}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <div style={{ width: '6.5rem', flexShrink: 0 }}>
                  <PeriodLabel period={p} />
                </div>
                <div style={{ flex: 1, minWidth: 0 }}>{p.isBreak ? <BreakMark /> : cell(today, p)}</div>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={130 + days.length * 130} type="native">
        <Table withColumnBorders verticalSpacing="xs" aria-label={label} style={{ tableLayout: 'fixed' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: 130 }}>{t('timetable.period')}</Table.Th>
              {days.map((d) => (
                <Table.Th key={d.day} scope="col">
                  <Group gap={4} justify="space-between" wrap="nowrap">
                    <span>{name.long(d)}</span>
                    {dayAction?.(d)}
                  </Group>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {periods.map((p) => (
              <Table.Tr key={p.periodId} bg={p.isBreak ? 'gray.0' : undefined}>
                <Table.Th scope="row" style={{ fontWeight: 'normal' }}>
                  <PeriodLabel period={p} />
                </Table.Th>
                {p.isBreak ? (
                  <Table.Td colSpan={days.length} ta="center">
                    <BreakMark />
                  </Table.Td>
                ) : (
                  days.map((d) => (
                    <Table.Td key={d.day} style={{ verticalAlign: 'top' }}>
                      {cell(d, p)}
                    </Table.Td>
                  ))
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
