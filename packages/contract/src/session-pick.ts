import type { AcademicSession } from './sessions.js';

// The session a screen starts with, without schemas (the web's way in, contract-web.ts).

/** The spec's default when none is stored and none is current: index 2. */
export const DEFAULT_SESSION_INDEX = 2;

/** Picks the client's session: stored id, else the current one, else index 2, else the first. */
export function pickSession(
  sessions: readonly AcademicSession[],
  storedId: string | null | undefined,
): AcademicSession | null {
  return (
    sessions.find((s) => s.sessionId === storedId) ??
    sessions.find((s) => s.isCurrent) ??
    sessions[DEFAULT_SESSION_INDEX] ??
    sessions[0] ??
    null
  );
}
