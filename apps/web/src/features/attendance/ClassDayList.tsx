import { memo } from 'react';
import { Avatar, Badge, Box, Flex, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ATTENDANCE_STATUSES, type AttendanceDay, type AttendanceStatus } from '@shala/contract';
import type { Marks } from './markLogic';
import { localeOf } from '../../lib/format';

export const STATUS_COLOR: Record<AttendanceStatus, string> = { present: 'green', absent: 'red', late: 'yellow', leave: 'blue' };

type Student = AttendanceDay['students'][number];

/** A student's status: one tap on Present, Absent, Late or On leave (big targets on phones). */
const StudentRow = memo(function StudentRow({
  student,
  status,
  editable,
  changed,
  onChange,
}: {
  student: Student;
  status: AttendanceStatus;
  editable: boolean;
  changed: boolean;
  onChange: (studentId: string, status: AttendanceStatus) => void;
}) {
  const { t } = useTranslation();
  const name = student.fullName;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-status={status} aria-label={name} style={changed ? { borderColor: 'var(--mantine-color-orange-5)' } : undefined}>
      <Flex direction={{ base: 'column', sm: 'row' }} gap="xs" align={{ base: 'stretch', sm: 'center' }} justify="space-between">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar radius="xl" size={36} color={STATUS_COLOR[status]} aria-hidden>
            {student.rollNo ?? '–'}
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {student.rollNo !== null ? t('attendance.rollNo', { n: student.rollNo }) : t('attendance.noRollNo')} · {student.loginId}
            </Text>
            {student.leave ? (
              <Badge size="sm" variant="light" color={student.leave.reason === 'school_duty' ? 'teal' : 'blue'} tt="none" mt={2} data-testid="leave-badge">
                {student.leave.reason === 'school_duty' ? t('attendance.schoolDuty') : t('attendance.onLeaveFor', { reason: t(`studentLeave.reasons.${student.leave.reason}`) })}
              </Badge>
            ) : null}
          </Box>
        </Group>
        {editable ? (
          <SegmentedControl
            value={status}
            onChange={(v) => onChange(student.studentId, v as AttendanceStatus)}
            data={ATTENDANCE_STATUSES.map((s) => ({ value: s, label: t(`attendance.status.${s}`) }))}
            color={STATUS_COLOR[status]}
            size="md"
            radius="md"
            aria-label={t('attendance.markFor', { name })}
            styles={{ root: { flexShrink: 0 }, label: { paddingInline: 8, minHeight: 40, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
            w={{ base: '100%', sm: 'auto' }}
          />
        ) : (
          <Badge size="lg" variant="light" tt="none" color={STATUS_COLOR[status]} style={{ alignSelf: 'flex-start', flexShrink: 0 }}>
            {t(`attendance.status.${status}`)}
          </Badge>
        )}
      </Flex>
    </Paper>
  );
});

/** The class list of a day: every student with its status, editable or read-only. */
export function ClassDayList({
  students,
  marks,
  saved,
  editable,
  onChange,
  label,
}: {
  students: Student[];
  marks: Marks;
  /** The statuses as loaded, to show which the teacher changed. */
  saved: Marks;
  editable: boolean;
  onChange: (studentId: string, status: AttendanceStatus) => void;
  label: string;
}) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {students.map((s) => (
        <StudentRow
          key={s.studentId}
          student={s}
          status={marks[s.studentId] ?? s.status}
          changed={editable && (marks[s.studentId] ?? s.status) !== saved[s.studentId]}
          editable={editable}
          onChange={onChange}
        />
      ))}
    </Stack>
  );
}

/** "32 present · 2 absent · 1 late · 0 on leave". */
export function CountsLine({ counts }: { counts: { present: number; absent: number; late: number; leave: number } }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(localeOf(i18n.language));
  return (
    <Text size="sm" fw={600} aria-live="polite">
      {ATTENDANCE_STATUSES.map((s) => t(`attendance.counts.${s}`, { n: n.format(counts[s]) })).join(' · ')}
    </Text>
  );
}
