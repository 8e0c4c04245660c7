import { isTenth, type MarkValue } from '@shala/contract';

/**
 * The marks grid's cells as text: a number (17, 17.5), `A`/`AB` for Absent, `E`/`EX` for Exempt,
 * empty for no mark. Parsing checks what the server checks (at most one decimal, 0 … the maximum),
 * so a wrong value is refused in the cell at once.
 */

export type CellError = { kind: 'above'; max: number } | { kind: 'decimal' } | { kind: 'invalid' };
export type Cell = { ok: true; mark: MarkValue | null } | { ok: false; error: CellError };

const ABSENT = new Set(['A', 'AB', 'ABS', 'ABSENT', 'अ', 'अनु']);
const EXEMPT = new Set(['E', 'EX', 'EXEMPT', 'छू', 'छूट']);

/** The text of a stored mark. */
export function markText(mark: MarkValue | null): string {
  if (!mark) return '';
  if (mark.status === 'absent') return 'AB';
  if (mark.status === 'exempt') return 'EX';
  return String(mark.marks);
}

/** A cell's text as a mark, or why it is refused. */
export function parseCell(text: string, max: number): Cell {
  const v = text.trim().toUpperCase();
  if (v === '') return { ok: true, mark: null };
  if (ABSENT.has(v)) return { ok: true, mark: { status: 'absent' } };
  if (EXEMPT.has(v)) return { ok: true, mark: { status: 'exempt' } };
  // A comma is a decimal point too (17,5), as some spreadsheets write it.
  if (!/^\d+([.,]\d*)?$|^[.,]\d+$/.test(v)) return { ok: false, error: { kind: 'invalid' } };
  const n = Number(v.replace(',', '.'));
  if (!Number.isFinite(n)) return { ok: false, error: { kind: 'invalid' } };
  if (n > max) return { ok: false, error: { kind: 'above', max } };
  if (!isTenth(n)) return { ok: false, error: { kind: 'decimal' } };
  return { ok: true, mark: { status: 'marked', marks: n } };
}

/** Two marks are the same (null: no mark). */
export function sameMark(a: MarkValue | null, b: MarkValue | null): boolean {
  if (!a || !b) return a === b;
  if (a.status !== b.status) return false;
  return a.status !== 'marked' || a.marks === (b as { marks: number }).marks;
}

/**
 * A pasted column of values (one per line, from a spreadsheet): the first column of each line,
 * the trailing empty line dropped. Null when the text is a single value (an ordinary paste).
 */
export function pastedColumn(text: string): string[] | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length < 2 && !text.includes('\t')) return null;
  return lines.map((l) => l.split('\t')[0]!.trim());
}
