import { Badge, Button } from '@mantine/core';
import { IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { School } from '@shala/contract';
import { call } from '../../api/client';
import { schoolKeys, useSchools } from '../../api/schools';
import { ListPage, NameCell, ViewEditActions, type ListColumn } from '../../components/ListPage';
import { StatusToggle } from '../../components/StatusToggle';
import { useListParams } from '../../lib/useListParams';
import type { ScreenProps } from '../../lib/screen';
import { useFormat } from '../../lib/format';

export const SCHOOL_STATUSES = ['all', 'active', 'inactive', 'draft'] as const;

/** Schools, newest first (/viewSchool and /schoollist). */
export default function SchoolListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const list = useListParams(SCHOOL_STATUSES, 'all');
  const result = useSchools({ page: list.page, pageSize: list.pageSize, search: list.search || undefined, status: list.status });

  const columns: ListColumn<School>[] = [
    {
      key: 'name',
      header: t('schools.fields.name'),
      primary: true,
      cell: (school) => (
        <NameCell
          image={school.image}
          name={school.name}
          sub={school.code}
          to={`/detailsSchool/${school.schoolId}`}
          radius="sm"
          placeholder={<IconBuildingCommunity size={20} stroke={1.6} />}
        />
      ),
    },
    { key: 'place', header: t('schools.place'), cell: (s) => [s.city, s.state].filter(Boolean).join(', ') || '—' },
    { key: 'email', header: t('schools.fields.email'), cell: (s) => s.email ?? '—', wrap: 'anywhere' },
    { key: 'phone', header: t('schools.fields.phone'), cell: (s) => s.phone ?? '—', wrap: 'nowrap' },
    {
      key: 'status',
      header: t('list.status'),
      // A draft is not live yet: it shows its badge, and no Active switch.
      cell: (school) =>
        school.isDraft ? (
          <Badge color="orange" variant="light" size="sm">
            {t('status.draft')}
          </Badge>
        ) : (
          <StatusToggle
            status={school.status}
            name={school.name}
            onChange={(status) => call('schoolStatus', { params: { schoolId: school.schoolId }, body: { status } })}
            onDone={() => void queryClient.invalidateQueries({ queryKey: schoolKeys.all })}
          />
        ),
    },
    { key: 'created', header: t('list.createdAt'), cell: (s) => fmt.date(s.createdAt), wrap: 'nowrap' },
  ];

  return (
    <ListPage
      title={t(route.title)}
      actions={
        <Button component={Link} to="/addSchool" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('schools.add')}
        </Button>
      }
      list={list}
      statuses={SCHOOL_STATUSES}
      searchPlaceholder={t('schools.searchPlaceholder')}
      query={result}
      columns={columns}
      rowKey={(s) => s.schoolId}
      rowActions={(s) => <ViewEditActions name={s.name} viewTo={`/detailsSchool/${s.schoolId}`} editTo={`/editschool/${s.schoolId}`} />}
      emptyText={t('schools.empty')}
      minWidth={860}
    />
  );
}
