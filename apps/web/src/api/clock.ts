/**
 * The school's clock in the browser. "Today" is the server's (its `Date` header on API answers),
 * not the device's: a cheap phone's clock may be days off, and in tests the server's clock is
 * fixed (SHALA_NOW). A device within a minute of the server keeps its own clock.
 */
let offsetMs = 0;

/** Takes the server's time from an API answer's `Date` header (whole seconds). */
export function syncClock(dateHeader: string | null, receivedAt = Date.now()): void {
  const server = dateHeader ? Date.parse(dateHeader) : NaN;
  if (!Number.isFinite(server)) return;
  const diff = server + 500 - receivedAt;
  offsetMs = Math.abs(diff) > 60_000 ? diff : 0;
}

/** Milliseconds since the epoch by the school's clock. */
export const nowMs = (): number => Date.now() + offsetMs;

/** The current instant by the school's clock. */
export const now = (): Date => new Date(nowMs());

/** The device's time at a school-clock instant (a cookie's expiry is read by the device's clock). */
export const deviceTime = (schoolMs: number): Date => new Date(schoolMs - offsetMs);
