import { useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STATUS_FILTERS, type Subject } from '@shala/contract';
import { structureKeys, subjectApi, useSubjectList } from '../../../api/academics-structure';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusToggle } from '../../../components/StatusToggle';
import { useListParams } from '../../../lib/useListParams';
import type { ScreenProps } from '../../../lib/screen';
import { formatDate } from '../../../lib/format';
import { useAcademicNames } from '../names';
import { EditSubjectModal } from './EditSubjectModal';
import { RowAction } from '../../../components/RowAction';

/** The school's subjects: search, status filter, pages, the status switch and a rename. */
export default function SubjectListPage({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const { subjectName } = useAcademicNames();
  const queryClient = useQueryClient();
  const list = useListParams(STATUS_FILTERS, 'all');
  const result = useSubjectList({ page: list.page, pageSize: list.pageSize, search: list.search || undefined, status: list.status });
  const [editing, setEditing] = useState<Subject | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: structureKeys.subjects });

  const columns: ListColumn<Subject>[] = [
    {
      key: 'name',
      header: t('subjects.name'),
      primary: true,
      cell: (s) => (
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {subjectName(s)}
        </Text>
      ),
    },
    {
      key: 'source',
      header: t('subjects.source'),
      cell: (s) => (
        <Badge variant="light" color={s.masterCode ? 'blue' : 'grape'} style={{ textTransform: 'none' }}>
          {s.masterCode ? t('subjects.master') : t('subjects.custom')}
        </Badge>
      ),
    },
    {
      key: 'status',
      header: t('list.status'),
      cell: (s) => (
        <StatusToggle
          status={s.status}
          name={subjectName(s)}
          onChange={(next) => subjectApi.setStatus(s.subjectId, next)}
          onDone={refresh}
          confirmText={(next) => t(next ? 'subjects.activateText' : 'subjects.deactivateText', { name: subjectName(s) })}
        />
      ),
    },
    { key: 'created', header: t('list.createdAt'), cell: (s) => formatDate(s.createdAt, i18n.language), wrap: 'nowrap' },
  ];

  return (
    <ListPage
      title={t(route.title)}
      actions={
        <Button component={Link} to="/addsubject" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('subjects.add')}
        </Button>
      }
      list={list}
      statuses={STATUS_FILTERS}
      searchPlaceholder={t('subjects.searchPlaceholder')}
      query={result}
      columns={columns}
      rowKey={(s) => s.subjectId}
      rowActions={(s) => (
        <RowAction tip={t('common.edit')} label={t('common.editNamed', { name: subjectName(s) })} icon={IconPencil} onClick={() => setEditing(s)} />
      )}
      emptyText={t('subjects.empty')}
      minWidth={640}
    >
      <EditSubjectModal subject={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </ListPage>
  );
}
