import { ActionIcon, Anchor, Badge, Button, Group, Paper, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconBuildingCommunity, IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/client';
import { schoolKeys, useSchools } from '../../api/schools';
import { ListPager, ListToolbar } from '../../components/ListToolbar';
import { ListState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { StatusToggle } from '../../components/StatusToggle';
import { UserAvatar } from '../../components/UserAvatar';
import { useClampPage, useListParams } from '../../lib/useListParams';
import type { ScreenProps } from '../../app/screen';
import { formatDate } from '../people/format';

export const SCHOOL_STATUSES = ['all', 'active', 'inactive', 'draft'] as const;

/** Schools, newest first (/viewSchool and /schoollist). */
export default function SchoolListPage({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams(SCHOOL_STATUSES, 'all');
  const result = useSchools({ page: list.page, pageSize: list.pageSize, search: list.search || undefined, status: list.status });
  const items = result.data?.items ?? [];
  useClampPage(list.page, result.data, list.setPage);

  return (
    <>
      <PageHeading title={t(route.title)} />
      <Group justify="flex-end" mb="md">
        <Button component={Link} to="/addSchool" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('schools.add')}
        </Button>
      </Group>
      <ListToolbar
        searchInput={list.searchInput}
        onSearchChange={list.setSearchInput}
        searchPlaceholder={t('schools.searchPlaceholder')}
        status={list.status}
        statuses={SCHOOL_STATUSES}
        onStatusChange={list.setStatus}
      />
      <ListState
        isLoading={result.isLoading}
        isError={result.isError}
        error={result.error}
        isFetching={result.isFetching}
        onRetry={() => void result.refetch()}
        isEmpty={items.length === 0}
        emptyText={t('schools.empty')}
      >
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={860} type="native">
            <Table striped highlightOnHover verticalSpacing="sm" aria-label={t(route.title)} aria-busy={result.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('schools.fields.name')}</Table.Th>
                  <Table.Th>{t('schools.place')}</Table.Th>
                  <Table.Th>{t('schools.fields.email')}</Table.Th>
                  <Table.Th>{t('schools.fields.phone')}</Table.Th>
                  <Table.Th>{t('list.status')}</Table.Th>
                  <Table.Th>{t('list.createdAt')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((school) => (
                  <Table.Tr key={school.schoolId} role="row">
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <UserAvatar image={school.image} alt="" size={36} radius="sm" placeholder={<IconBuildingCommunity size={20} stroke={1.6} />} />
                        <div style={{ minWidth: 0 }}>
                          <Anchor component={Link} to={`/detailsSchool/${school.schoolId}`} fw={600} size="sm">
                            {school.name}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {school.code}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>{[school.city, school.state].filter(Boolean).join(', ') || '—'}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{school.email ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{school.phone ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <StatusToggle
                          status={school.status}
                          name={school.name}
                          onChange={(status) => call('schoolStatus', { params: { schoolId: school.schoolId }, body: { status } })}
                          onDone={() => void queryClient.invalidateQueries({ queryKey: schoolKeys.all })}
                        />
                        {school.isDraft ? (
                          <Badge color="orange" variant="light" size="sm">
                            {t('status.draft')}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(school.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Tooltip label={t('common.view')}>
                          <ActionIcon component={Link} to={`/detailsSchool/${school.schoolId}`} variant="subtle" aria-label={t('common.viewNamed', { name: school.name })}>
                            <IconEye size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('common.edit')}>
                          <ActionIcon component={Link} to={`/editschool/${school.schoolId}`} variant="subtle" aria-label={t('common.editNamed', { name: school.name })}>
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <ListPager page={list.page} pageSize={list.pageSize} total={result.data?.total ?? 0} onChange={list.setPage} />
      </ListState>
    </>
  );
}
