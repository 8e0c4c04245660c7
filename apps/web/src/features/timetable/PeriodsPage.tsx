import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { periodUpdate, type AcademicSession, type Period } from '@shala/contract';
import { useDeletePeriod, usePeriods, useUpdatePeriod } from '../../api/timetable';
import { CARDS_QUERY } from '../../components/ListPage';
import { ListState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { useContractForm, type SaveFailure } from '../../lib/contractForm';
import { focusFirstError } from '../../lib/validation';
import type { ScreenProps } from '../../app/screen';
import { WithSession } from '../academics/assign/parts';
import { PeriodFields, periodBody, periodValues, type PeriodValues } from './PeriodFields';
import { timeRange } from './WeekGrid';
import { notifyError, notifySaved } from '../../lib/notify';

const ADD_PATH = '/addclass_periods';

function EditPeriodForm({ sessionId, period, onClose }: { sessionId: string; period: Period; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdatePeriod(sessionId);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const form = useContractForm<PeriodValues>(periodUpdate, { initialValues: periodValues(period), prepare: periodBody });
  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      update.mutate(
        { periodId: period.periodId, body: periodBody(values) },
        {
          onSuccess: (saved) => {
            notifySaved(t('timetable.periodSaved', { name: saved.name }));
            onClose();
          },
          onError: (error) => setFailure(form.applyServerError(error, t)),
        },
      );
    },
    () => focusFirstError(),
  );
  return (
    <form noValidate onSubmit={submit} aria-label={t('timetable.editPeriodNamed', { name: period.name })}>
      <Stack gap="md">
        <PeriodFields form={form} autoFocus />
        {failure ? (
          <Text c="red" size="sm" role="alert">
            {failure.title}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('timetable.savePeriod')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PeriodList({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const list = usePeriods(session.sessionId);
  const remove = useDeletePeriod(session.sessionId);
  const [editing, setEditing] = useState<Period | null>(null);
  const items = list.data ?? [];

  const askDelete = (p: Period) =>
    modals.openConfirmModal({
      title: t('timetable.deleteTitle'),
      children: <Text size="sm">{t('timetable.deleteText', { name: p.name })}</Text>,
      labels: { confirm: t('timetable.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(p.periodId, {
          onSuccess: () => notifySaved(t('timetable.periodDeleted', { name: p.name })),
          onError: (error) => notifyError(error, t('timetable.deleteFailed')),
        }),
    });

  const kind = (p: Period) =>
    p.isBreak ? (
      <Badge variant="light" color="gray">
        {t('timetable.break')}
      </Badge>
    ) : (
      <Badge variant="light" color="indigo">
        {t('timetable.teaching')}
      </Badge>
    );

  const actions = (p: Period) => (
    <>
      <Tooltip label={t('common.edit')}>
        <ActionIcon variant="subtle" aria-label={t('timetable.editPeriodNamed', { name: p.name })} onClick={() => setEditing(p)}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('timetable.delete')}>
        <ActionIcon variant="subtle" color="red" aria-label={t('timetable.deleteNamed', { name: p.name })} onClick={() => askDelete(p)}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </>
  );

  return (
    <>
      <Group justify="flex-end" mb="md">
        <Button component={Link} to={ADD_PATH} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('timetable.addPeriod')}
        </Button>
      </Group>
      <ListState
        query={list}
        isEmpty={items.length === 0}
        emptyText={t('timetable.noPeriods', { session: session.sessionYear })}
        emptyAction={
          <Anchor component={Link} to={ADD_PATH}>
            {t('timetable.addPeriods')}
          </Anchor>
        }
      >
        {cards ? (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('timetable.periodsLabel')}>
            {items.map((p) => (
              <Paper key={p.periodId} component="li" withBorder radius="md" p="md" bg={p.isBreak ? 'gray.0' : undefined}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {p.name}
                    </Text>
                    <Text size="sm">{timeRange(p)}</Text>
                  </Stack>
                  {kind(p)}
                </Group>
                <Group justify="flex-end" gap="xs" mt="xs">
                  {actions(p)}
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }} maw={900}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('timetable.periodsLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('timetable.periodName')}</Table.Th>
                  <Table.Th>{t('timetable.startTime')}</Table.Th>
                  <Table.Th>{t('timetable.endTime')}</Table.Th>
                  <Table.Th>{t('timetable.kind')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((p) => (
                  <Table.Tr key={p.periodId}>
                    <Table.Td fw={600}>{p.name}</Table.Td>
                    <Table.Td>{p.startTime}</Table.Td>
                    <Table.Td>{p.endTime}</Table.Td>
                    <Table.Td>{kind(p)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        {actions(p)}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </ListState>
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={t('timetable.editPeriod')} centered>
        {editing ? <EditPeriodForm sessionId={session.sessionId} period={editing} onClose={() => setEditing(null)} /> : null}
      </Modal>
    </>
  );
}

/** /period_datapage: the periods of the header's session by start time, breaks marked; edit and remove. */
export default function PeriodsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('timetable.periodsDescription')} />
      <WithSession>{(session) => <PeriodList key={session.sessionId} session={session} />}</WithSession>
    </>
  );
}
