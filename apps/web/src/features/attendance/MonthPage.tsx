import { useMemo, useState } from 'react';
import { Box, Button, Group, Paper, SegmentedControl, Select, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { monthMarkAt, ROLE, toCsv, type AcademicSession, type MonthView } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { useAttendanceMonth, type CountedMonth } from '../../api/attendance-views';
import { useClassOptions, useTeacherClasses } from '../../api/academics-assign';
import { saveBlob } from '../../api/transfer';
import { ListState } from '../../components/ListState';
import { csvBlob } from '../../lib/csv';
import { sessionScreen, useClassLabel } from '../academics';
import { DAY_SHADE, MonthLegend, StatusMark, isEmptyMonth, monthCsvRows, periodCell, usePercent } from './MonthParts';
import { DayDetailModal } from './DayDetailModal';
import { now as clockNow } from '../../api/clock';
import { useAddressParams } from '../../lib/useListParams';
import { localeOf } from '../../lib/format';

/** Today's month on this device (`YYYY-MM`); the server decides what a day is. */
const thisMonth = () => {
  const d = clockNow();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/** The months of a session up to this month, newest first. */
export function sessionMonths(session: Pick<AcademicSession, 'startDate' | 'endDate'>, now = thisMonth()): string[] {
  const last = session.endDate.slice(0, 7) < now ? session.endDate.slice(0, 7) : now;
  const months: string[] = [];
  let y = Number(session.startDate.slice(0, 4));
  let m = Number(session.startDate.slice(5, 7));
  for (let guard = 0; guard < 36; guard++) {
    const id = `${y}-${String(m).padStart(2, '0')}`;
    if (id > last) break;
    months.push(id);
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y++;
  }
  return months.reverse();
}

/** The classes the caller may open: a teacher's own (class teacher or subject), any for admins. */
function useClassChoices(sessionId: string) {
  const { role } = useAuth();
  const label = useClassLabel();
  const teacher = useTeacherClasses(role === ROLE.TEACHER ? sessionId : undefined);
  const admin = useClassOptions(role === ROLE.TEACHER ? undefined : sessionId);
  const list = role === ROLE.TEACHER ? teacher.data : admin.data?.items;
  const firstOwn = teacher.data?.find((c) => c.isClassTeacher)?.assignClassId;
  return {
    options: (list ?? []).map((c) => ({ value: c.assignClassId, label: label(c) })),
    preferred: firstOwn ?? list?.[0]?.assignClassId ?? null,
    isLoading: role === ROLE.TEACHER ? teacher.isLoading : admin.isLoading,
  };
}

/** /getattendancedata: a class's month, students × days, with percentages, daily totals and CSV. */
export default sessionScreen('attendanceViews.description', (session) => <MonthScreen session={session} />);

function MonthScreen({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const { params, update } = useAddressParams();
  const months = useMemo(() => sessionMonths(session), [session]);
  const choices = useClassChoices(session.sessionId);
  const classId = params.get('class') ?? choices.preferred;
  const month = params.get('month') && months.includes(params.get('month')!) ? params.get('month')! : (months[0] ?? session.startDate.slice(0, 7));
  const periodic = params.get('mode') === 'periodwise';
  const set = (key: string, value: string | null) => update({ [key]: value });
  const query = useAttendanceMonth(classId, month, periodic);
  const { i18n } = useTranslation();
  const monthName = (id: string) =>
    new Intl.DateTimeFormat(localeOf(i18n.language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${id}-01T00:00:00Z`));

  const exportCsv = (view: CountedMonth) => {
    const cls = choices.options.find((o) => o.value === view.class.assignClassId)?.label ?? view.class.className;
    saveBlob(csvBlob(toCsv(monthCsvRows(view, t))), `attendance-${cls.replace(/[^\p{L}\p{N}]+/gu, '-')}-${view.month}.csv`);
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('attendanceViews.class')}
            data={choices.options}
            value={classId}
            onChange={(v) => set('class', v)}
            placeholder={choices.isLoading ? t('common.loading') : t('attendanceViews.pickClass')}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('attendanceViews.month')}
            data={months.map((m) => ({ value: m, label: monthName(m) }))}
            value={month}
            onChange={(v) => set('month', v)}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <SegmentedControl
            aria-label={t('attendanceViews.mode')}
            value={periodic ? 'periodwise' : 'daywise'}
            onChange={(v) => set('mode', v === 'daywise' ? null : v)}
            data={[
              { value: 'daywise', label: t('attendanceViews.daywise') },
              { value: 'periodwise', label: t('attendanceViews.periodwise') },
            ]}
          />
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!query.data || isEmptyMonth(query.data)}
            onClick={() => query.data && exportCsv(query.data)}
            ml={{ xs: 'auto' }}
          >
            {t('attendanceViews.exportCsv')}
          </Button>
        </Group>
      </Paper>
      {!classId && !choices.isLoading ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center" role="status">
            {choices.options.length ? t('attendanceViews.pickClass') : t('attendanceViews.noClasses')}
          </Text>
        </Paper>
      ) : (
        <ListState
          isLoading={query.isLoading || (!query.data && choices.isLoading)}
          isError={query.isError}
          error={query.error}
          isFetching={query.isFetching}
          onRetry={() => void query.refetch()}
          isEmpty={!!query.data && isEmptyMonth(query.data)}
          emptyText={t('attendanceViews.empty')}
          rows={6}
        >
          {query.data ? <MonthTable view={query.data} /> : null}
        </ListState>
      )}
    </Stack>
  );
}

const stickyCell = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' } as const;

/** Students × days; the first column stays while the days scroll inside the table's own box. */
function MonthTable({ view }: { view: CountedMonth }) {
  const { t, i18n } = useTranslation();
  const percent = usePercent();
  const [openDate, setOpenDate] = useState<string | null>(null);
  const weekday = new Intl.DateTimeFormat(localeOf(i18n.language), { weekday: 'narrow', timeZone: 'UTC' });
  const dayTitle = (d: MonthView['days'][number]) =>
    d.kind === 'holiday' && d.holidayTitle ? `${t('attendanceViews.kind.holiday')}: ${d.holidayTitle}` : t(`attendanceViews.kind.${d.kind}`);
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Stack gap="sm">
        <MonthLegend />
        <Box pos="relative" style={{ overflowX: 'auto', maxWidth: '100%' }} data-testid="month-scroll" tabIndex={0} aria-label={t('attendanceViews.tableLabel')}>
          <Table striped={false} withColumnBorders withTableBorder verticalSpacing={4} horizontalSpacing={4} fz="sm" style={{ minWidth: 'max-content' }} data-testid="month-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ ...stickyCell, zIndex: 2, minWidth: 140 }}>{t('attendanceViews.student')}</Table.Th>
                {view.days.map((d) => (
                  <Table.Th key={d.date} ta="center" p={0} style={{ background: DAY_SHADE[d.kind], minWidth: 34 }} title={dayTitle(d)} data-kind={d.kind}>
                    <UnstyledButton onClick={() => setOpenDate(d.date)} w="100%" py={4} pos="relative" style={{ textAlign: 'center' }}>
                      <Text component="span" display="block" size="xs" c="dimmed" lh={1}>
                        {weekday.format(new Date(`${d.date}T00:00:00Z`))}
                      </Text>
                      <Text component="span" display="block" size="sm" fw={600} lh={1.3}>
                        {Number(d.date.slice(8))}
                      </Text>
                      <VisuallyHidden>{t('attendanceViews.openDay', { date: d.date })}</VisuallyHidden>
                    </UnstyledButton>
                  </Table.Th>
                ))}
                <Table.Th ta="center">{t('attendanceViews.percent')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.students.map((s, n) => (
                <Table.Tr key={s.studentId}>
                  <Table.Th scope="row" style={{ ...stickyCell, fontWeight: 500, maxWidth: 180 }}>
                    <Text size="sm" truncate="end">
                      {s.rollNo !== null ? `${s.rollNo}. ` : ''}
                      {s.fullName}
                    </Text>
                  </Table.Th>
                  {view.days.map((d, i) => {
                    const cell = view.periodic ? periodCell(s.periods[i]) : null;
                    const status = view.periodic ? null : monthMarkAt(s.marks, i);
                    return (
                      <Table.Td key={d.date} ta="center" style={{ background: DAY_SHADE[d.kind] }}>
                        {cell ? (
                          <Text size="xs" fw={600} c={cell.attended < cell.marked ? 'red' : 'green'}>
                            {cell.attended}/{cell.marked}
                          </Text>
                        ) : status ? (
                          <StatusMark status={status} />
                        ) : null}
                      </Table.Td>
                    );
                  })}
                  <Table.Td ta="center" fw={600} data-testid="student-percent">
                    {percent(view.counts[n]!.percent)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row" style={stickyCell}>
                  {t('attendanceViews.dailyTotal')}
                </Table.Th>
                {view.totals.map((c, i) => (
                  <Table.Td key={view.days[i]!.date} ta="center" style={{ background: DAY_SHADE[view.days[i]!.kind] }}>
                    {c.marked ? (
                      <Text size="xs" fw={600} title={t('attendanceViews.totalTitle', { attended: c.present + c.late, marked: c.marked })}>
                        {c.present + c.late}/{c.marked}
                      </Text>
                    ) : null}
                  </Table.Td>
                ))}
                <Table.Td />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Box>
        <Text size="xs" c="dimmed">
          {view.periodic ? t('attendanceViews.periodicHint') : t('attendanceViews.dayHint')}
        </Text>
      </Stack>
      <DayDetailModal assignClassId={view.class.assignClassId} date={openDate} onClose={() => setOpenDate(null)} />
    </Paper>
  );
}
