/**
 * CSV as Shala writes it, on the server (exports, registers) and in the browser (downloads):
 * RFC 4180 quoting, CRLF lines, safe to open in a spreadsheet. No imports: the web's schema-free
 * entry carries it.
 */

/** A cell; one that a spreadsheet would run as a formula is prefixed with a quote (CSV injection). */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows as CSV lines (CRLF, the last one ended). */
function csvLines(rows: ReadonlyArray<readonly unknown[]>): string {
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A header and rows as CSV text (the server's answers). */
export function csvText(header: readonly unknown[], rows: ReadonlyArray<readonly unknown[]>): string {
  return csvLines([header, ...rows]);
}

/** Rows as a CSV file's text with a UTF-8 byte order mark, so spreadsheet programs read Hindi names right (the web's downloads). */
export function toCsv(rows: ReadonlyArray<readonly unknown[]>): string {
  return `\uFEFF${csvLines(rows)}`;
}
