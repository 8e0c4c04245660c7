import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Checkbox, EmptyState, Group, Modal, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCalendarOff, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClassDetail, MasterWeek, PersonRef, TimetableView } from '@shala/contract';
import { apiErrorText } from '../../api/errors';
import { isApiError } from '../../api/http';
import { useSaveTimetable, useTimetable } from '../../api/timetable';
import { RecordState } from '../../components/ListState';
import { ClassChooser, sessionScreen, useAcademicNames, useClassLabel } from '../academics';
import { bodyOf, cellKey, clashesOf, copyDay, failedCell, gridOf, sameGrid, setCell, teacherOf, type Grid } from './grid';
import { WeekGrid, useDayName } from './WeekGrid';
import { notifySaved } from '../../lib/notify';

/** Why a class cannot have a timetable yet: no periods in the session, or no subjects in the class. */
export function MissingHint({ title, link, linkText }: { title: string; link: string; linkText: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState icon={<IconCalendarOff size={28} stroke={1.5} aria-hidden />} withIndicatorBackground title={title} role="status">
        <Anchor component={Link} to={link}>
          {linkText}
        </Anchor>
      </EmptyState>
    </Paper>
  );
}

function CopyDayModal({ from, days, onCopy, onClose }: { from: MasterWeek; days: MasterWeek[]; onCopy: (to: number[]) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const name = useDayName();
  const [to, setTo] = useState<string[]>([]);
  return (
    <Modal opened onClose={onClose} title={t('timetable.copyTitle', { day: name.long(from) })} centered>
      <Stack gap="md">
        <Checkbox.Group label={t('timetable.copyTo')} value={to} onChange={setTo}>
          <Stack gap="xs" mt="xs">
            {days
              .filter((d) => d.day !== from.day)
              .map((d) => (
                <Checkbox key={d.day} value={String(d.day)} label={name.long(d)} />
              ))}
          </Stack>
        </Checkbox.Group>
        <Text size="sm" c="dimmed">
          {t('timetable.copyHint')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!to.length} onClick={() => onCopy(to.map(Number))}>
            {t('timetable.copy')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Editor({ view, detail }: { view: TimetableView; detail: ClassDetail }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const { subjectName } = useAcademicNames();
  const name = useDayName();
  const save = useSaveTimetable(view.class.assignClassId);
  const saved = useMemo(() => gridOf(view), [view]);
  const [grid, setGrid] = useState<Grid>(saved);
  const [failure, setFailure] = useState<{ text: string; cell: string | null } | null>(null);
  const [copyFrom, setCopyFrom] = useState<MasterWeek | null>(null);

  const subjects = useMemo(() => new Map(detail.subjectList.map((s) => [s.subjectId, s])), [detail]);
  // Names of the teachers the grid may show: the subjects' teachers and the saved cells' own.
  const teachers = useMemo(() => {
    const m = new Map<string, PersonRef>();
    for (const s of detail.subjectList) if (s.teacher) m.set(s.teacher.userId, s.teacher);
    for (const c of view.cells) if (c.teacher) m.set(c.teacher.userId, c.teacher);
    return m;
  }, [detail, view]);
  const clashes = useMemo(() => clashesOf(grid, subjects, view.busy), [grid, subjects, view.busy]);
  const options = detail.subjectList.map((s) => ({
    value: s.subjectId,
    label: s.teacher ? `${subjectName(s)} · ${s.teacher.fullName}` : subjectName(s),
  }));
  const changed = !sameGrid(grid, saved);
  const teaching = view.periods.filter((p) => !p.isBreak);

  const change = (key: string, subjectId: string | null) => {
    setGrid((g) => setCell(g, key, subjectId));
    if (failure?.cell === key) setFailure(null);
  };

  const submit = () => {
    const body = bodyOf(grid, view.periods);
    setFailure(null);
    save.mutate(body, {
      onSuccess: (next) => {
        setGrid(gridOf(next));
        notifySaved(t('timetable.saved', { name: label(view.class) }));
      },
      onError: (error) => setFailure({ text: apiErrorText(error, t), cell: isApiError(error) ? failedCell(error.field, body) : null }),
    });
  };

  const cell = (day: MasterWeek, period: { periodId: string; name: string }) => {
    const key = cellKey(day.day, period.periodId);
    const value = grid.get(key);
    const teacherId = teacherOf(value, subjects);
    const teacher = teacherId ? teachers.get(teacherId) : undefined;
    const clash = clashes.get(key);
    const refused = failure?.cell === key;
    return (
      <Stack gap={2} data-cell={key} data-clash={clash || refused ? 'true' : undefined}>
        <Select
          size="xs"
          aria-label={t('timetable.cellLabel', { day: name.long(day), period: period.name })}
          placeholder={t('timetable.free')}
          data={options}
          value={value?.subjectId ?? null}
          onChange={(v) => change(key, v)}
          clearable
          // Flagged by a thick dark-red border (Mantine's error colour on the text is too light to read).
          aria-invalid={clash || refused ? true : undefined}
          styles={clash || refused ? { input: { borderColor: 'var(--mantine-color-red-8)', borderWidth: 2 } } : undefined}
          comboboxProps={{ withinPortal: true, width: 'max-content', position: 'bottom-start' }}
        />
        {value ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {teacher ? teacher.fullName : t('timetable.noTeacher')}
          </Text>
        ) : null}
        {clash ? (
          <Text size="xs" c="red.8" fw={500} style={{ overflowWrap: 'anywhere' }}>
            <IconAlertTriangle size={12} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('timetable.busyIn', { name: label(clash) })}
          </Text>
        ) : null}
      </Stack>
    );
  };

  const dayAction = (day: MasterWeek) => (
    <Tooltip label={t('timetable.copyDay', { day: name.long(day) })}>
      <ActionIcon size="sm" variant="subtle" aria-label={t('timetable.copyDay', { day: name.long(day) })} onClick={() => setCopyFrom(day)}>
        <IconCopy size={14} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );

  if (!view.periods.length) {
    return <MissingHint title={t('timetable.noPeriodsHint')} link="/addclass_periods" linkText={t('timetable.addPeriods')} />;
  }
  if (!teaching.length) {
    return <MissingHint title={t('timetable.onlyBreaks')} link="/addclass_periods" linkText={t('timetable.addPeriods')} />;
  }
  if (!detail.subjectList.length) {
    return <MissingHint title={t('timetable.noSubjects')} link={`/assignsubject?class=${detail.assignClassId}`} linkText={t('timetable.assignSubjects')} />;
  }

  return (
    <Stack gap="md">
      {view.cells.length === 0 && grid.size === 0 ? (
        <Alert color="blue" variant="light" role="status" title={t('timetable.empty')}>
          {t('timetable.emptyHint')}
        </Alert>
      ) : null}
      {clashes.size > 0 ? (
        <Alert color="orange" variant="light" role="status" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('timetable.clashesFound', { count: clashes.size })}
        </Alert>
      ) : null}
      <WeekGrid periods={view.periods} days={view.days} cell={cell} label={t('timetable.gridLabel', { name: label(view.class) })} dayAction={dayAction} />
      {failure ? (
        <Alert color="red" role="alert" title={t('timetable.notSaved')}>
          {failure.text}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm" wrap="wrap">
        {changed ? (
          <Button variant="default" onClick={() => setGrid(saved)}>
            {t('timetable.undo')}
          </Button>
        ) : null}
        <Button onClick={submit} loading={save.isPending}>
          {t('timetable.save')}
        </Button>
      </Group>
      {copyFrom ? (
        <CopyDayModal
          from={copyFrom}
          days={view.days}
          onClose={() => setCopyFrom(null)}
          onCopy={(to) => {
            setGrid((g) => copyDay(g, copyFrom.day, to, view.periods));
            setCopyFrom(null);
          }}
        />
      ) : null}
    </Stack>
  );
}

function ClassTimetableEditor({ detail }: { detail: ClassDetail }) {
  const query = useTimetable(detail.assignClassId);
  return (
    <RecordState query={query}>
      {() => (query.data ? <Editor key={detail.assignClassId} view={query.data} detail={detail} /> : null)}
    </RecordState>
  );
}

/** /timetable: pick a class of the session and build its week (days × periods), saved at once. */
export default sessionScreen(
  'timetable.editorDescription',
  (session) => (
    <ClassChooser session={session}>
      {(detail) => <ClassTimetableEditor detail={detail} />}
    </ClassChooser>
  ),
);
