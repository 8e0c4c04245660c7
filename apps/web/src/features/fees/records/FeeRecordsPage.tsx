import { useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarDollar, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRupees, type AcademicSession, type ClassFee, type ClassSummary, type FeeRecordRow } from '@shala/contract';
import { RECORDS_PAGE, useCreateFeeRecords, useDeleteFeeRecord, useFeeRecords } from '../../../api/fees-records';
import { useClassFee, useFeeTypeList } from '../../../api/fees-setup';
import { apiErrorText } from '../../../api/errors';
import { CARDS_QUERY } from '../../../components/ListPage';
import { ListState } from '../../../components/ListState';
import { ListPager, ListToolbar } from '../../../components/ListToolbar';
import { useClampPage, useListParams } from '../../../lib/useListParams';
import { pageSelection, selectPage, sessionScreen, toggle, useClassLabel } from '../../academics';
import { EditRecordModal } from './EditRecordModal';
import { ClassBar, ClassFeeLine, FeeTypePicker, PlanProgress, PreviewTable, RecordsHead, useChosenClass } from './parts';
import { toastOutcome } from '../../../lib/notify';
import { useSubmit } from '../../../lib/useSubmit';
import { FailureAlert } from '../../../components/ModalFooter';
import { StudentCell } from '../../../components/StudentCell';
import { RowAction } from '../../../components/RowAction';
import { confirmAction } from '../../../lib/confirm';

const FILTERS = ['all', 'with', 'without'] as const;
/** The active fee types offered, at most (a page of the list; a school has a handful). */
const FEE_TYPES_MAX = 100;
type Filter = (typeof FILTERS)[number];

/** /addfeerecord (113): the students of a class with their fee records; records made for many at once. */
export default sessionScreen('fees.records.description', (session) => <RecordsScreen session={session} />);

function RecordsScreen({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const { cls, pending, choose } = useChosenClass(session);
  return (
    <Stack gap="md" maw={1100}>
      <ClassBar session={session} value={cls?.assignClassId ?? null} onChange={choose} />
      {cls ? <ClassRecords key={cls.assignClassId} cls={cls} /> : pending ? null : <Text c="dimmed">{t('fees.records.pickClass')}</Text>}
    </Stack>
  );
}

function ClassRecords({ cls }: { cls: ClassSummary }) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const list = useListParams<Filter>(FILTERS, 'all', RECORDS_PAGE);
  const records = useFeeRecords({
    assignClassId: cls.assignClassId,
    page: list.page,
    search: list.search,
    has: list.status === 'all' ? undefined : list.status,
  });
  const classFee = useClassFee(cls.assignClassId);
  const types = useFeeTypeList({ page: 1, pageSize: FEE_TYPES_MAX, status: 'active' });
  const activeTypes = types.data?.items ?? [];
  const remove = useDeleteFeeRecord();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<FeeRecordRow | null>(null);
  const className = label(cls);
  const items = useMemo(() => records.data?.items ?? [], [records.data]);
  const fee = classFee.data ?? null;

  // A page past the end (after a filter or making records) goes back to the first.
  useClampPage(list.page, records.data, list.setPage);

  const askDelete = (row: FeeRecordRow) =>
    confirmAction({
      title: t('fees.records.deleteTitle'),
      text: t('fees.records.deleteText', { name: row.student.fullName, total: formatRupees(row.record!.total) }),
      confirm: t('fees.records.delete'),
      color: 'red',
      onConfirm: () => remove.mutate(row.record!.feeRecordId, toastOutcome(t('fees.records.deleted', { name: row.student.fullName }), t('fees.records.deleteFailed'))),
    });

  const emptyText = list.search
    ? t('fees.records.noMatch')
    : list.status === 'with'
      ? t('fees.records.noRecords')
      : list.status === 'without'
        ? t('fees.records.allHaveRecords')
        : t('fees.records.noStudents');

  return (
    <Stack gap="md">
      <ClassFeeLine assignClassId={cls.assignClassId} className={className} />
      <div>
        <ListToolbar
          searchInput={list.searchInput}
          onSearchChange={list.setSearchInput}
          status={list.status}
          statuses={FILTERS}
          statusLabel={(v) => t(`fees.records.filter.${v}`)}
          onStatusChange={list.setStatus}
        />
        <ListState query={records} isEmpty={items.length === 0} emptyText={emptyText} rows={3}>
          <RecordRows
            items={items}
            label={t('fees.records.listLabel', { name: className })}
            busy={records.isFetching}
            selected={selected}
            onSelect={setSelected}
            actions={(row) => <RecordActions row={row} assignClassId={cls.assignClassId} onEdit={() => setEditing(row)} onDelete={() => askDelete(row)} />}
          />
          <ListPager page={list.page} pageSize={RECORDS_PAGE} total={records.data?.total ?? 0} onChange={list.setPage} />
        </ListState>
      </div>
      <MakeRecords assignClassId={cls.assignClassId} types={types} fee={fee} selected={selected} onMade={() => setSelected(new Set())} />
      {editing?.record ? <EditRecordModal row={editing} classFee={fee} activeTypes={activeTypes} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}

/** The class's students with their records: a table, or cards on a phone; those without a record can be selected. */
function RecordRows({
  items,
  label,
  busy,
  selected,
  onSelect,
  actions,
}: {
  items: readonly FeeRecordRow[];
  label: string;
  busy: boolean;
  selected: Set<string>;
  onSelect: (next: Set<string>) => void;
  actions: (row: FeeRecordRow) => ReactNode;
}) {
  const { t } = useTranslation();
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const open = items.filter((r) => !r.record).map((r) => r.student.userId);
  const onPage = pageSelection(selected, open);
  const rowBox = (row: FeeRecordRow) =>
    row.record ? null : (
      <Checkbox
        aria-label={t('fees.records.selectStudent', { name: row.student.fullName })}
        checked={selected.has(row.student.userId)}
        onChange={(e) => onSelect(toggle(selected, row.student.userId, e.currentTarget.checked))}
      />
    );
  const pageBox = (
    <Checkbox
      label={cards ? t('fees.records.selectAllWithout') : undefined}
      aria-label={cards ? undefined : t('fees.records.selectAllWithout')}
      checked={onPage === 'all'}
      indeterminate={onPage === 'some'}
      disabled={open.length === 0}
      onChange={(e) => onSelect(selectPage(selected, open, e.currentTarget.checked))}
    />
  );
  if (cards) {
    return (
      <Stack gap="sm">
        {open.length ? pageBox : null}
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
          {items.map((row) => (
            <Paper key={row.student.userId} component="li" withBorder radius="md" p="sm" aria-label={row.student.fullName} data-testid="record-row">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {rowBox(row)}
                <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                  <NameCell row={row} />
                  <RecordCell row={row} />
                </Stack>
              </Group>
              {row.record ? (
                <Group justify="flex-end" mt={4}>
                  {actions(row)}
                </Group>
              ) : null}
            </Paper>
          ))}
        </Stack>
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={720} type="native">
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} aria-busy={busy}>
          <RecordsHead pageBox={pageBox} />
          <Table.Tbody>
            {items.map((row) => (
              <Table.Tr key={row.student.userId} data-testid="record-row" aria-label={row.student.fullName}>
                <Table.Td>{rowBox(row)}</Table.Td>
                <Table.Td>
                  <NameCell row={row} />
                </Table.Td>
                <Table.Td>
                  <RecordCell row={row} />
                </Table.Td>
                <Table.Td>{actions(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function NameCell({ row }: { row: FeeRecordRow }) {
  const { t } = useTranslation();
  return (
    <StudentCell student={row.student} roll={row.student.rollNo != null ? t('fees.records.rollNo', { n: row.student.rollNo }) : null} />
  );
}

function RecordCell({ row }: { row: FeeRecordRow }) {
  const { t } = useTranslation();
  return row.record ? (
    <Stack gap={0}>
      <Text size="sm">
        {t('fees.common.money.total')} {formatRupees(row.record.total)} · {t('fees.common.money.paid')} {formatRupees(row.record.paid)}
      </Text>
      <Text size="sm" fw={600}>
        {t('fees.common.money.balance')} {formatRupees(row.record.balance)}
      </Text>
      <PlanProgress record={row.record} />
    </Stack>
  ) : (
    <Badge variant="light" color="gray">
      {t('fees.records.noRecord')}
    </Badge>
  );
}

/** A record's actions: its instalments, edit (no plan yet), delete (nothing paid yet). */
function RecordActions({ row, assignClassId, onEdit, onDelete }: { row: FeeRecordRow; assignClassId: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  if (!row.record) return null;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('fees.records.openEmis')}>
        <ActionIcon
          component={Link}
          to={`/addfeeemi?class=${assignClassId}&student=${row.student.userId}`}
          variant="subtle"
          aria-label={t('fees.records.openEmisNamed', { name: row.student.fullName })}
        >
          <IconCalendarDollar size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {row.record.instalments === 0 ? (
        <RowAction tip={t('fees.records.edit')} label={t('fees.records.editNamed', { name: row.student.fullName })} icon={IconPencil} onClick={onEdit} />
      ) : null}
      {row.record.paid === 0 ? (
        <RowAction tip={t('fees.records.delete')} label={t('fees.records.deleteNamed', { name: row.student.fullName })} icon={IconTrash} onClick={onDelete} danger />
      ) : null}
    </Group>
  );
}

/** Makes records for the selected students with the chosen fee types, previewed on the class fee. */
function MakeRecords({
  assignClassId,
  types,
  fee,
  selected,
  onMade,
}: {
  assignClassId: string;
  types: ReturnType<typeof useFeeTypeList>;
  fee: ClassFee | null;
  selected: Set<string>;
  onMade: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateFeeRecords();
  const [typeIds, setTypeIds] = useState<string[]>([]);
  const activeTypes = types.data?.items ?? [];
  const chosenTypes = typeIds.map((id) => activeTypes.find((f) => f.feeTypeId === id)).filter((f) => !!f);
  const submit = useSubmit({
    save: (studentIds: string[]) => create.mutateAsync({ assignClassId, studentIds, feeTypeIds: typeIds }),
    saved: (made) => t('fees.records.created', { count: made.length, total: formatRupees(made[0]?.total ?? 0) }),
    done: onMade,
    failTitle: t('fees.records.createFailed'),
    errorToast: true,
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="make-records">
      <Stack gap="sm">
        <Title order={2} size="h4" id="make-records">
          {t('fees.records.makeTitle')}
        </Title>
        <Text size="sm" c={selected.size ? undefined : 'dimmed'} aria-live="polite">
          {selected.size ? t('fees.records.selectedCount', { count: selected.size }) : t('fees.records.selectHint')}
        </Text>
        <FeeTypePicker types={activeTypes} value={typeIds} onChange={setTypeIds} loading={types.isLoading} error={types.isError ? apiErrorText(types.error, t) : null} />
        {fee ? <PreviewTable classFee={fee.total} types={chosenTypes} label={t('fees.records.previewLabel')} /> : null}
        <FailureAlert failure={submit.failure} />
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => void submit.run([...selected])} loading={submit.pending} disabled={selected.size === 0 || !fee}>
            {selected.size ? t('fees.records.create', { count: selected.size }) : t('fees.records.makeTitle')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
