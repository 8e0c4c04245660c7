/**
 * The server's "now". Every wall-clock reading of the server (the school's today, due dates,
 * sessions and codes that expire, the demo seed's dates) goes through here, never `new Date()`.
 *
 * `SHALA_NOW` (an ISO instant, e.g. `2026-11-25T04:30:00Z`) sets where the clock starts when the
 * process starts; from there it runs at the real pace, so durations, expiries and the order of
 * writes stay real. Tests and journeys set it so that nothing they check depends on the real
 * date or the hour (the demo's overdue fees, "today", a school day, the greeting of a chat).
 * Unset in production: the real clock. Measuring a duration is not reading the clock: use
 * `performance.now()` for that.
 */
let offsetMs = 0;

/** Starts the clock at `start` (an ISO instant), or on the real time when unset or empty. */
export function setClock(start: string | undefined): void {
  if (!start) {
    offsetMs = 0;
    return;
  }
  const at = Date.parse(start);
  if (!Number.isFinite(at)) throw new Error(`SHALA_NOW: not an ISO instant: ${start}`);
  offsetMs = at - Date.now();
}

setClock(process.env.SHALA_NOW);

/** Milliseconds since the epoch by the server's clock. */
export function nowMs(): number {
  return Date.now() + offsetMs;
}

/** The server's current instant. */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Whether the clock was set (SHALA_NOW): the server then tells clients its time. */
export const clockIsSet = () => offsetMs !== 0;
