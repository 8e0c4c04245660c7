import { useCallback, type ReactNode } from 'react';
import { Box, Group, Paper, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '@shala/contract';
import { CARDS_QUERY } from '../../../components/ListPage';
import { useFeeDate } from '../feeDate';
import { useFormat } from '../../../lib/format';
import { SectionHeading } from '../../../components/SectionHeading';
import { ListState, type QueryState } from '../../../components/ListState';

/** Money, dates and counts of the fee screens in the reader's language (money: ₹ with Indian grouping). */
export function useFeeFormat() {
  const fmt = useFormat();
  const locale = fmt.locale;
  const money = useCallback((paise: number) => formatRupees(paise), []);
  const date = useFeeDate();
  const number = useCallback((n: number) => new Intl.NumberFormat(locale).format(n), [locale]);
  return { money, date, number };
}

/** A figure of the overview: label, amount, a line under it. */
export function Figure({ label, value, hint, icon: FigureIcon, color, testId }: { label: string; value: string; hint?: ReactNode; icon: Icon; color: string; testId: string }) {
  return (
    <Paper component="li" withBorder p="md" radius="md" shadow="xs" aria-label={label} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={{ base: 22, sm: 24 }} fw={700} lh={1.25} mt={4} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed" mt={2}>
              {hint}
            </Text>
          ) : null}
        </div>
        <ThemeIcon size={40} radius="md" variant="light" color={color} style={{ flexShrink: 0 }}>
          <FigureIcon size={22} stroke={1.6} aria-hidden />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** A titled section of a screen, with buttons on the right (they wrap under the title on phones). */
export function Section({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Stack component="section" gap="sm" aria-label={title} data-testid={testId}>
      <SectionHeading title={title} actions={actions} />
      {children}
    </Stack>
  );
}

/**
 * A report's loading, error (with the reports' title) and empty states around it; `waitFor` is a
 * query the report also waits on (the summary that gives the school's today).
 */
export function ReportState({ query, waitFor, isEmpty = false, emptyText = '', rows, children }: { query: QueryState; waitFor?: { isLoading: boolean }; isEmpty?: boolean; emptyText?: string; rows?: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ListState
      isLoading={query.isLoading || !!waitFor?.isLoading}
      isError={query.isError}
      error={query.error}
      isFetching={query.isFetching}
      onRetry={() => void query.refetch()}
      isEmpty={isEmpty}
      emptyText={emptyText}
      errorTitle={t('fees.reports.loadError')}
      rows={rows}
    >
      {children}
    </ListState>
  );
}

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers: right-aligned in the table. */
  numeric?: boolean;
  /** The column that names the row: the card's title on phones. */
  primary?: boolean;
}

/**
 * A table on wider screens, a stack of cards (label: value) under 600 px, with an optional totals
 * row (a last card on phones). Rows are bounded by the server (a page, the classes, the days).
 */
export function FeeTable<T>({ label, columns, rows, rowKey, totals, minWidth = 640 }: { label: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string; totals?: Record<string, ReactNode>; minWidth?: number }) {
  const { t } = useTranslation();
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const primary = columns.find((c) => c.primary) ?? columns[0]!;
  const rest = columns.filter((c) => c !== primary);
  if (cards) {
    const card = (key: string, title: ReactNode, cells: Array<{ column: Column<T>; value: ReactNode }>, strong = false) => (
      <Paper key={key} component="li" withBorder radius="md" p="sm" bg={strong ? 'var(--mantine-color-gray-light)' : undefined}>
        <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        <Stack component="dl" gap={4} mt={6} mb={0}>
          {cells.map(({ column, value }) => (
            <Group key={column.key} gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
              <Text component="dt" size="xs" c="dimmed" fw={600}>
                {column.header}
              </Text>
              <Text component="dd" size="sm" m={0} ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    );
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {rows.map((row) => card(rowKey(row), primary.cell(row), rest.map((column) => ({ column, value: column.cell(row) }))))}
        {totals
          ? card(
              'totals',
              totals[primary.key] ?? t('fees.reports.totals'),
              rest.filter((c) => totals[c.key] !== undefined).map((column) => ({ column, value: totals[column.key] })),
              true,
            )
          : null}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined} style={c.numeric ? { whiteSpace: 'nowrap' } : undefined}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {totals ? (
            <Table.Tfoot>
              <Table.Tr>
                {columns.map((c, i) => (
                  <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }} scope={i === 0 ? 'row' : undefined}>
                    {totals[c.key] ?? (i === 0 ? t('fees.reports.totals') : null)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** A bar in a cell: `value` as a share of `max` (decorative: the figure is in the next cell). */
export function Bar({ value, max, color = 'teal' }: { value: number; max: number; color?: string }) {
  const width = max > 0 ? Math.max(2, Math.round((value / max) * 100)) : 0;
  return (
    <Box aria-hidden h={10} w="100%" miw={60} style={{ background: 'var(--mantine-color-gray-light)', borderRadius: 5, overflow: 'hidden' }}>
      <Box h="100%" w={`${width}%`} style={{ background: `var(--mantine-color-${color}-filled)`, borderRadius: 5 }} />
    </Box>
  );
}

/** A file name part from a label (letters and digits of any script, dashes between). */
export const fileSafe = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
