import { useState } from 'react';
import { Alert, Button, Group, Menu, NumberInput, Paper, Stack, Title } from '@mantine/core';
import { IconArrowsExchange, IconDeviceFloppy, IconSortAscendingLetters, IconCalendarEvent, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ROLL_NO_MAX, type ClassStudent, type ClassSummary } from '@shala/contract';
import { useAutoRollNumbers, useClassDetail, useMoveStudent, useSetRollNumbers, useUnassignStudent } from '../../../api/academics-enrolment';
import { apiErrorText } from '../../../api/errors';
import { NameCell } from '../../../components/ListPage';
import { useAcademicNames } from '../names';
import { freePlaces, rollNumbersBody, rollOf, rollsChanged, siblingSections, type RollEdits } from './logic';
import { notifySaved } from '../../../lib/notify';
import { DataTable } from '../../../components/DataTable';
import { RowAction } from '../../../components/RowAction';
import { confirmAction } from '../../../lib/confirm';

const studentPath = (userId: string) => `/viewstudentdetail/${userId}`;

/**
 * The students of one class by roll number: numbered by name or admission date in one step, or by
 * hand (every number saved in one request, so two can be swapped), moved to another section of
 * the same class, or taken out of the class after a confirmation.
 */
export function ClassRoster({ sessionId, cls, classes }: { sessionId: string; cls: ClassSummary; classes: ClassSummary[] }) {
  const { t } = useTranslation();
  const { className } = useAcademicNames();
  const detail = useClassDetail(cls.assignClassId);
  const auto = useAutoRollNumbers();
  const save = useSetRollNumbers();
  const move = useMoveStudent();
  const remove = useUnassignStudent();
  const [edits, setEdits] = useState<RollEdits>({});
  const [failure, setFailure] = useState<string | null>(null);
  const students = detail.data?.studentList ?? [];
  const here = className(cls.masterClass, cls.section);
  const siblings = siblingSections(classes, cls);
  const changed = rollsChanged(students, edits);

  const failed = (error: unknown) => setFailure(apiErrorText(error, t));
  const done = (message: string) => {
    setFailure(null);
    notifySaved(message);
  };

  const numberBy = (order: 'name' | 'admission') =>
    auto.mutate(
      { assignClassId: cls.assignClassId, order },
      {
        onSuccess: () => {
          setEdits({});
          done(t('enrol.numbered'));
        },
        onError: failed,
      },
    );
  const saveRolls = () =>
    save.mutate(
      { assignClassId: cls.assignClassId, rollNumbers: rollNumbersBody(students, edits) },
      {
        onSuccess: () => {
          setEdits({});
          done(t('enrol.rollsSaved'));
        },
        onError: failed,
      },
    );
  const moveTo = (s: ClassStudent, to: ClassSummary) =>
    move.mutate(
      { userId: s.userId, assignClassId: to.assignClassId },
      { onSuccess: () => done(t('enrol.moved', { name: s.fullName, className: className(to.masterClass, to.section) })), onError: failed },
    );
  const askRemove = (s: ClassStudent) =>
    confirmAction({
      title: t('enrol.removeTitle'),
      text: t('enrol.removeText', { name: s.fullName, className: here }),
      confirm: t('enrol.removeConfirm'),
      color: 'red',
      onConfirm: () => remove.mutate({ userId: s.userId, sessionId }, { onSuccess: () => done(t('enrol.removed', { name: s.fullName, className: here })), onError: failed }),
    });

  const rollInput = (s: ClassStudent) => (
    <NumberInput
      aria-label={t('enrol.rollOf', { name: s.fullName })}
      value={rollOf(s, edits) ?? ''}
      onChange={(value) => setEdits({ ...edits, [s.userId]: typeof value === 'number' ? value : '' })}
      min={1}
      max={ROLL_NO_MAX}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      hideControls
      w={80}
      size="xs"
    />
  );
  const actions = (s: ClassStudent) => <RowActions student={s} siblings={siblings} onMove={moveTo} onRemove={askRemove} />;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="roster-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id="roster-title">
            {t('enrol.rosterTitle', { className: here })}
          </Title>
          <NumberingButtons disabled={!students.length} pending={auto.isPending ? (auto.variables?.order ?? null) : null} onNumber={numberBy} />
        </Group>
        <DataTable
          label={t('enrol.rosterTitle', { className: here })}
          items={students}
          rowKey={(s) => s.userId}
          minWidth={560}
          busy={detail.isFetching}
          tableProps={{ highlightOnHover: false, verticalSpacing: 'xs' }}
          state={{ query: detail, emptyText: t('enrol.rosterEmpty'), rows: 3 }}
          columns={[
            { key: 'roll', header: t('enrol.rollNo'), cell: rollInput },
            { key: 'name', header: t('person.name'), cell: (s) => <NameCell image={s.image} name={s.fullName} sub={s.loginId} to={studentPath(s.userId)} /> },
          ]}
          card={(s) => (
            <Group gap="sm" wrap="nowrap" align="center">
              {rollInput(s)}
              <NameCell image={s.image} name={s.fullName} sub={s.loginId} to={studentPath(s.userId)} />
            </Group>
          )}
          rowActions={actions}
        />
        {failure ? (
          <Alert color="red" role="alert" title={t('enrol.saveFailed')} withCloseButton closeButtonLabel={t('common.close')} onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        ) : null}
        {students.length ? (
          <Group justify="flex-end" gap="xs" wrap="wrap">
            <Button variant="default" disabled={!changed} onClick={() => setEdits({})}>
              {t('enrol.resetRolls')}
            </Button>
            <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} disabled={!changed} loading={save.isPending} onClick={saveRolls}>
              {t('enrol.saveRolls')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Numbers the class by name or by admission date in one step. */
function NumberingButtons({ disabled, pending, onNumber }: { disabled: boolean; pending: 'name' | 'admission' | null; onNumber: (order: 'name' | 'admission') => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="light" size="xs" leftSection={<IconSortAscendingLetters size={16} aria-hidden />} disabled={disabled} loading={pending === 'name'} onClick={() => onNumber('name')}>
        {t('enrol.byName')}
      </Button>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconCalendarEvent size={16} aria-hidden />}
        disabled={disabled}
        loading={pending === 'admission'}
        onClick={() => onNumber('admission')}
      >
        {t('enrol.byAdmission')}
      </Button>
    </Group>
  );
}

/** A student's move (to another section with free places) and removal. */
function RowActions({
  student: s,
  siblings,
  onMove,
  onRemove,
}: {
  student: ClassStudent;
  siblings: ClassSummary[];
  onMove: (s: ClassStudent, to: ClassSummary) => void;
  onRemove: (s: ClassStudent) => void;
}) {
  const { t } = useTranslation();
  const { className } = useAcademicNames();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowsExchange size={14} aria-hidden />}
            disabled={!siblings.length}
            aria-label={t('enrol.moveNamed', { name: s.fullName })}
          >
            {t('enrol.move')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('enrol.moveTo')}</Menu.Label>
          {siblings.map((to) => (
            <Menu.Item key={to.assignClassId} onClick={() => onMove(s, to)} disabled={!freePlaces(to)}>
              {className(to.masterClass, to.section)} · {t('enrol.freeShort', { count: freePlaces(to) })}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <RowAction tip={t('enrol.remove')} label={t('enrol.removeNamed', { name: s.fullName })} icon={IconTrash} onClick={() => onRemove(s)} danger />
    </Group>
    );
}
