import { useState } from 'react';
import { Badge, Box, Group, Input, Paper, SegmentedControl, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AcademicSession, AttendanceLog } from '@shala/contract';
import { useClassOptions } from '../../api/academics-assign';
import { useAttendanceLogs } from '../../api/attendance-mark';
import { ListState } from '../../components/ListState';
import { ListPager } from '../../components/ListToolbar';
import { useListParams } from '../../lib/useListParams';
import { useRememberedClass } from '../../lib/useRememberedClass';
import { sessionScreen, useClassLabel } from '../academics';
import { STATUS_COLOR } from './ClassDayList';
import { useAttendanceFormat } from './format';
import { periodName } from '../timetable';

export const LOG_TYPES = ['all', 'daywise', 'periodwise'] as const;

/** /attendancelogs (113): who marked or changed attendance, newest first, by kind and class. */
export default sessionScreen('attendance.logs.description', (session) => <Logs session={session} />);

function Logs({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const list = useListParams(LOG_TYPES, 'all');
  const classes = useClassOptions(session.sessionId);
  const { classId, choose } = useRememberedClass(classes.data?.items.map((c) => c.assignClassId));
  const logs = useAttendanceLogs({ sessionId: session.sessionId, type: list.status, assignClassId: classId ?? undefined, page: list.page, pageSize: list.pageSize });
  const items = logs.data?.items ?? [];

  return (
    <Stack gap="md" maw={960}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Box style={{ flex: '1 1 260px' }}>
            <Input.Label id="attendance-log-type" mb={4}>
              {t('attendance.logs.type')}
            </Input.Label>
            <SegmentedControl
              aria-labelledby="attendance-log-type"
              fullWidth
              value={list.status}
              onChange={(v) => list.setStatus(v as (typeof LOG_TYPES)[number])}
              data={LOG_TYPES.map((v) => ({ value: v, label: t(`attendance.logs.types.${v}`) }))}
            />
          </Box>
          <Select
            label={t('attendance.mark.class')}
            placeholder={t('attendance.logs.allClasses')}
            data={(classes.data?.items ?? []).map((c) => ({ value: c.assignClassId, label: label(c) }))}
            value={classId}
            onChange={(v) => choose(v, { page: null }, {})}
            clearable
            searchable
            style={{ flex: '1 1 200px' }}
          />
        </Group>
      </Paper>
      <ListState
        query={logs}
        isEmpty={items.length === 0}
        emptyText={t('attendance.logs.empty')}
      >
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('attendance.logs.listLabel')} aria-busy={logs.isFetching}>
          {items.map((log) => (
            <LogCard key={log.logId} log={log} />
          ))}
        </Stack>
        <ListPager page={list.page} pageSize={list.pageSize} total={logs.data?.total ?? 0} onChange={list.setPage} />
      </ListState>
    </Stack>
  );
}

/** One save: who, when, the class, date and period, the counts; the changes on demand. */
function LogCard({ log }: { log: AttendanceLog }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const fmt = useAttendanceFormat();
  const [open, setOpen] = useState(false);
  const { details } = log;
  const c = details.counts;
  const id = `log-${log.logId}`;
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {label(log.class)} · {fmt.date(log.date)}
            {log.period ? ` · ${periodName(log.period.name, t)}` : ''}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t(`attendance.logs.by.${details.action}`, { name: log.user?.fullName ?? t('attendance.logs.someone'), when: fmt.dateTime(log.createdAt) })}
          </Text>
        </Stack>
        <Group gap={6}>
          <Badge variant="light" color={log.type === 'daywise' ? 'indigo' : 'grape'}>
            {t(`attendance.logs.types.${log.type}`)}
          </Badge>
          <Badge variant="outline" color={details.action === 'marked' ? 'green' : 'orange'}>
            {t(`attendance.logs.actions.${details.action}`)}
          </Badge>
        </Group>
      </Group>
      <Text size="sm" mt="xs">
        {t('attendance.logs.counts', { present: fmt.number(c.present), absent: fmt.number(c.absent), late: fmt.number(c.late), leave: fmt.number(c.leave) })}
      </Text>
      {details.changes.length ? (
        <>
          <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id} mt="xs" style={{ minHeight: 32 }}>
            <Group gap={4} wrap="nowrap">
              {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
              <Text size="sm" c="blue.7" fw={600}>
                {t('attendance.logs.changes', { count: details.changes.length, n: fmt.number(details.changes.length) })}
              </Text>
            </Group>
          </UnstyledButton>
          {open ? (
            <Stack component="ul" id={id} gap={4} mt="xs" pl="md" m={0}>
              {details.changes.map((ch) => (
                <Text component="li" key={ch.studentId} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <b>{ch.fullName}</b>:{' '}
                  {ch.from ? (
                    <Text span c={`${STATUS_COLOR[ch.from]}.8`}>
                      {t(`attendance.status.${ch.from}`)}
                    </Text>
                  ) : (
                    <Text span c="dimmed">
                      {t('attendance.logs.unmarked')}
                    </Text>
                  )}{' '}
                  →{' '}
                  <Text span fw={600} c={`${STATUS_COLOR[ch.to]}.8`}>
                    {t(`attendance.status.${ch.to}`)}
                  </Text>
                </Text>
              ))}
            </Stack>
          ) : null}
        </>
      ) : null}
    </Paper>
  );
}
