import { z } from 'zod';

/** Academic session (year) of a school. */
export const academicSession = z.object({
  sessionId: z.uuid(),
  sessionYear: z.string(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  isCurrent: z.boolean(),
});
export type AcademicSession = z.infer<typeof academicSession>;

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
