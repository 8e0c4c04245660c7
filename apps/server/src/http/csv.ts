/** CSV as Shala writes it (exports, registers): RFC 4180 quoting, CRLF lines, safe to open in a spreadsheet. */

/** A cell that a spreadsheet would run as a formula is prefixed with a quote (CSV injection). */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A header and rows as CSV text (CRLF lines, the last one ended). */
export function csvText(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return `${[header.map(csvCell).join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\r\n')}\r\n`;
}
