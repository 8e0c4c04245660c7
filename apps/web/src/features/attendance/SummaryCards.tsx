import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Paper, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE, type AttendanceCounts, type AttendanceSummary } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { useAttendanceSummary } from '../../api/attendance-views';
import { useClassLabel } from '../academics';
import { STATUSES, STATUS_COLOR, usePercent } from './MonthParts';
import { LoadingBlock } from '../../components/LoadingBlock';
import { localeOf } from '../../lib/format';
import { QueryError } from '../../components/ListState';

/** A dashboard card with a title. */
function Card({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" shadow="xs" component="section" aria-label={title} data-testid={testId}>
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconCalendarCheck size={20} aria-hidden color="var(--mantine-color-teal-6)" />
        <Title order={2} size="h5">
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}

/** Present, absent, late and on leave as coloured counts, and the percentage in a ring. */
export function CountsLine({ counts }: { counts: AttendanceCounts }) {
  const { t, i18n } = useTranslation();
  const percent = usePercent();
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <RingProgress
        size={76}
        thickness={7}
        roundCaps
        sections={counts.percent === null ? [] : [{ value: counts.percent, color: counts.percent >= 75 ? 'teal' : 'orange' }]}
        label={
          <Text ta="center" size="xs" fw={700}>
            {percent(counts.percent)}
          </Text>
        }
        aria-hidden
      />
      <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
        {STATUSES.map((s) => (
          <Badge key={s} variant="light" color={STATUS_COLOR[s]} radius="sm">
            {t(`attendanceViews.status.${s}`)}: {number.format(counts[s])}
          </Badge>
        ))}
      </Group>
    </Group>
  );
}

/** What today is when it is not a school day (a holiday, a weekly off, outside the session). */
function DayKindNote({ summary }: { summary: AttendanceSummary }) {
  const { t } = useTranslation();
  if (summary.dayKind === 'school') return null;
  return (
    <Text size="sm" c="dimmed" mb="xs" role="status">
      {t(`attendanceViews.today.${summary.dayKind === 'future' ? 'school' : summary.dayKind}`)}
    </Text>
  );
}

function SchoolToday({ summary }: { summary: AttendanceSummary }) {
  const { t } = useTranslation();
  const school = summary.school;
  return (
    <Card title={t('attendanceViews.schoolToday')} testId="attendance-today">
      <DayKindNote summary={summary} />
      {school ? (
        <Stack gap="xs">
          <CountsLine counts={school} />
          <Text size="sm">{t('attendanceViews.classesMarked', { marked: school.classesMarked, total: school.classes })}</Text>
          <Text size="xs" c="dimmed">
            {t('attendanceViews.studentsInClasses', { count: school.students })}
          </Text>
        </Stack>
      ) : null}
    </Card>
  );
}

function TeacherToday({ summary }: { summary: AttendanceSummary }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  return (
    <Card title={t('attendanceViews.classesToday')} testId="attendance-today">
      <DayKindNote summary={summary} />
      {summary.classes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('attendanceViews.noClassTeacher')}
        </Text>
      ) : (
        <Stack gap="sm">
          {summary.classes.map((c) => (
            <Stack key={c.assignClassId} gap={4}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>{label(c)}</Text>
                {c.final ? (
                  <Badge color="teal" variant="light">
                    {t('attendanceViews.marked')}
                  </Badge>
                ) : (
                  <Badge color="orange" variant="light">
                    {t('attendanceViews.notMarked')}
                  </Badge>
                )}
              </Group>
              {c.final ? (
                <CountsLine counts={c.counts} />
              ) : summary.dayKind === 'school' ? (
                <Button component={Link} to="/attendance" size="xs" variant="light" w="fit-content">
                  {t('attendanceViews.markNow')}
                </Button>
              ) : null}
            </Stack>
          ))}
          <Anchor component={Link} to={`/getattendancedata`} size="sm">
            {t('attendanceViews.openMonth')}
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}

function ChildrenMonth({ summary, own }: { summary: AttendanceSummary; own: boolean }) {
  const { t, i18n } = useTranslation();
  const month = new Intl.DateTimeFormat(localeOf(i18n.language), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <Card title={own ? t('attendanceViews.myMonth') : t('attendanceViews.childrenMonth')} testId="attendance-month">
      {summary.children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('attendanceViews.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {summary.children.map((c) => (
            <Stack key={c.studentId} gap={4}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                {own ? null : <Text fw={600}>{c.fullName}</Text>}
                <Text size="xs" c="dimmed">
                  {month.format(new Date(`${c.month}-01T00:00:00Z`))}
                </Text>
              </Group>
              {c.counts.marked ? (
                <CountsLine counts={c.counts} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('attendanceViews.empty')}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** Today's attendance on a school dashboard, by role. */
export function AttendanceSummaryCard({ sessionId }: { sessionId: string | undefined }) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const query = useAttendanceSummary(sessionId);
  if (query.isLoading) return <LoadingBlock h={140} radius="md" />;
  if (query.isError) {
    return (
      <QueryError query={query} title={t('attendanceViews.loadError')} />
    );
  }
  const summary = query.data;
  if (!summary) return null;
  if (role === ROLE.SYSTEM_ADMIN || role === ROLE.PRINCIPAL) return <SchoolToday summary={summary} />;
  if (role === ROLE.TEACHER) return <TeacherToday summary={summary} />;
  return <ChildrenMonth summary={summary} own={role === ROLE.STUDENT} />;
}

/** The cards' grid (one column on phones). */
export function SummaryGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
      {children}
    </SimpleGrid>
  );
}
