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
