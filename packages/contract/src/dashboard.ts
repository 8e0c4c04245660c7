import { z } from 'zod';

export const COUNT_KEYS = ['schools', 'systemAdmins', 'admins', 'teachers', 'students', 'parents', 'classes', 'subjects'] as const;
export type CountKey = (typeof COUNT_KEYS)[number];

/** Counts of spec section 1; only those relevant to the caller's role are present. */
export const dashboardCounts = z.object({
  counts: z.partialRecord(z.enum(COUNT_KEYS), z.number().int().nonnegative()),
});
export type DashboardCounts = z.infer<typeof dashboardCounts>;

/** The session whose classes are counted (the header's picker); the current session when absent. */
export const dashboardQuery = z.object({ sessionId: z.uuid().optional() });
export type DashboardQuery = z.infer<typeof dashboardQuery>;
