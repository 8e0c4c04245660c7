import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { periodUpdate, type AcademicSession, type Period } from '@shala/contract';
import { useDeletePeriod, usePeriods, useUpdatePeriod } from '../../api/timetable';
import { useContractForm } from '../../lib/contractForm';
import { sessionScreen } from '../academics';
import { PeriodFields, periodBody, periodValues, type PeriodValues } from './PeriodFields';
import { timeRange } from './WeekGrid';
import { toastOutcome } from '../../lib/notify';
import { DataTable } from '../../components/DataTable';
import { useSubmit } from '../../lib/useSubmit';
import { ModalFooter } from '../../components/ModalFooter';
import { RowAction } from '../../components/RowAction';
import { confirmAction } from '../../lib/confirm';

const ADD_PATH = '/addclass_periods';

function EditPeriodForm({ sessionId, period, onClose }: { sessionId: string; period: Period; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdatePeriod(sessionId);
  const form = useContractForm<PeriodValues>(periodUpdate, { initialValues: periodValues(period), prepare: periodBody });
  const save = useSubmit({
    form,
    save: (values: PeriodValues) => update.mutateAsync({ periodId: period.periodId, body: periodBody(values) }),
    saved: (saved) => t('timetable.periodSaved', { name: saved.name }),
    done: onClose,
  });
  return (
    <form noValidate onSubmit={save.onSubmit} aria-label={t('timetable.editPeriodNamed', { name: period.name })}>
      <Stack gap="md">
        <PeriodFields form={form} autoFocus />
        {save.failure ? (
          <Text c="red" size="sm" role="alert">
            {save.failure.title}
          </Text>
        ) : null}
        <ModalFooter onCancel={onClose} label={t('timetable.savePeriod')} pending={save.pending} />
      </Stack>
    </form>
  );
}

function PeriodList({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const list = usePeriods(session.sessionId);
  const remove = useDeletePeriod(session.sessionId);
  const [editing, setEditing] = useState<Period | null>(null);
  const items = list.data ?? [];

  const askDelete = (p: Period) =>
    confirmAction({
      title: t('timetable.deleteTitle'),
      text: t('timetable.deleteText', { name: p.name }),
      confirm: t('timetable.delete'),
      color: 'red',
      onConfirm: () => remove.mutate(p.periodId, toastOutcome(t('timetable.periodDeleted', { name: p.name }), t('timetable.deleteFailed'))),
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
      <RowAction tip={t('common.edit')} label={t('timetable.editPeriodNamed', { name: p.name })} icon={IconPencil} onClick={() => setEditing(p)} />
      <RowAction tip={t('timetable.delete')} label={t('timetable.deleteNamed', { name: p.name })} icon={IconTrash} onClick={() => askDelete(p)} danger />
    </>
  );

  return (
    <>
      <Group justify="flex-end" mb="md">
        <Button component={Link} to={ADD_PATH} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('timetable.addPeriod')}
        </Button>
      </Group>
      <DataTable
        label={t('timetable.periodsLabel')}
        items={items}
        rowKey={(p) => p.periodId}
        maw={900}
        state={{
          query: list,
          emptyText: t('timetable.noPeriods', { session: session.sessionYear }),
          emptyAction: (
            <Anchor component={Link} to={ADD_PATH}>
              {t('timetable.addPeriods')}
            </Anchor>
          ),
        }}
        columns={[
          { key: 'name', header: t('timetable.periodName'), cell: (p) => <Text fw={600} size="sm">{p.name}</Text> },
          { key: 'start', header: t('timetable.startTime'), cell: (p) => p.startTime },
          { key: 'end', header: t('timetable.endTime'), cell: (p) => p.endTime },
          { key: 'kind', header: t('timetable.kind'), cell: kind },
        ]}
        card={(p) => (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {p.name}
              </Text>
              <Text size="sm">{timeRange(p)}</Text>
            </Stack>
            {kind(p)}
          </Group>
        )}
        rowActions={actions}
      />
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={t('timetable.editPeriod')} centered>
        {editing ? <EditPeriodForm sessionId={session.sessionId} period={editing} onClose={() => setEditing(null)} /> : null}
      </Modal>
    </>
  );
}

/** /period_datapage: the periods of the header's session by start time, breaks marked; edit and remove. */
export default sessionScreen('timetable.periodsDescription', (session) => <PeriodList key={session.sessionId} session={session} />);
