import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconCalendarDollar, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRupees, type AcademicSession, type ClassSummary, type FeeRecordRow } from '@shala/contract';
import { RECORDS_PAGE, useCreateFeeRecords, useDeleteFeeRecord, useFeeRecords } from '../../../api/fees-records';
import { useClassFee, useFeeTypeList } from '../../../api/fees-setup';
import { apiErrorText } from '../../../api/errors';
import { CARDS_QUERY } from '../../../components/ListPage';
import { ListState } from '../../../components/ListState';
import { ListPager, ListToolbar } from '../../../components/ListToolbar';
import { PageHeading } from '../../../components/PageHeading';
import type { ScreenProps } from '../../../app/screen';
import { useClampPage, useListParams } from '../../../lib/useListParams';
import { useClassLabel, WithSession } from '../../academics/assign/parts';
import { pageSelection, selectPage, toggle } from '../../academics/enrolment/logic';
import { EditRecordModal } from './EditRecordModal';
import { ClassBar, ClassFeeLine, FeeTypePicker, PlanProgress, PreviewTable, useChosenClass } from './parts';
import { notifyError, notifySaved } from '../../../lib/notify';

const FILTERS = ['all', 'with', 'without'] as const;
/** The active fee types offered, at most (a page of the list; a school has a handful). */
const FEE_TYPES_MAX = 100;
type Filter = (typeof FILTERS)[number];

/** /addfeerecord (113): the students of a class with their fee records; records made for many at once. */
export default function FeeRecordsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('fees.records.description')} />
      <WithSession>{(session) => <RecordsScreen session={session} />}</WithSession>
    </>
  );
}

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
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
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
  const create = useCreateFeeRecords();
  const remove = useDeleteFeeRecord();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [typeIds, setTypeIds] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<FeeRecordRow | null>(null);
  const className = label(cls);

  const items = useMemo(() => records.data?.items ?? [], [records.data]);
  const open = items.filter((r) => !r.record).map((r) => r.student.userId);
  const onPage = pageSelection(selected, open);
  const chosenTypes = typeIds.map((id) => activeTypes.find((f) => f.feeTypeId === id)).filter((f) => !!f);
  const fee = classFee.data ?? null;

  // A page past the end (after a filter or making records) goes back to the first.
  useClampPage(list.page, records.data, list.setPage);

  const submit = () => {
    setFailure(null);
    const studentIds = [...selected];
    create.mutate(
      { assignClassId: cls.assignClassId, studentIds, feeTypeIds: typeIds },
      {
        onSuccess: (made) => {
          setSelected(new Set());
          notifySaved(t('fees.records.created', { count: made.length, total: formatRupees(made[0]?.total ?? 0) }));
        },
        onError: (error) => {
          setFailure(apiErrorText(error, t));
          notifyError(error, t('fees.records.createFailed'));
        },
      },
    );
  };

  const askDelete = (row: FeeRecordRow) =>
    modals.openConfirmModal({
      title: t('fees.records.deleteTitle'),
      children: <Text size="sm">{t('fees.records.deleteText', { name: row.student.fullName, total: formatRupees(row.record!.total) })}</Text>,
      labels: { confirm: t('fees.records.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(row.record!.feeRecordId, {
          onSuccess: () => notifySaved(t('fees.records.deleted', { name: row.student.fullName })),
          onError: (error) => notifyError(error, t('fees.records.deleteFailed')),
        }),
    });

  const emptyText = list.search
    ? t('fees.records.noMatch')
    : list.status === 'with'
      ? t('fees.records.noRecords')
      : list.status === 'without'
        ? t('fees.records.allHaveRecords')
        : t('fees.records.noStudents');

  const rowBox = (row: FeeRecordRow) =>
    row.record ? null : (
      <Checkbox
        aria-label={t('fees.records.selectStudent', { name: row.student.fullName })}
        checked={selected.has(row.student.userId)}
        onChange={(e) => setSelected(toggle(selected, row.student.userId, e.currentTarget.checked))}
      />
    );
  const pageBox = (
    <Checkbox
      label={cards ? t('fees.records.selectAllWithout') : undefined}
      aria-label={cards ? undefined : t('fees.records.selectAllWithout')}
      checked={onPage === 'all'}
      indeterminate={onPage === 'some'}
      disabled={open.length === 0}
      onChange={(e) => setSelected(selectPage(selected, open, e.currentTarget.checked))}
    />
  );
  const recordCell = (row: FeeRecordRow) =>
    row.record ? (
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
  const actions = (row: FeeRecordRow) =>
    row.record ? (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label={t('fees.records.openEmis')}>
          <ActionIcon
            component={Link}
            to={`/addfeeemi?class=${cls.assignClassId}&student=${row.student.userId}`}
            variant="subtle"
            aria-label={t('fees.records.openEmisNamed', { name: row.student.fullName })}
          >
            <IconCalendarDollar size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {row.record.instalments === 0 ? (
          <Tooltip label={t('fees.records.edit')}>
            <ActionIcon variant="subtle" aria-label={t('fees.records.editNamed', { name: row.student.fullName })} onClick={() => setEditing(row)}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {row.record.paid === 0 ? (
          <Tooltip label={t('fees.records.delete')}>
            <ActionIcon variant="subtle" color="red" aria-label={t('fees.records.deleteNamed', { name: row.student.fullName })} onClick={() => askDelete(row)}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    ) : null;
  const nameCell = (row: FeeRecordRow) => (
    <div style={{ minWidth: 0 }}>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.student.fullName}
      </Text>
      <Text size="xs" c="dimmed">
        {row.student.rollNo != null ? `${t('fees.records.rollNo', { n: row.student.rollNo })} · ` : ''}
        {row.student.loginId}
      </Text>
    </div>
  );

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
        <ListState
          isLoading={records.isLoading}
          isError={records.isError}
          error={records.error}
          isFetching={records.isFetching}
          onRetry={() => void records.refetch()}
          isEmpty={items.length === 0}
          emptyText={emptyText}
          rows={3}
        >
          {cards ? (
            <Stack gap="sm">
              {open.length ? pageBox : null}
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('fees.records.listLabel', { name: className })}>
                {items.map((row) => (
                  <Paper key={row.student.userId} component="li" withBorder radius="md" p="sm" aria-label={row.student.fullName} data-testid="record-row">
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      {rowBox(row)}
                      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                        {nameCell(row)}
                        {recordCell(row)}
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
          ) : (
            <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
              <Table.ScrollContainer minWidth={720} type="native">
                <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('fees.records.listLabel', { name: className })} aria-busy={records.isFetching}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={48}>{pageBox}</Table.Th>
                      <Table.Th>{t('fees.records.student')}</Table.Th>
                      <Table.Th>{t('fees.records.record')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('fees.common.view.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((row) => (
                      <Table.Tr key={row.student.userId} data-testid="record-row" aria-label={row.student.fullName}>
                        <Table.Td>{rowBox(row)}</Table.Td>
                        <Table.Td>{nameCell(row)}</Table.Td>
                        <Table.Td>{recordCell(row)}</Table.Td>
                        <Table.Td>{actions(row)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
          <ListPager page={list.page} pageSize={RECORDS_PAGE} total={records.data?.total ?? 0} onChange={list.setPage} />
        </ListState>
      </div>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="make-records">
        <Stack gap="sm">
          <Title order={2} size="h4" id="make-records">
            {t('fees.records.makeTitle')}
          </Title>
          <Text size="sm" c={selected.size ? undefined : 'dimmed'} aria-live="polite">
            {selected.size ? t('fees.records.selectedCount', { count: selected.size }) : t('fees.records.selectHint')}
          </Text>
          <FeeTypePicker
            types={activeTypes}
            value={typeIds}
            onChange={setTypeIds}
            loading={types.isLoading}
            error={types.isError ? apiErrorText(types.error, t) : null}
          />
          {fee ? <PreviewTable classFee={fee.total} types={chosenTypes} label={t('fees.records.previewLabel')} /> : null}
          {failure ? (
            <Alert color="red" role="alert" title={t('fees.records.createFailed')}>
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={submit} loading={create.isPending} disabled={selected.size === 0 || !fee}>
              {selected.size ? t('fees.records.create', { count: selected.size }) : t('fees.records.makeTitle')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      {editing?.record ? <EditRecordModal row={editing} classFee={fee} activeTypes={activeTypes} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
