import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from './UserAvatar';
import { PageHeading } from './PageHeading';
import { ListPager, ListToolbar } from './ListToolbar';
import { ListState } from './ListState';
import { useClampPage, type useListParams } from '../lib/useListParams';

/** Below this width a list shows stacked cards, so every action is reachable at 375 px. */
export const CARDS_QUERY = '(max-width: 37.49em)'; // 600 px

export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  cell: (item: T) => ReactNode;
  /** The column that names the row: the card's title on phones. */
  primary?: boolean;
  /** Cell text style: no wrapping (dates, phones) or breaking anywhere (emails). */
  wrap?: 'nowrap' | 'anywhere';
}

interface PageData<T> {
  items: T[];
  total: number;
}

interface QueryLike<T> {
  data?: PageData<T>;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface Props<T, S extends string> {
  title: string;
  /** Buttons above the toolbar (add, import, export). */
  actions?: ReactNode;
  list: ReturnType<typeof useListParams<S>>;
  statuses: readonly S[];
  /** The label of a status filter value (default: `list.statuses.<value>`). */
  statusLabel?: (value: S) => string;
  searchPlaceholder?: string;
  /** Extra filters in the toolbar. */
  filters?: ReactNode;
  query: QueryLike<T>;
  columns: ListColumn<T>[];
  rowKey: (item: T) => string;
  /** Per-row actions (view, edit): the last column, or the card's footer on phones. */
  rowActions?: (item: T) => ReactNode;
  emptyText: string;
  /** Narrowest width of the table before it scrolls sideways (desktop and tablets). */
  minWidth?: number;
  /** Modals and the like. */
  children?: ReactNode;
}

const cellStyle = (wrap: ListColumn<unknown>['wrap']) =>
  wrap === 'nowrap' ? { whiteSpace: 'nowrap' as const } : wrap === 'anywhere' ? { overflowWrap: 'anywhere' as const } : undefined;

/**
 * The list-page shell every list screen uses: heading, actions, toolbar (search, status and other
 * filters), server-paged table with its loading, error and empty states, and below 600 px a stack
 * of cards (label: value) with each row's actions.
 */
export function ListPage<T, S extends string>({
  title,
  actions,
  list,
  statuses,
  statusLabel,
  searchPlaceholder,
  filters,
  query,
  columns,
  rowKey,
  rowActions,
  emptyText,
  minWidth = 760,
  children,
}: Props<T, S>) {
  const { t } = useTranslation();
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const items = query.data?.items ?? [];
  useClampPage(list.page, query.data, list.setPage);
  const primary = columns.find((c) => c.primary) ?? columns[0];
  const rest = columns.filter((c) => c !== primary);

  return (
    <>
      <PageHeading title={title} />
      {actions ? (
        <Group justify="flex-end" gap="xs" mb="md" wrap="wrap">
          {actions}
        </Group>
      ) : null}
      <ListToolbar
        searchInput={list.searchInput}
        onSearchChange={list.setSearchInput}
        searchPlaceholder={searchPlaceholder}
        status={list.status}
        statuses={statuses}
        statusLabel={statusLabel}
        onStatusChange={list.setStatus}
      >
        {filters}
      </ListToolbar>
      <ListState
        isLoading={query.isLoading}
        isError={query.isError}
        error={query.error}
        isFetching={query.isFetching}
        onRetry={() => void query.refetch()}
        isEmpty={items.length === 0}
        emptyText={emptyText}
      >
        {cards ? (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title} aria-busy={query.isFetching}>
            {items.map((item) => (
              <Paper key={rowKey(item)} component="li" withBorder radius="md" p="md">
                {primary ? <div>{primary.cell(item)}</div> : null}
                <Stack component="dl" gap={6} mt="sm" mb={0}>
                  {rest.map((column) => (
                    <Group key={column.key} gap="xs" wrap="nowrap" align="flex-start">
                      <Text component="dt" size="xs" c="dimmed" fw={600} w={96} style={{ flexShrink: 0 }}>
                        {column.header}
                      </Text>
                      <Text component="dd" size="sm" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        {column.cell(item)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
                {rowActions ? (
                  <Group justify="flex-end" gap="xs" mt="sm">
                    {rowActions(item)}
                  </Group>
                ) : null}
              </Paper>
            ))}
          </Stack>
        ) : (
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={minWidth} type="native">
              <Table striped highlightOnHover verticalSpacing="sm" aria-label={title} aria-busy={query.isFetching}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column) => (
                      <Table.Th key={column.key}>{column.header}</Table.Th>
                    ))}
                    {rowActions ? (
                      <Table.Th>
                        <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                      </Table.Th>
                    ) : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => (
                    <Table.Tr key={rowKey(item)} role="row">
                      {columns.map((column) => (
                        <Table.Td key={column.key} style={cellStyle(column.wrap)}>
                          {column.cell(item)}
                        </Table.Td>
                      ))}
                      {rowActions ? (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap" justify="flex-end">
                            {rowActions(item)}
                          </Group>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
        <ListPager page={list.page} pageSize={list.pageSize} total={query.data?.total ?? 0} onChange={list.setPage} />
      </ListState>
      {children}
    </>
  );
}

/** The usual row actions: view and (when allowed) edit, named for the row. */
export function ViewEditActions({ name, viewTo, editTo }: { name: string; viewTo: string; editTo?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip label={t('common.view')}>
        <ActionIcon component={Link} to={viewTo} variant="subtle" aria-label={t('common.viewNamed', { name })}>
          <IconEye size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {editTo ? (
        <Tooltip label={t('common.edit')}>
          <ActionIcon component={Link} to={editTo} variant="subtle" aria-label={t('common.editNamed', { name })}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </>
  );
}

/** A row's name: avatar, link to its details, and a second line (login id, code). */
export function NameCell({ image, name, sub, to, placeholder, radius = 'xl' }: { image: string | null | undefined; name: string; sub: ReactNode; to: string; placeholder?: ReactNode; radius?: 'xl' | 'sm' }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar image={image ?? null} alt="" size={36} radius={radius} placeholder={placeholder} />
      <div style={{ minWidth: 0 }}>
        <Anchor component={Link} to={to} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {sub}
        </Text>
      </div>
    </Group>
  );
}
