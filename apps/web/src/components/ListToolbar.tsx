import type { ReactNode } from 'react';
import { Group, NativeSelect, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../lib/format';

interface ToolbarProps<S extends string> {
  searchInput: string;
  onSearchChange: (value: string) => void;
  searchPlaceholder?: string;
  status: S;
  statuses: readonly S[];
  onStatusChange: (value: S) => void;
  /** The label of a status filter value (default: `list.statuses.<value>`). */
  statusLabel?: (value: S) => string;
  /** Extra filters (e.g. the school of system admins). */
  children?: ReactNode;
}

/** Search (by name or login id) and the status filter; wraps on phones. */
export function ListToolbar<S extends string>({
  searchInput,
  onSearchChange,
  searchPlaceholder,
  status,
  statuses,
  onStatusChange,
  statusLabel,
  children,
}: ToolbarProps<S>) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
      <TextInput
        label={t('list.search')}
        placeholder={searchPlaceholder ?? t('list.searchPlaceholder')}
        value={searchInput}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        inputMode="search"
        enterKeyHint="search"
        style={{ flex: '1 1 220px', minWidth: 0 }}
        maxLength={100}
      />
      <NativeSelect
        label={t('list.status')}
        value={status}
        onChange={(event) => onStatusChange(event.currentTarget.value as S)}
        data={statuses.map((value) => ({ value, label: statusLabel ? statusLabel(value) : t(`list.statuses.${String(value)}`) }))}
        style={{ flex: '0 1 160px', minWidth: 120 }}
      />
      {children}
    </Group>
  );
}

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The server counted a search's matches only up to `total` (SEARCH_COUNT_CAP): there are more. */
  totalCapped?: boolean;
  onChange: (page: number) => void;
}

/**
 * 'Showing 21–40 of 45' and the page buttons (server-side pagination); 'of 1,000+' when a search
 * matched more than the server counts (its pages go as far as the count).
 */
export function ListPager({ page, pageSize, total, totalCapped, onChange }: PagerProps) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Stack gap="xs" mt="md" align="center">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('list.showing', {
          from: numbers.format(from),
          to: numbers.format(to),
          total: totalCapped ? t('list.totalCapped', { total: numbers.format(total) }) : numbers.format(total),
        })}
      </Text>
      {pages > 1 ? (
        <nav aria-label={t('list.pagination')}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': t(`list.pageControls.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('list.pageN', { page: item }) })}
          />
        </nav>
      ) : null}
    </Stack>
  );
}
