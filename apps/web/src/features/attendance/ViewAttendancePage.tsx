import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AcademicSession } from '@shala/contract';
import { useAttendanceDay } from '../../api/attendance-mark';
import { apiErrorText, reasonText } from '../../api/errors';
import { PageHeading } from '../../components/PageHeading';
import type { ScreenProps } from '../../lib/screen';
import { useClassLabel, WithSession } from '../academics';
import { ClassDayList, CountsLine } from './ClassDayList';
import { useAttendanceFormat } from './format';
import { SavedBadge, TeacherClassesState, useDayChoice } from './dayChoice';
import { effectiveMarks } from './markLogic';
import { LoadingBlock } from '../../components/LoadingBlock';

/** /viewattendance/:date (114): a class's list on that date, read-only, with a link to edit it. */
export default function ViewAttendancePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const fmt = useAttendanceFormat();
  const { date = '' } = useParams();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));
  return (
    <>
      <PageHeading title={t(route.title)} description={valid ? fmt.date(date) : undefined} />
      {valid ? (
        <WithSession>{(session) => <DayView session={session} date={date} />}</WithSession>
      ) : (
        <Alert color="red" role="alert">
          {t('attendance.view.badDate')}
        </Alert>
      )}
    </>
  );
}

export const markPath = (assignClassId: string, date: string) => `/attendance?class=${assignClassId}&date=${date}`;

function DayView({ session, date }: { session: AcademicSession; date: string }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const { classes, assignClassId, choose } = useDayChoice(session);
  const day = useAttendanceDay(assignClassId, date, null);
  const classList = classes.data ?? [];
  const data = day.data;
  const marks = data ? effectiveMarks(data, {}) : {};

  return (
    <TeacherClassesState classes={classes}>
      <Stack gap="md" maw={880}>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Select
            label={t('attendance.mark.class')}
            data={classList.map((c) => ({ value: c.assignClassId, label: label(c) }))}
            value={assignClassId}
            onChange={(v) => v && choose({ class: v })}
            allowDeselect={false}
            maw={360}
          />
        </Paper>
        {day.isLoading ? (
          <LoadingBlock h={160} radius="md" />
        ) : day.isError ? (
          <Alert color="red" role="alert" title={t('attendance.mark.loadError')}>
            {apiErrorText(day.error, t)}
          </Alert>
        ) : data ? (
          <>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <SavedBadge day={data} unsaved={t('attendance.view.notMarked')} />
              {data.canMark && assignClassId ? (
                <Button component={Link} to={markPath(assignClassId, date)} variant="light" leftSection={<IconPencil size={16} aria-hidden />}>
                  {data.final ? t('attendance.view.edit') : t('attendance.view.mark')}
                </Button>
              ) : null}
            </Group>
            {data.dayKind !== 'school' ? (
              <Alert color="yellow" role="status">
                {reasonText(data.dayKind === 'holiday' ? 'attendance_holiday' : data.dayKind === 'weekly_off' ? 'attendance_weekly_off' : data.dayKind === 'future' ? 'attendance_future' : 'attendance_outside_session', { title: data.holidayTitle ?? '' }, t)}
              </Alert>
            ) : null}
            {!data.final ? (
              <Text c="dimmed" role="status">
                {t('attendance.view.noData')}{' '}
                {data.canMark && assignClassId ? (
                  <Anchor component={Link} to={markPath(assignClassId, date)} underline="always">
                    {t('attendance.view.mark')}
                  </Anchor>
                ) : null}
              </Text>
            ) : data.students.length === 0 ? (
              <Text c="dimmed">{t('attendance.mark.noStudents')}</Text>
            ) : (
              <>
                <CountsLine counts={data.counts} />
                <ClassDayList students={data.students} marks={marks} saved={marks} editable={false} onChange={() => undefined} label={t('attendance.mark.listLabel', { name: label(data.class) })} />
              </>
            )}
          </>
        ) : null}
      </Stack>
    </TeacherClassesState>
  );
}
