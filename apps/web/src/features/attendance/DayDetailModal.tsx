import { Badge, Box, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useDayDetail } from '../../api/attendance-views';
import { RecordState } from '../../components/ListState';
import { StatusMark } from './MonthParts';
import { localeOf } from '../../lib/format';
import { periodName } from '../timetable';

/** One date of a class (from the month view): each student's day mark and every period's. */
export function DayDetailModal({ assignClassId, date, onClose }: { assignClassId: string; date: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const query = useDayDetail(assignClassId, date);
  const title = date
    ? new Intl.DateTimeFormat(localeOf(i18n.language), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${date}T00:00:00Z`),
      )
    : '';
  return (
    <Modal opened={!!date} onClose={onClose} title={title} size="xl" fullScreen={phone} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <RecordState query={query}>
        {() => {
          const detail = query.data;
          if (!detail) return null;
          const nothing = detail.students.every((s) => s.day === null && s.periods.every((p) => p === null));
          return (
            <Stack gap="sm">
              <Group gap="xs">
                <Badge variant="light" color={detail.dayKind === 'school' ? 'teal' : 'gray'}>
                  {t(`attendanceViews.kind.${detail.dayKind}`)}
                </Badge>
              </Group>
              {nothing ? (
                <Text c="dimmed" role="status">
                  {t('attendanceViews.dayEmpty')}
                </Text>
              ) : (
                <Box pos="relative" style={{ overflowX: 'auto', maxWidth: '100%' }} tabIndex={0} aria-label={t('attendanceViews.dayTableLabel')}>
                  <Table withTableBorder withColumnBorders verticalSpacing={4} fz="sm" style={{ minWidth: 'max-content' }} data-testid="day-detail">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('attendanceViews.student')}</Table.Th>
                        <Table.Th ta="center">{t('attendanceViews.day')}</Table.Th>
                        {detail.periods.map((p) => (
                          <Table.Th key={p.periodId} ta="center" title={`${p.startTime}–${p.endTime}`}>
                            {periodName(p.name, t)}
                          </Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {detail.students.map((s) => (
                        <Table.Tr key={s.studentId}>
                          <Table.Th scope="row" fw={500}>
                            {s.rollNo !== null ? `${s.rollNo}. ` : ''}
                            {s.fullName}
                          </Table.Th>
                          <Table.Td ta="center">{s.day ? <StatusMark status={s.day} /> : '—'}</Table.Td>
                          {s.periods.map((p, i) => (
                            <Table.Td key={detail.periods[i]!.periodId} ta="center">
                              {p ? <StatusMark status={p} /> : '—'}
                            </Table.Td>
                          ))}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Box>
              )}
            </Stack>
          );
        }}
      </RecordState>
    </Modal>
  );
}
