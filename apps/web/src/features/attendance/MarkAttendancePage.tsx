import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconChecks, IconDeviceFloppy, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AcademicSession, AttendanceStatus } from '@shala/contract';
import { useAttendanceDay, usePeriods, useSaveAttendance } from '../../api/attendance-mark';
import { apiErrorText, reasonText } from '../../api/errors';
import { isApiError } from '../../api/http';
import { useClassLabel } from '../academics/assign/parts';
import { sessionScreen } from '../academics/assign/sessionScreen';
import { ClassDayList, CountsLine } from './ClassDayList';
import { useAttendanceFormat } from './format';
import { changedCount, countMarks, effectiveMarks, lastMarkable, matchesStudent, refusalReason, schoolToday, type Marks } from './markLogic';
import { useUnsavedGuard } from './useUnsavedGuard';
import { SavedBadge, TeacherClassesState, useDayChoice } from './dayChoice';
import { notifyError, notifySaved } from '../../lib/notify';

/** /attendance (114): mark a class for a day or a period, on a phone first. */
export default sessionScreen('attendance.mark.description', (session) => <Marking session={session} />);

function Marking({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const fmt = useAttendanceFormat();
  const { classes, assignClassId, date, periodId, choose } = useDayChoice(session);
  const periods = usePeriods(session.sessionId);
  const day = useAttendanceDay(assignClassId, date, periodId);
  const save = useSaveAttendance(assignClassId ?? '', session.sessionId);
  const [search, setSearch] = useState('');

  // The teacher's choices, for the day they were made on.
  const key = `${assignClassId}|${date}|${periodId}`;
  const [changes, setChanges] = useState<{ key: string; marks: Marks }>({ key: '', marks: {} });
  const own = useMemo(() => (changes.key === key ? changes.marks : {}), [changes, key]);
  const data = day.data;
  const saved = useMemo(() => (data ? effectiveMarks(data, {}) : {}), [data]);
  const marks = useMemo(() => (data ? effectiveMarks(data, own) : {}), [data, own]);
  const changed = data ? changedCount(data, own) : 0;
  const confirmLeave = useUnsavedGuard(changed > 0);

  const setMark = useCallback((studentId: string, status: AttendanceStatus) => setChanges((c) => ({ key, marks: { ...(c.key === key ? c.marks : {}), [studentId]: status } })), [key]);
  const allPresent = () => data && setChanges({ key, marks: Object.fromEntries(data.students.map((s) => [s.studentId, 'present' as const])) });
  const change = (what: Record<string, string | null>) =>
    confirmLeave(() => {
      setChanges({ key: '', marks: {} });
      setSearch('');
      choose(what);
    });

  const submit = () => {
    if (!data || !assignClassId) return;
    save.mutate(
      { date, periodId, marks: data.students.map((s) => ({ studentId: s.studentId, status: marks[s.studentId] ?? s.status })) },
      {
        onSuccess: () => {
          setChanges({ key: '', marks: {} });
          notifySaved(t('attendance.mark.saved', { name: label(data.class), date: fmt.date(date) }), { check: true });
        },
        onError: (error) => {
          notifyError(error, t('attendance.mark.saveFailed'));
          if (isApiError(error) && error.reason === 'attendance_roster') void day.refetch();
        },
      },
    );
  };

  const classList = classes.data ?? [];
  const periodOptions = (periods.data ?? []).filter((p) => !p.isBreak).map((p) => ({ value: p.periodId, label: `${p.name} · ${p.startTime}–${p.endTime}` }));
  const reason = data ? refusalReason(data) : null;
  const editable = !!data && data.canMark;
  const shown = data ? data.students.filter((s) => matchesStudent(s, search)) : [];
  const counts = countMarks(Object.values(marks));

  return (
    <TeacherClassesState classes={classes}>
      <Stack gap="md" maw={880}>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('attendance.mark.class')}
              data={classList.map((c) => ({ value: c.assignClassId, label: c.isClassTeacher ? t('attendance.mark.ownClass', { name: label(c) }) : label(c) }))}
              value={assignClassId}
              onChange={(v) => v && v !== assignClassId && change({ class: v })}
              allowDeselect={false}
            />
            <TextInput
              type="date"
              label={t('attendance.mark.date')}
              value={date}
              min={session.startDate}
              max={lastMarkable(session, schoolToday())}
              onChange={(e) => /^\d{4}-\d{2}-\d{2}$/.test(e.currentTarget.value) && e.currentTarget.value !== date && change({ date: e.currentTarget.value })}
            />
            <Select
              label={t('attendance.mark.mode')}
              data={[{ value: 'day', label: t('attendance.mark.wholeDay') }, ...periodOptions]}
              value={periodId ?? 'day'}
              onChange={(v) => v && v !== (periodId ?? 'day') && change({ period: v === 'day' ? null : v })}
              allowDeselect={false}
            />
          </SimpleGrid>
        </Paper>

        {day.isLoading ? (
          <Stack gap="xs" role="status" aria-label={t('common.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={64} radius="md" />
            ))}
          </Stack>
        ) : day.isError ? (
          <Alert color="red" role="alert" title={t('attendance.mark.loadError')}>
            <Text size="sm" mb="sm">
              {apiErrorText(day.error, t)}
            </Text>
            <Button size="xs" variant="white" color="red" onClick={() => void day.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : data ? (
          <>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={700}>
                {label(data.class)} · {fmt.date(data.date)}
                {data.period ? ` · ${data.period.name}` : ''}
              </Text>
              <SavedBadge day={data} unsaved={t('attendance.mark.notSaved')} />
            </Group>
            {reason ? (
              <Alert color="yellow" role="status" title={t('attendance.mark.cannotMark')}>
                {reasonText(reason, { title: data.holidayTitle ?? '' }, t)}
              </Alert>
            ) : null}
            {data.students.length === 0 ? (
              <Paper withBorder radius="md" p="xl">
                <Text c="dimmed" role="status">
                  {t('attendance.mark.noStudents')}
                </Text>
              </Paper>
            ) : (
              <>
                <Group gap="sm" wrap="wrap" align="flex-end">
                  <TextInput
                    type="search"
                    label={t('attendance.mark.search')}
                    placeholder={t('attendance.mark.searchPlaceholder')}
                    leftSection={<IconSearch size={16} aria-hidden />}
                    value={search}
                    onChange={(e) => setSearch(e.currentTarget.value)}
                    style={{ flex: '1 1 200px' }}
                  />
                  {editable ? (
                    <Button variant="default" leftSection={<IconChecks size={18} aria-hidden />} onClick={allPresent} size="md" style={{ flex: '0 0 auto' }}>
                      {t('attendance.mark.allPresent')}
                    </Button>
                  ) : null}
                </Group>
                {shown.length === 0 ? (
                  <Text c="dimmed" role="status">
                    {t('attendance.mark.noMatch')}
                  </Text>
                ) : (
                  <ClassDayList students={shown} marks={marks} saved={saved} editable={editable} onChange={setMark} label={t('attendance.mark.listLabel', { name: label(data.class) })} />
                )}
                {editable ? (
                  <Paper
                    withBorder
                    shadow="md"
                    radius="md"
                    p="sm"
                    pos="sticky"
                    bottom={8}
                    style={{ zIndex: 5 }}
                    aria-label={t('attendance.mark.summary')}
                    component="section"
                  >
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Stack gap={0}>
                        <CountsLine counts={counts} />
                        <Text size="xs" c={changed ? 'orange.8' : 'dimmed'}>
                          {changed ? t('attendance.mark.unsaved', { count: changed }) : data.final ? t('attendance.mark.upToDate') : t('attendance.mark.firstSave')}
                        </Text>
                      </Stack>
                      <Button size="md" leftSection={<IconDeviceFloppy size={18} aria-hidden />} onClick={submit} loading={save.isPending} disabled={data.final && changed === 0}>
                        {t('attendance.mark.save')}
                      </Button>
                    </Group>
                  </Paper>
                ) : (
                  <CountsLine counts={counts} />
                )}
              </>
            )}
          </>
        ) : null}
      </Stack>
    </TeacherClassesState>
  );
}
