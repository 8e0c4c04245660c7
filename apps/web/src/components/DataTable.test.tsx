import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Button } from '@mantine/core';
import { renderAt } from '../test/utils';
import { DataTable, type DataColumn, type DataTableProps } from './DataTable';

interface Row {
  id: string;
  name: string;
  phone: string;
}
const ROWS: Row[] = [
  { id: '1', name: 'Aarav Sharma', phone: '98100 00001' },
  { id: '2', name: 'Diya Verma', phone: '98100 00002' },
];
const COLUMNS: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name, primary: true },
  { key: 'phone', header: 'Phone', cell: (r) => r.phone, wrap: 'nowrap' },
];
const query = (over: Partial<{ isLoading: boolean; isError: boolean; error: unknown }> = {}) => ({
  isLoading: false,
  isError: false,
  isFetching: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});

/** The two pupils under "Pupils", with what a test adds or changes. */
const pupils = (props: Partial<DataTableProps<Row>> = {}) => <DataTable label="Pupils" items={ROWS} columns={COLUMNS} rowKey={(r) => r.id} {...props} />;

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((v) => v.id);
}

describe('DataTable', () => {
  it('shows a named table with one header per column, a hidden actions header and a row per item', async () => {
    const edit = vi.fn();
    const user = userEvent.setup();
    const { container } = renderAt(pupils({ rowActions: (r) => <Button onClick={() => edit(r.id)} aria-label={`Edit ${r.name}`}>Edit</Button> }));
    const table = screen.getByRole('table', { name: 'Pupils' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Phone', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Aarav Sharma', 'Diya Verma']);
    // The actions are reachable by keyboard, in row order.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Edit Aarav Sharma' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(edit).toHaveBeenCalledWith('1');
    expect(await violations(container)).toEqual([]);
  });

  it('on a phone shows a named list of cards: the primary column as title, the others as labelled pairs', async () => {
    const { container } = renderAt(pupils({ cards: true, rowActions: (r) => <Button aria-label={`Edit ${r.name}`}>Edit</Button> }));
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Pupils' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByText('Diya Verma')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('term').textContent).toBe('Phone');
    expect(within(cards[1]!).getByRole('definition').textContent).toBe('98100 00002');
    expect(within(cards[1]!).getByRole('button', { name: 'Edit Diya Verma' })).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  it('a card of its own replaces the pairs; a column left off cards does not show', () => {
    renderAt(pupils({ columns: [...COLUMNS, { key: 'secret', header: 'Code', cell: () => 'X-1', card: false }], cards: true }));
    expect(screen.queryByText('X-1')).toBeNull();
    renderAt(pupils({ label: 'Own', cards: true, card: (r) => <strong>{r.name}!</strong> }));
    expect(screen.getByText('Aarav Sharma!')).toBeInTheDocument();
  });

  it('with a state: the skeleton while loading, not what follows the list', () => {
    renderAt(pupils({ items: [], state: { query: query({ isLoading: true }), emptyText: 'No pupils yet.' }, after: <p>pager</p> }));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByText('pager')).toBeNull();
  });

  it('with a state and nothing to show: the empty text, no table', () => {
    renderAt(pupils({ items: [], state: { query: query(), emptyText: 'No pupils yet.' }, after: <p>pager</p> }));
    expect(screen.getByText('No pupils yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('leaves out an optional column empty on every row, and keeps it when one row has a value', () => {
    const email = (r: Row) => (r.id === '2' ? 'office@demo.shala.local' : null);
    const columns = (rows: Row[]) => pupils({ items: rows, columns: [...COLUMNS, { key: 'email', header: 'Email', cell: (r) => email(r) ?? '—', wrap: 'anywhere', optional: email }] });
    const { unmount } = renderAt(columns([ROWS[0]!]));
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Phone']);
    unmount();
    renderAt(columns(ROWS));
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Phone', 'Email']);
    // An email breaks after '@' and before each '.', not between any two letters.
    const cell = within(table).getByText((_, el) => el?.tagName === 'TD' && el.textContent === 'office@demo.shala.local');
    expect(cell.innerHTML).toBe('office@<wbr>demo<wbr>.shala<wbr>.local');
    expect(cell.style.overflowWrap).toBe('break-word');
  });
});
