import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Paper, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEye, IconFileImport, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STATUS_FILTERS, type PersonSummary } from '@shala/contract';
import { call } from '../../api/client';
import { apiErrorText } from '../../api/errors';
import { PEOPLE_API, peopleKeys, usePeopleList, type PeopleKindKey } from '../../api/people';
import { downloadRoute } from '../../api/transfer';
import { ListPager, ListToolbar } from '../../components/ListToolbar';
import { ListState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { RemoteSelect } from '../../components/RemoteSelect';
import { StatusToggle } from '../../components/StatusToggle';
import { UserAvatar } from '../../components/UserAvatar';
import { today } from '../../lib/csv';
import { useClampPage, useListParams } from '../../lib/useListParams';
import type { ScreenProps } from '../../app/screen';
import { ImportPeopleModal } from './ImportPeopleModal';
import { KINDS } from './kinds';
import { formatDate } from './format';

interface Props extends ScreenProps {
  kind: PeopleKindKey;
  /** Where a row's details open (the teacher-information screens use their own path). */
  detailPath?: (userId: string) => string;
}

/** The list screen of one kind of person: search, status filter, pages, status switch, CSV. */
export default function PeopleListPage({ route, kind, detailPath }: Props) {
  const { t, i18n } = useTranslation();
  const config = KINDS[kind];
  const queryClient = useQueryClient();
  const list = useListParams(STATUS_FILTERS, 'all');
  const schoolId = kind === 'systemAdmins' ? (list.params.get('school') ?? '') : '';
  const query = { page: list.page, pageSize: list.pageSize, search: list.search || undefined, status: list.status, ...(schoolId ? { schoolId } : {}) };
  const result = usePeopleList(kind, query);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const details = detailPath ?? config.detailPath;
  const items = result.data?.items ?? [];
  useClampPage(list.page, result.data, list.setPage);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: peopleKeys.all(kind) });

  const exportCsv = async () => {
    if (!config.exportKind) return;
    setExporting(true);
    try {
      await downloadRoute(
        'exportPeople',
        { params: { kind: config.exportKind }, query: { search: list.search || undefined, status: list.status } },
        `${config.exportKind}-${today()}.csv`,
      );
    } catch (error) {
      notifications.show({ color: 'red', title: t('imports.exportFailed'), message: apiErrorText(error, t) });
    } finally {
      setExporting(false);
    }
  };

  const showSchool = kind === 'systemAdmins';
  const showParent = kind === 'students';

  return (
    <>
      <PageHeading title={t(route.title)} />
      <Group justify="flex-end" gap="xs" mb="md" wrap="wrap">
        {config.importKind ? (
          <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setImportOpen(true)}>
            {t('imports.open')}
          </Button>
        ) : null}
        {config.exportKind ? (
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void exportCsv()} loading={exporting}>
            {t('imports.export')}
          </Button>
        ) : null}
        {config.addPath ? (
          <Button component={Link} to={config.addPath} leftSection={<IconPlus size={16} aria-hidden />}>
            {t(`people.${config.kind}.add`)}
          </Button>
        ) : null}
      </Group>

      <ListToolbar
        searchInput={list.searchInput}
        onSearchChange={list.setSearchInput}
        status={list.status}
        statuses={STATUS_FILTERS}
        onStatusChange={list.setStatus}
      >
        {showSchool ? (
          <RemoteSelect
            label={t('people.school')}
            placeholder={t('people.allSchools')}
            queryKey={['schools', 'options']}
            fetchOptions={async (search, signal) => {
              const page = await call('schoolList', { query: { page: 1, pageSize: 50, status: 'all', search: search || undefined }, signal });
              return page.items.map((s) => ({ value: s.schoolId, label: s.name }));
            }}
            value={schoolId || null}
            onChange={(value) => list.setParam('school', value)}
            clearable
            style={{ flex: '1 1 220px', minWidth: 0 }}
          />
        ) : null}
      </ListToolbar>

      <ListState
        isLoading={result.isLoading}
        isError={result.isError}
        error={result.error}
        isFetching={result.isFetching}
        onRetry={() => void result.refetch()}
        isEmpty={items.length === 0}
        emptyText={t(`people.${config.kind}.empty`)}
      >
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={showSchool || showParent ? 860 : 760} type="native">
            <Table striped highlightOnHover verticalSpacing="sm" aria-label={t(route.title)} aria-busy={result.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('person.name')}</Table.Th>
                  {showSchool ? <Table.Th>{t('people.school')}</Table.Th> : null}
                  {showParent ? <Table.Th>{t('person.parent')}</Table.Th> : null}
                  <Table.Th>{t('person.email')}</Table.Th>
                  <Table.Th>{t('person.contact')}</Table.Th>
                  <Table.Th>{t('list.status')}</Table.Th>
                  <Table.Th>{t('list.createdAt')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((person: PersonSummary) => (
                  <Table.Tr key={person.userId} role="row">
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <UserAvatar image={person.image} alt="" size={36} radius="xl" />
                        <div style={{ minWidth: 0 }}>
                          <Anchor component={Link} to={details(person.userId)} fw={600} size="sm">
                            {person.fullName}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {person.loginId}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    {showSchool ? <Table.Td>{person.schoolName ?? '—'}</Table.Td> : null}
                    {showParent ? (
                      <Table.Td>
                        {person.parentId && person.parentName ? (
                          <Anchor component={Link} to={KINDS.parents.detailPath(person.parentId)} size="sm">
                            {person.parentName}
                          </Anchor>
                        ) : (
                          <Text span size="sm" c="dimmed">
                            {t('person.noParent')}
                          </Text>
                        )}
                      </Table.Td>
                    ) : null}
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{person.email ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{person.contact ?? '—'}</Table.Td>
                    <Table.Td>
                      <StatusToggle
                        status={person.status}
                        name={person.fullName}
                        onChange={(next) => PEOPLE_API[kind].setStatus(person.userId, next)}
                        onDone={refresh}
                      />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(person.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Tooltip label={t('common.view')}>
                          <ActionIcon component={Link} to={details(person.userId)} variant="subtle" aria-label={t('common.viewNamed', { name: person.fullName })}>
                            <IconEye size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        {config.editPath ? (
                          <Tooltip label={t('common.edit')}>
                            <ActionIcon component={Link} to={config.editPath(person.userId)} variant="subtle" aria-label={t('common.editNamed', { name: person.fullName })}>
                              <IconPencil size={18} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
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

      {config.importKind ? (
        <ImportPeopleModal kind={config.importKind} opened={importOpen} onClose={() => setImportOpen(false)} onImported={refresh} />
      ) : null}
    </>
  );
}
