/**
 * The school's clock in the browser. "Today" is the server's (its `Date` header on API answers),
 * not the device's: a cheap phone's clock may be days off, and in tests the server's clock is
 * fixed (SHALA_NOW). A device within a minute of the server keeps its own clock.
 */
const STORED = 'shala.clockOffset';

/**
 * The offset is kept for the tab (sessionStorage): a page loaded again knows the school's day before
 * its first API answer, so a screen that opens on "today" does not open on the device's.
 */
function storedOffset(): number {
  try {
    const value = Number(sessionStorage.getItem(STORED) ?? 0);
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

let offsetMs = storedOffset();
const listeners = new Set<() => void>();

/** Takes the server's time from an API answer's `Date` header (whole seconds). */
export function syncClock(dateHeader: string | null, receivedAt = Date.now()): void {
  const server = dateHeader ? Date.parse(dateHeader) : NaN;
  if (!Number.isFinite(server)) return;
  const diff = server + 500 - receivedAt;
  const next = Math.abs(diff) > 60_000 ? diff : 0;
  // Within a few seconds of what is known: the same clock (an answer's header has whole seconds).
  if (Math.abs(next - offsetMs) < 5_000) return;
  offsetMs = next;
  try {
    sessionStorage.setItem(STORED, String(next));
  } catch {
    // No storage (a private window's quota): the offset lives in this page only.
  }
  for (const listener of listeners) listener();
}

/** Forgets the offset learnt (the test setup, after each test: the device's clock again, nothing kept for the tab). */
export function resetClock(): void {
  offsetMs = 0;
  try {
    sessionStorage.removeItem(STORED);
  } catch {
    // no storage
  }
}

/** Calls `listener` when the school's clock is found to differ from what was known (a screen showing "today" draws again). */
export function onClockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Milliseconds since the epoch by the school's clock. */
export const nowMs = (): number => Date.now() + offsetMs;

/** The current instant by the school's clock. */
export const now = (): Date => new Date(nowMs());

/** The device's time at a school-clock instant (a cookie's expiry is read by the device's clock). */
export const deviceTime = (schoolMs: number): Date => new Date(schoolMs - offsetMs);
