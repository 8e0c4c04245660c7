import { now as clockNow } from '../api/clock';

// The CSV text itself is the contract's (toCsv, csvCell: one writer for the server and the web).

/** A CSV file's text as a download. */
export function csvBlob(text: string): Blob {
  return new Blob([text], { type: 'text/csv;charset=utf-8' });
}

/** Today's date as YYYY-MM-DD (local time), for file names. */
export function today(): string {
  const d = clockNow();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
