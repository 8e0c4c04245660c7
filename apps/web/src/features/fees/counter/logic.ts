import { RECEIPT_LAYOUTS, type Instalment, type Payment, type ReceiptLayout } from '@shala/contract';
import { local } from '../../../api/storage';

/**
 * The fee counter's rules in the browser (issue 25): which instalments are ticked at first, what
 * the ticked ones come to, when a term is worth a search, the receipt numbers of a batch, a fresh
 * batch id, and the receipt layout the counter remembers.
 */

/**
 * The overdue instalments and the next one due: what a family usually comes to pay; never one the
 * parent says it paid by UPI (its reference waits for the office's check).
 */
export function defaultTicks(instalments: readonly Instalment[]): string[] {
  const open = instalments.filter((i) => !i.upiClaim);
  const overdue = open.filter((i) => i.state === 'overdue');
  const next = open.find((i) => i.state === 'due');
  return [...overdue, ...(next ? [next] : [])].map((i) => i.emiId);
}

/** What an instalment comes to at the counter: its amount and its late fee. */
export const dueOf = (i: Instalment) => i.amount + i.lateFee;

/** The sum of the ticked instalments, late fees included (the server computes the same from the records). */
export function tickedTotal(instalments: readonly Instalment[], ticked: ReadonlySet<string>): number {
  return instalments.reduce((sum, i) => (ticked.has(i.emiId) && i.state !== 'paid' ? sum + dueOf(i) : sum), 0);
}

/** A term is searched once it has 2 characters, or 1 digit (a roll number). */
export function searchable(term: string): boolean {
  const t = term.trim();
  return t.length >= 2 || /^\d$/.test(t);
}

/** A batch's receipt numbers: one, a run (12–14), or a list. */
export function receiptNos(payments: readonly Pick<Payment, 'receiptNo'>[]): string {
  const nos = payments.map((p) => p.receiptNo).sort((a, b) => a - b);
  if (nos.length <= 1) return nos.map(String).join('');
  return nos.every((n, i) => i === 0 || n === nos[i - 1]! + 1) ? `${nos[0]}–${nos.at(-1)}` : nos.join(', ');
}

/** A random (v4) uuid for a collection; `getRandomValues` works on a school's plain-http address too. */
export function newBatchId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const LAYOUT_KEY = 'feeCounterReceipt';

/** The receipt layout this browser's counter prints (A5 unless the clerk chose the 80 mm roll). */
export function savedLayout(): ReceiptLayout {
  const v = local.get(LAYOUT_KEY);
  return (RECEIPT_LAYOUTS as readonly string[]).includes(v ?? '') ? (v as ReceiptLayout) : 'a5';
}
export const saveLayout = (layout: ReceiptLayout) => local.set(LAYOUT_KEY, layout);

/**
 * Prints a PDF: in a hidden frame of the page, the browser's print dialog for it (A5 or the 80 mm
 * roll, by the PDF's own page size); `after` runs once the dialog is closed. A browser that cannot
 * print a frame's PDF opens it in a tab instead.
 */
export function printPdf(blob: Blob, title: string, after: () => void): void {
  const url = URL.createObjectURL(blob);
  const frame = document.createElement('iframe');
  frame.title = title;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
  frame.src = url;
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank', 'noopener');
    }
    after();
  };
  document.body.appendChild(frame);
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, 120_000);
}
