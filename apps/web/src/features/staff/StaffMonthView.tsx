import { useState } from 'react';
import { Box, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StaffMonth } from '@shala/contract';
import { downloadStaffMonth, useStaffMonth } from '../../api/staff';
import { ListState } from '../../components/ListState';
import { isHindi, localeOf, useFormat } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useAddressParams } from '../../lib/useListParams';
import { recentMonths } from './logic';
import { daysText } from './leaveLogic';
import { useWhoText } from './StaffDayView';

/** The colour of a day's letter in the grid. */
const LETTER_COLOR: Record<string, string> = { P: 'green.8', A: 'red.8', H: 'orange.8', L: 'blue.8', D: 'grape.8' };
const SHADE: Record<string, string | undefined> = { holiday: 'var(--mantine-color-grape-light)', weekly_off: 'var(--mantine-color-gray-light)' };
const LEGEND = ['P', 'A', 'H', 'L', 'D', '-'] as const;
const stickyCell = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' } as const;

/** The month's register: a month, people × days (letters), each person's counts, and the CSV. */
export function StaffMonthView({ today }: { today: string }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const { params, update } = useAddressParams();
  const months = recentMonths(today);
  const asked = params.get('month');
  const month = asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) && asked <= months[0]! ? asked : months[0]!;
  const options = months.includes(month) ? months : [month, ...months];
  const query = useStaffMonth(month);
  const [downloading, setDownloading] = useState(false);
  const empty = !!query.data && (query.data.people.length === 0 || query.data.savedDays === 0);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadStaffMonth(month, isHindi(i18n.language) ? 'hi' : 'en');
    } catch (error) {
      notifyError(error, t('staff.month.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('staff.month.month')}
            data={options.map((m) => ({ value: m, label: fmt.month(m) }))}
            value={month}
            onChange={(v) => v && update({ month: v === months[0] ? null : v })}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
          <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} loading={downloading} disabled={!query.data || empty} onClick={() => void download()} ml={{ xs: 'auto' }}>
            {t('staff.month.exportCsv')}
          </Button>
        </Group>
      </Paper>
      <ListState
        query={query}
        isEmpty={empty}
        emptyText={query.data?.people.length === 0 ? t('staff.day.empty') : t('staff.month.empty')}
        errorTitle={t('staff.month.loadError')}
        rows={6}
      >
        {query.data ? <MonthGrid view={query.data} /> : null}
      </ListState>
    </Stack>
  );
}

function MonthGrid({ view }: { view: StaffMonth }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const who = useWhoText();
  const weekday = new Intl.DateTimeFormat(localeOf(i18n.language), { weekday: 'narrow', timeZone: 'UTC' });
  const dayTitle = (d: StaffMonth['days'][number]) => (d.kind === 'holiday' && d.holidayTitle ? `${t('staff.month.kind.holiday')}: ${d.holidayTitle}` : t(`staff.month.kind.${d.kind}`));
  const countColumns = [
    ['present', 'P'],
    ['absent', 'A'],
    ['halfDays', 'H'],
    ['onLeave', 'L'],
    ['onDuty', 'D'],
    ['late', 'late'],
  ] as const;
  // The leave types taken this month, a column each (CL, EL…), then the days without pay.
  const leaveCodes = [...new Set(view.people.flatMap((p) => Object.keys(p.leaveByType)))].sort();
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Stack gap="sm">
        <Text size="sm">{t('staff.month.savedDays', { n: fmt.number(view.savedDays) })}</Text>
        <Group gap="md" wrap="wrap" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('staff.month.legend')}>
          {LEGEND.map((l) => (
            <Text key={l} component="li" size="sm">
              <Text component="span" fw={700} c={LETTER_COLOR[l]}>
                {l}
              </Text>{' '}
              {t(`staff.month.letter.${l === '-' ? 'none' : l}`)}
            </Text>
          ))}
        </Group>
        <Box style={{ overflowX: 'auto', maxWidth: '100%' }} data-testid="staff-month-scroll" tabIndex={0} role="region" aria-label={t('staff.month.tableLabel')}>
          <Table withColumnBorders withTableBorder verticalSpacing={4} horizontalSpacing={4} fz="sm" style={{ minWidth: 'max-content' }} data-testid="staff-month-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ ...stickyCell, zIndex: 2, minWidth: 150 }}>{t('staff.month.person')}</Table.Th>
                {view.days.map((d) => (
                  <Table.Th key={d.date} ta="center" style={{ background: SHADE[d.kind], minWidth: 30 }} title={dayTitle(d)} data-kind={d.kind}>
                    <Text component="span" display="block" size="xs" c="dimmed" lh={1} aria-hidden>
                      {weekday.format(new Date(`${d.date}T00:00:00Z`))}
                    </Text>
                    <Text component="span" display="block" size="sm" fw={600} lh={1.3}>
                      {Number(d.date.slice(8))}
                    </Text>
                  </Table.Th>
                ))}
                {countColumns.map(([key, letter]) => (
                  <Table.Th key={key} ta="center" title={t(`staff.month.count.${key}`)}>
                    {letter === 'late' ? t('staff.month.lateShort') : letter}
                  </Table.Th>
                ))}
                {leaveCodes.map((code) => (
                  <Table.Th key={`leave-${code}`} ta="center" title={t('checkin.month.leaveOf', { code })}>
                    {code}
                  </Table.Th>
                ))}
                <Table.Th ta="center" title={t('checkin.month.withoutPayTitle')}>
                  {t('checkin.month.withoutPay')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.people.map((p) => (
                <Table.Tr key={`${p.kind}:${p.personId}`} data-testid="staff-month-row">
                  <Table.Th scope="row" style={{ ...stickyCell, fontWeight: 500, maxWidth: 200 }}>
                    <Text size="sm" truncate="end">
                      {p.fullName}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      {who(p)}
                    </Text>
                  </Table.Th>
                  {view.days.map((d, i) => {
                    const letter = p.marks[i] ?? '-';
                    return (
                      <Table.Td key={d.date} ta="center" style={{ background: SHADE[d.kind] }} data-date={d.date}>
                        {letter === '-' ? null : (
                          <Text component="span" size="sm" fw={700} c={LETTER_COLOR[letter]}>
                            {letter}
                          </Text>
                        )}
                      </Table.Td>
                    );
                  })}
                  {countColumns.map(([key]) => (
                    <Table.Td key={key} ta="center" fw={600} data-count={key}>
                      {fmt.number(p[key])}
                    </Table.Td>
                  ))}
                  {leaveCodes.map((code) => (
                    <Table.Td key={`leave-${code}`} ta="center" data-leave={code}>
                      {p.leaveByType[code] ? daysText(p.leaveByType[code], fmt.locale) : null}
                    </Table.Td>
                  ))}
                  <Table.Td ta="center" fw={600} c={p.withoutPay ? 'orange.8' : undefined} data-count="withoutPay">
                    {daysText(p.withoutPay, fmt.locale)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Stack>
    </Paper>
  );
}
