import { z } from 'zod';
import { DAY_KINDS } from './schoolday.js';
import { dateIn } from './text.js';

/**
 * Substitution, the "arrangement" register (issue 42). On a school day, the periods of the weekday's
 * timetable whose teacher is away (absent, on leave, or away that half of a half day on the staff
 * register) are uncovered; the principal (or a system admin) names a substitute for each. The
 * timetable never changes: an arrangement is a one-day override, and a mutual swap ("exchange a
 * period": A takes B's period and B takes A's, on that date) is two of them, saved together.
 *
 * Suggestions come from one read of the weekday's timetable: a teacher free then (no cell of its
 * own, present, not covering another class then), under the daily and weekly caps
 * (`staffSettings`), ranked by: teaches this class, teaches this subject, fewest covers in the last
 * 7 school days (the picks of this same proposal counted), covers the class's adjacent period.
 */

const classRef = z.object({ assignClassId: z.uuid(), masterClass: z.string(), className: z.string(), section: z.string() });

export const SUBSTITUTION_REASONS = ['teaches_class', 'teaches_subject', 'adjacent'] as const;
export type SubstitutionReason = (typeof SUBSTITUTION_REASONS)[number];

/**
 * Why the period's own teacher is away; `present`: the teacher is there and the row is an override
 * of its lesson, a half of an exchange (two present teachers take each other's period that date).
 */
export const AWAY_KINDS = ['absent', 'on_leave', 'half_day', 'present'] as const;

export const substitutionCandidate = z.object({
  teacherId: z.uuid(),
  fullName: z.string(),
  /** Why it ranks where it does: teaches the class, the subject, covers the class next to this period. */
  reasons: z.array(z.enum(SUBSTITUTION_REASONS)),
  /** Covers on this date (saved and proposed) and in the last 7 school days. */
  coversToday: z.number().int().nonnegative(),
  coversRecent: z.number().int().nonnegative(),
});
export type SubstitutionCandidate = z.infer<typeof substitutionCandidate>;

export const uncoveredPeriod = z.object({
  periodId: z.uuid(),
  periodName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  class: classRef,
  subjectId: z.uuid(),
  subjectName: z.string(),
  absentTeacherId: z.uuid(),
  absentTeacherName: z.string(),
  away: z.enum(AWAY_KINDS),
  /** The saved arrangement, if any. */
  substitute: z.object({ teacherId: z.uuid(), fullName: z.string() }).nullable(),
  /** Up to 5 free teachers, best first (empty once none is free). */
  candidates: z.array(substitutionCandidate).max(5),
  /** "Fill all": the best free teacher once the earlier periods' picks are counted; the saved one when saved; null if none is free. */
  proposedId: z.uuid().nullable(),
});
export type UncoveredPeriod = z.infer<typeof uncoveredPeriod>;

/**
 * A lesson of the weekday's timetable whose teacher (one who may cover: an active teacher) is
 * present all day: what the exchange picker offers (at most the weekday's classes × teaching
 * periods, one per class and period).
 */
export const teachingCell = z.object({
  periodId: z.uuid(),
  periodName: z.string(),
  startTime: z.string(),
  class: classRef,
  subjectName: z.string(),
  teacherId: z.uuid(),
  teacherName: z.string(),
});
export type TeachingCell = z.infer<typeof teachingCell>;

export const substitutionQuery = z.object({ date: dateIn('2000-01-01', '2100-12-31') });

export const substitutionDay = z.object({
  date: z.string(),
  dayKind: z.enum(DAY_KINDS),
  holidayTitle: z.string().nullable(),
  /** A school day in the session, today or later: arrangements may be saved. */
  canArrange: z.boolean(),
  dailyCap: z.number().int(),
  weeklyCap: z.number().int(),
  /** Everyone away that day (teachers), for the header. */
  away: z.array(z.object({ teacherId: z.uuid(), fullName: z.string(), away: z.enum(AWAY_KINDS) })),
  /**
   * The uncovered periods and the saved overrides of a present teacher's lesson (`away: 'present'`,
   * an exchange's half), ordered by period, then class.
   */
  periods: z.array(uncoveredPeriod),
  /** Teachers free in at least one uncovered period (for the pickers: any of them, not only the 5 suggested). */
  teachers: z.array(z.object({ teacherId: z.uuid(), fullName: z.string() })),
  /** The lessons of teachers present all day, ordered by period, then class (for "Exchange a period"; empty when nothing may be arranged). */
  cells: z.array(teachingCell),
});
export type SubstitutionDay = z.infer<typeof substitutionDay>;

/**
 * Confirms a day's arrangements, all or none: each names a lesson of the date's timetable (its
 * period and class: uncovered, or a present teacher's, an exchange's half) and its substitute, or
 * null to remove it. An exchange is two items in one request: A's lesson to B and B's to A. A
 * substitute already covering or teaching another class then (its own lesson counts unless given
 * to someone else in the same resulting day): 409 `substitute_busy` naming the class; over a cap
 * (covers of teachers away only: an exchange's halves are no extra periods, and neither count nor
 * are capped): 409 `substitute_cap`; away: 409 `substitute_away`; the lesson's own teacher: 400 `substitute_own`;
 * a period and class with no lesson that weekday: 400 `not_uncovered`.
 */
export const substitutionBody = z.object({
  date: dateIn('2000-01-01', '2100-12-31'),
  items: z
    .array(z.object({ periodId: z.uuid(), assignClassId: z.uuid(), substituteId: z.uuid().nullable() }))
    .min(1)
    .max(200),
});
export type SubstitutionBody = z.infer<typeof substitutionBody>;

/** The arrangement register's PDF (A4) in English or Hindi. */
export const substitutionRegisterQuery = substitutionQuery.extend({ lang: z.enum(['en', 'hi']).default('en') });

/** A teacher's extra periods (covers) on a date and the days after: its timetable and dashboard show them. */
export const substitutionCover = z.object({
  date: z.string(),
  periodId: z.uuid(),
  periodName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  class: classRef,
  subjectName: z.string(),
  absentTeacherName: z.string(),
});
export type SubstitutionCover = z.infer<typeof substitutionCover>;
/** From `from` (default the school's today), 7 days. */
export const substitutionMineQuery = z.object({ from: dateIn('2000-01-01', '2100-12-31').optional() });
export const substitutionCovers = z.object({ from: z.string(), to: z.string(), covers: z.array(substitutionCover) });
export type SubstitutionCovers = z.infer<typeof substitutionCovers>;
