/**
 * A list of records declared once by its columns: a Mantine `<Table>` on wide screens, a stack of
 * cards below the phone breakpoint (600 px), so every column and action is reachable at 375 px.
 *
 *   <DataTable label={t('x.listLabel')} items={rows} rowKey={(r) => r.id} columns={[
 *     { key: 'name', header: t('x.name'), cell: (r) => r.name, primary: true },
 *     { key: 'date', header: t('x.date'), cell: (r) => date(r.date), wrap: 'nowrap' },
 *   ]} rowActions={(r) => <EditButton … />} />
 *
 * - `label` names the table (and the card list) for screen readers; `busy` marks a refetch.
 * - A card shows the `primary` column (default: the first) as its title, the other columns as
 *   "header: value" pairs (a column with `card: false` is left out; `card: 'inline'` shows its value
 *   without the header, under the title), then `rowActions`. `card(item)` replaces the title and pairs (the actions stay).
 * - `cards` forces one layout (`true`: always cards, `false`: always a table); default: by width.
 * - `state` wraps the list in `ListState` (loading skeleton, error with retry, empty text), with
 *   `after` (a pager) shown under the list; without it the caller shows its own states.
 */
import { Fragment, type ReactNode } from 'react';
import { Group, Paper, Stack, Table, Text, VisuallyHidden, type TableProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ListState, type QueryState } from './ListState';

/** Below this width a list shows stacked cards, so every action is reachable at 375 px. */
export const CARDS_QUERY = '(max-width: 37.49em)'; // 600 px

/** Whether lists show cards (a phone) rather than tables. */
export function useCards(): boolean {
  return useMediaQuery(CARDS_QUERY, false) ?? false;
}

export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  cell: (item: T) => ReactNode;
  /** The column that names the row: the card's title on phones. */
  primary?: boolean;
  /**
   * Cell text style: no wrapping (dates, phones), long tokens (emails, codes: a text cell breaks
   * after '@' and before '.', and a token still too long for the cell wraps anywhere, without
   * shrinking the column to a letter's width), or numbers (right).
   */
  wrap?: 'nowrap' | 'anywhere' | 'numeric';
  /**
   * An optional column: its raw value per row. When it is empty (null, undefined, '') on every row
   * shown, the column is left out (no header over a column of dashes).
   */
  optional?: (item: T) => unknown;
  /** On a card: left out (`false`), or its value alone under the title (`'inline'`). */
  card?: false | 'inline';
}


export interface DataTableProps<T> {
  label: string;
  items: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey: (item: T) => string;
  /** Per-row actions: the last column (its header hidden), or the card's footer on phones. */
  rowActions?: (item: T) => ReactNode;
  /** A card body of one's own on phones instead of the title and pairs (the actions follow). */
  card?: (item: T) => ReactNode;
  /** Force cards (true) or a table (false); default: cards below 600 px. */
  cards?: boolean;
  /** Narrowest width of the table before it scrolls sideways. */
  minWidth?: number;
  /** Widest the table grows (a short table on a wide screen). */
  maw?: number;
  busy?: boolean;
  /** Loading, error and empty states (through `ListState`). */
  state?: { query: QueryState; emptyText: string; emptyAction?: ReactNode; errorTitle?: string; rows?: number };
  /** Shown under the list inside the states (a pager). */
  after?: ReactNode;
  /** Extra props of the Mantine table (e.g. `striped={false}`). */
  tableProps?: Omit<TableProps, 'children'>;
  /** Properties of a row (a test id, a highlight). */
  rowProps?: (item: T) => Record<string, unknown>;
}

// 'break-word' (not 'anywhere'): a long token may still wrap, but the column's width is sized by
// its words, so a table never squeezes an email to "office@demo.shala.loc / al".
const cellStyle = (wrap: DataColumn<unknown>['wrap']) =>
  wrap === 'nowrap'
    ? { whiteSpace: 'nowrap' as const }
    : wrap === 'anywhere'
      ? { overflowWrap: 'break-word' as const, minWidth: '8rem' }
      : wrap === 'numeric'
        ? { whiteSpace: 'nowrap' as const, textAlign: 'end' as const, fontVariantNumeric: 'tabular-nums' }
        : undefined;

/** A long token (an email, a web address) with break points after '@' and before each '.'. */
export function breakable(text: string): ReactNode {
  const parts = text.split(/(?<=@)|(?=\.)/);
  if (parts.length < 2) return text;
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** A cell's content: a text of a long-token column gets its break points. */
function cellOf<T>(column: DataColumn<T>, item: T): ReactNode {
  const value = column.cell(item);
  return column.wrap === 'anywhere' && typeof value === 'string' ? breakable(value) : value;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The columns to show: an optional column empty on every row is left out. */
function shownColumns<T>(columns: readonly DataColumn<T>[], items: readonly T[]): readonly DataColumn<T>[] {
  return columns.filter((c) => !c.optional || items.some((item) => !isEmpty(c.optional!(item))));
}

/** The default card: title, "header: value" pairs. */
function DefaultCard<T>({ item, columns }: { item: T; columns: readonly DataColumn<T>[] }) {
  const primary = columns.find((c) => c.primary) ?? columns[0];
  const inline = columns.filter((c) => c !== primary && c.card === 'inline');
  const pairs = columns.filter((c) => c !== primary && c.card === undefined);
  return (
    <>
      {primary ? <div>{primary.cell(item)}</div> : null}
      {inline.map((column) => (
        <div key={column.key}>{column.cell(item)}</div>
      ))}
      {pairs.length > 0 ? (
        <Stack component="dl" gap={6} mt="sm" mb={0}>
          {pairs.map((column) => (
            <Group key={column.key} gap="xs" wrap="nowrap" align="flex-start">
              <Text component="dt" size="xs" c="dimmed" fw={600} w={96} style={{ flexShrink: 0 }}>
                {column.header}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {cellOf(column, item)}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
    </>
  );
}

function Body<T>({ label, items, columns: all, rowKey, rowActions, card, cards, minWidth, maw, busy, tableProps, rowProps }: DataTableProps<T> & { cards: boolean }) {
  const { t } = useTranslation();
  const columns = shownColumns(all, items);
  if (cards) {
    return (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label} aria-busy={busy}>
        {items.map((item) => (
          <Paper key={rowKey(item)} component="li" withBorder radius="md" p="md" {...rowProps?.(item)}>
            {card ? card(item) : <DefaultCard item={item} columns={columns} />}
            {rowActions ? (
              <Group justify="flex-end" gap="xs" mt="sm">
                {rowActions(item)}
              </Group>
            ) : null}
          </Paper>
        ))}
      </Stack>
    );
  }
  const table = (
    <Table striped highlightOnHover verticalSpacing="sm" layout="auto" aria-label={label} aria-busy={busy} {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} style={column.wrap === 'numeric' ? { textAlign: 'end' } : undefined}>
              {column.header}
            </Table.Th>
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
          <Table.Tr key={rowKey(item)} {...rowProps?.(item)}>
            {columns.map((column) => (
              <Table.Td key={column.key} style={cellStyle(column.wrap)}>
                {cellOf(column, item)}
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
  );
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} maw={maw}>
      {minWidth ? (
        <Table.ScrollContainer minWidth={minWidth} type="native">
          {table}
        </Table.ScrollContainer>
      ) : (
        table
      )}
    </Paper>
  );
}

/** A table on wide screens, cards on phones; see the top of this file. */
export function DataTable<T>(props: DataTableProps<T>) {
  const phone = useCards();
  const cards = props.cards ?? phone;
  const body = <Body {...props} cards={cards} />;
  const { state, after } = props;
  if (!state) {
    return (
      <>
        {body}
        {after}
      </>
    );
  }
  return (
    <ListState
      query={state.query}
      isEmpty={props.items.length === 0}
      emptyText={state.emptyText}
      emptyAction={state.emptyAction}
      errorTitle={state.errorTitle}
      rows={state.rows}
    >
      {body}
      {after}
    </ListState>
  );
}
