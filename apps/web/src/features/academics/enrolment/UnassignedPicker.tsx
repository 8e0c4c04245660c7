import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ClassSummary, PersonSummary } from '@shala/contract';
import { PICK_PAGE_SIZE, useAssignStudents, useUnassignedStudents } from '../../../api/academics-enrolment';
import { apiErrorText } from '../../../api/errors';
import { CARDS_QUERY, NameCell } from '../../../components/ListPage';
import { ListState } from '../../../components/ListState';
import { ListPager } from '../../../components/ListToolbar';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/useListParams';
import { formatDate } from '../../../lib/format';
import { useAcademicNames } from '../names';
import { freePlaces, pageSelection, selectPage, toggle } from './logic';
import { notifySaved } from '../../../lib/notify';

const studentPath = (userId: string) => `/viewstudentdetail/${userId}`;

/**
 * The students of the school in no class of the session: search (500 ms), pages, a checkbox each
 * and one for the whole page; the selection survives paging and searching, and goes into the
 * chosen class in one request (all or none: the server names a full class or a student already
 * placed).
 */
export function UnassignedPicker({ sessionId, target }: { sessionId: string; target: ClassSummary }) {
  const { t, i18n } = useTranslation();
  const { className } = useAcademicNames();
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const students = useUnassignedStudents(sessionId, page, search);
  const assign = useAssignStudents();
  const items = students.data?.items ?? [];
  const pageIds = items.map((s) => s.userId);
  const onPage = pageSelection(selected, pageIds);
  const targetName = className(target.masterClass, target.section);

  // A new search starts at its first page; a page past the end (after assigning) goes back one.
  useEffect(() => setPage(1), [search]);
  useEffect(() => setFailure(null), [target.assignClassId]);
  useEffect(() => {
    const data = students.data;
    if (data && data.items.length === 0 && data.total > 0 && page > 1) setPage(Math.ceil(data.total / PICK_PAGE_SIZE));
  }, [students.data, page]);

  const submit = () => {
    setFailure(null);
    const studentIds = [...selected];
    assign.mutate(
      { assignClassId: target.assignClassId, studentIds },
      {
        onSuccess: () => {
          setSelected(new Set());
          notifySaved(t('enrol.assigned', { count: studentIds.length, className: targetName }));
        },
        onError: (error) => setFailure(apiErrorText(error, t)),
      },
    );
  };

  const pageBox = (
    <Checkbox
      label={cards ? t('enrol.selectPage') : undefined}
      aria-label={cards ? undefined : t('enrol.selectPage')}
      checked={onPage === 'all'}
      indeterminate={onPage === 'some'}
      disabled={!items.length}
      onChange={(event) => setSelected(selectPage(selected, pageIds, event.currentTarget.checked))}
    />
  );
  const rowBox = (s: PersonSummary) => (
    <Checkbox
      aria-label={t('enrol.selectStudent', { name: s.fullName })}
      checked={selected.has(s.userId)}
      onChange={(event) => setSelected(toggle(selected, s.userId, event.currentTarget.checked))}
    />
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="unassigned-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="unassigned-title">
          {t('enrol.unassignedTitle')}
        </Title>
        <TextInput
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={searchInput}
          onChange={(event) => setSearchInput(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          inputMode="search"
          maxLength={100}
        />
        <ListState
          query={students}
          isEmpty={items.length === 0}
          emptyText={search ? t('enrol.noMatch') : t('enrol.allPlaced')}
          rows={3}
        >
          {cards ? (
            <Stack gap="sm">
              {pageBox}
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('enrol.unassignedTitle')}>
                {items.map((s) => (
                  <Paper key={s.userId} component="li" withBorder radius="md" p="sm">
                    <Group gap="sm" wrap="nowrap">
                      {rowBox(s)}
                      <NameCell image={s.image} name={s.fullName} sub={s.loginId} to={studentPath(s.userId)} />
                    </Group>
                  </Paper>
                ))}
              </Stack>
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={560} type="native">
              <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('enrol.unassignedTitle')} aria-busy={students.isFetching}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={48}>{pageBox}</Table.Th>
                    <Table.Th>{t('person.name')}</Table.Th>
                    <Table.Th>{t('person.parent')}</Table.Th>
                    <Table.Th>{t('enrol.admitted')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((s) => (
                    <Table.Tr key={s.userId}>
                      <Table.Td>{rowBox(s)}</Table.Td>
                      <Table.Td>
                        <NameCell image={s.image} name={s.fullName} sub={s.loginId} to={studentPath(s.userId)} />
                      </Table.Td>
                      <Table.Td>{s.parentName ?? '—'}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(s.createdAt, i18n.language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <ListPager page={page} pageSize={PICK_PAGE_SIZE} total={students.data?.total ?? 0} onChange={setPage} />
        </ListState>
        {failure ? (
          <Alert color="red" role="alert" title={t('enrol.assignFailed')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" aria-live="polite">
            {t('enrol.selected', { count: selected.size })} · {t('enrol.free', { count: freePlaces(target) })}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button variant="default" disabled={!selected.size} onClick={() => setSelected(new Set())}>
              {t('enrol.clearSelection')}
            </Button>
            <Button leftSection={<IconUserPlus size={16} aria-hidden />} disabled={!selected.size} loading={assign.isPending} onClick={submit}>
              {t('enrol.assign', { count: selected.size, className: targetName })}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
