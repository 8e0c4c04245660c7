import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from './UserAvatar';
import { NameLines } from './StudentCell';
import { PageHeading } from './PageHeading';
import { ListPager, ListToolbar } from './ListToolbar';
import { DataTable, type DataColumn } from './DataTable';
import { useClampPage, type useListParams } from '../lib/useListParams';
import { RowAction } from './RowAction';

export { CARDS_QUERY } from './DataTable';
export type ListColumn<T> = DataColumn<T>;

interface PageData<T> {
  items: T[];
  total: number;
  totalCapped?: boolean;
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
  const items = query.data?.items ?? [];
  useClampPage(list.page, query.data, list.setPage);

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
      <DataTable
        label={title}
        items={items}
        columns={columns}
        rowKey={rowKey}
        rowActions={rowActions}
        minWidth={minWidth}
        busy={query.isFetching}
        state={{ query, emptyText }}
        after={<ListPager page={list.page} pageSize={list.pageSize} total={query.data?.total ?? 0} totalCapped={query.data?.totalCapped} onChange={list.setPage} />}
      />
      {children}
    </>
  );
}

/** The usual row actions: view and (when allowed) edit, named for the row. */
export function ViewEditActions({ name, viewTo, editTo }: { name: string; viewTo: string; editTo?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <RowAction tip={t('common.view')} label={t('common.viewNamed', { name })} icon={IconEye} to={viewTo} />
      {editTo ? (
        <RowAction tip={t('common.edit')} label={t('common.editNamed', { name })} icon={IconPencil} to={editTo} />
      ) : null}
    </>
  );
}

/** A row's name: avatar, link to its details, and a second line (login id, code). */
export function NameCell({ image, name, sub, to, placeholder, radius = 'xl' }: { image: string | null | undefined; name: string; sub: ReactNode; to: string; placeholder?: ReactNode; radius?: 'xl' | 'sm' }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar image={image ?? null} alt="" size={36} radius={radius} placeholder={placeholder} />
      <NameLines name={name} sub={sub} to={to} />
    </Group>
  );
}
