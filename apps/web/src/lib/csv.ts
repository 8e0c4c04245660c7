import { now as clockNow } from '../api/clock';

/** Characters that make a spreadsheet treat a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a ' to a cell a spreadsheet would run as a formula. */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * Builds CSV text (RFC 4180, CRLF) with a UTF-8 byte order mark so spreadsheet programs read
 * Hindi names correctly. Every cell is neutralised against formulas.
 */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const lines = rows.map((row) => row.map((cell) => quote(neutralise(cell == null ? '' : String(cell)))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function csvBlob(text: string): Blob {
  return new Blob([text], { type: 'text/csv;charset=utf-8' });
}

/** Today's date as YYYY-MM-DD (local time), for file names. */
export function today(): string {
  const d = clockNow();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
