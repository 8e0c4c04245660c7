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

/**
 * A parent's dashboard, child first: each child's class, today's daywise mark (null: not marked),
 * the next unpaid instalment of the session, and the latest notice for parents.
 */
export const parentDashboard = z.object({
  date: z.string(),
  children: z.array(
    z.object({
      studentId: z.uuid(),
      fullName: z.string(),
      className: z.string().nullable(),
      section: z.string().nullable(),
      today: z.enum(['present', 'absent', 'late', 'leave']).nullable(),
      /** Paise. */
      nextFee: z.object({ amount: z.number().int(), dueDate: z.string() }).nullable(),
    }),
  ),
  latestNotice: z.object({ id: z.uuid(), title: z.string(), date: z.string() }).nullable(),
});
export type ParentDashboard = z.infer<typeof parentDashboard>;
