import { useState } from 'react';
import { Alert, Badge, Button, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ASSIGN_STATUSES, type AssignStatus, type ClassSummary } from '@shala/contract';
import { classApi, structureKeys, useClassList } from '../../../api/academics-structure';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { PageHeading } from '../../../components/PageHeading';
import { useListParams } from '../../../lib/useListParams';
import { useCurrentSession } from '../../../lib/useCurrentSession';
import type { ScreenProps } from '../../../lib/screen';
import { useAcademicNames } from '../names';
import { EditClassModal } from './EditClassModal';
import { notifyError, notifySaved } from '../../../lib/notify';
import { RowAction } from '../../../components/RowAction';
import { confirmAction } from '../../../lib/confirm';

export const CLASS_STATUS_FILTERS = ['all', ...ASSIGN_STATUSES] as const;
type StatusFilter = (typeof CLASS_STATUS_FILTERS)[number];

const STATUS_COLOR: Record<AssignStatus, string> = { complete: 'green', incomplete: 'yellow', pending: 'gray' };

export function ClassStatusBadge({ status }: { status: AssignStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" style={{ textTransform: 'none' }}>
      {t(`classes.statuses.${status}`)}
    </Badge>
  );
}

/** The classes and sections of the selected session, with their counts; edit, delete, add. */
export default function ClassListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { className } = useAcademicNames();
  const queryClient = useQueryClient();
  const { current, isLoading: sessionLoading } = useCurrentSession();
  const list = useListParams<StatusFilter>(CLASS_STATUS_FILTERS, 'all');
  const result = useClassList(current?.sessionId, { page: list.page, pageSize: list.pageSize, search: list.search || undefined, status: list.status });
  const [editing, setEditing] = useState<ClassSummary | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: structureKeys.classes });

  const remove = useMutation({
    mutationFn: (item: ClassSummary) => classApi.remove(item.assignClassId),
    onSuccess: (_data, item) => {
      notifySaved(t('classes.deleted', { name: className(item.masterClass, item.section) }));
      refresh();
    },
    onError: (error) => notifyError(error, t('classes.deleteFailed')),
  });

  const askDelete = (item: ClassSummary) => {
    const name = className(item.masterClass, item.section);
    confirmAction({
      title: t('classes.deleteTitle'),
      text: t('classes.deleteText', { name }),
      confirm: t('classes.deleteConfirm'),
      color: 'red',
      onConfirm: () => remove.mutate(item),
    });
  };

  if (!sessionLoading && !current) {
    return (
      <>
        <PageHeading title={t(route.title)} />
        <Alert color="yellow" role="status">
          {t('classes.noSession')}
        </Alert>
      </>
    );
  }

  const number = (n: number) => (
    <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {n}
    </Text>
  );

  const columns: ListColumn<ClassSummary>[] = [
    {
      key: 'class',
      header: t('classes.class'),
      primary: true,
      cell: (c) => (
        <Text fw={600} size="sm">
          {className(c.masterClass, c.section)}
        </Text>
      ),
      wrap: 'nowrap',
    },
    { key: 'limit', header: t('classes.classLimit'), cell: (c) => number(c.classLimit) },
    {
      key: 'teacher',
      header: t('classes.classTeacher'),
      cell: (c) =>
        c.classTeacher ? (
          c.classTeacher.fullName
        ) : (
          <Text span size="sm" c="dimmed">
            {t('classes.noTeacher')}
          </Text>
        ),
    },
    { key: 'students', header: t('classes.students'), cell: (c) => number(c.students) },
    { key: 'teachers', header: t('classes.teachers'), cell: (c) => number(c.teachers) },
    { key: 'subjects', header: t('classes.subjects'), cell: (c) => number(c.subjects) },
    { key: 'status', header: t('list.status'), cell: (c) => <ClassStatusBadge status={c.status} /> },
  ];

  return (
    <ListPage
      title={current ? t('classes.titleForSession', { title: t(route.title), label: current.sessionYear }) : t(route.title)}
      actions={
        <Button component={Link} to="/addclass" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('classes.add')}
        </Button>
      }
      list={list}
      statuses={CLASS_STATUS_FILTERS}
      statusLabel={(s) => t(`classes.statuses.${s}`)}
      searchPlaceholder={t('classes.searchPlaceholder')}
      query={{ ...result, isLoading: result.isLoading || sessionLoading }}
      columns={columns}
      rowKey={(c) => c.assignClassId}
      rowActions={(c) => {
        const name = className(c.masterClass, c.section);
        return (
          <>
            <RowAction tip={t('common.edit')} label={t('common.editNamed', { name })} icon={IconPencil} onClick={() => setEditing(c)} />
            <RowAction tip={t('classes.delete')} label={t('classes.deleteNamed', { name })} icon={IconTrash} onClick={() => askDelete(c)} danger />
          </>
        );
      }}
      emptyText={list.search || list.status !== 'all' ? t('classes.noMatch') : t('classes.empty')}
      minWidth={820}
    >
      <EditClassModal item={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </ListPage>
  );
}
