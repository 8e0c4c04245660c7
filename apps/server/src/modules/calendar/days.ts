import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DayKind, ErrorReason } from '@shala/contract';
import type { DbOrTx } from '../../db/client.js';
import { academicSessions, holidays, schools } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { now as clockNow } from '../../clock.js';

/**
 * School-local days: what kind of day a date is for a school and session (a school day, a holiday,
 * a weekly off, outside the session, or still to come). Attendance, the calendar and the dashboards
 * read the same rules from here, in one statement.
 */

const DAY_MS = 86_400_000;

/**
 * One formatter per time zone: making an Intl.DateTimeFormat costs about 40 µs, using one about 1 µs,
 * and the month grid and the dashboards ask for many dates. Time zones come from the schools'
 * settings (a few, of the IANA list), so the map stays small; an unknown zone throws as before.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The date of an instant in a time zone (`YYYY-MM-DD`): 00:30 IST is that IST day. */
export function localDate(timeZone: string, at: Date = clockNow()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

const utc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** ISO day of the week: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(utc(date)).getUTCDay();
  return d === 0 ? 7 : d;
}

export function addDays(date: string, days: number): string {
  return iso(utc(date) + days * DAY_MS);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS) + 1;
}

/** Every date of a month `YYYY-MM`. */
export function monthDates(month: string): string[] {
  const first = `${month}-01`;
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const n = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: n }, (_, i) => addDays(first, i));
}

export interface DayHoliday {
  holidayId: string;
  title: string;
  startDate: string;
  endDate: string;
}

/** What decides the kind of a day, for one school and session. */
export interface DayRules {
  timeZone: string;
  /** Today in the school's time zone. */
  today: string;
  sundayWorking: boolean;
  session: { id: string; label: string; startDate: string; endDate: string };
  /** The session's holidays that touch the range asked for. */
  holidays: DayHoliday[];
}

/** The rules of a school and session read in one row. */
function rulesOf<H extends DayHoliday>(
  row: { timeZone: string; sundayWorking: boolean; id: string; label: string; startDate: string; endDate: string; holidays: H[] },
  now: Date,
): DayRules & { holidays: H[] } {
  return {
    timeZone: row.timeZone,
    today: localDate(row.timeZone, now),
    sundayWorking: row.sundayWorking,
    session: { id: row.id, label: row.label, startDate: row.startDate, endDate: row.endDate },
    holidays: row.holidays,
  };
}

/**
 * The rules of a school and session for the dates `from`..`to`: the school's time zone and weekly
 * off, the session's dates and the holidays in the range, in one statement. An unknown session
 * (or another school's) answers 404.
 */
export async function loadDayRules(db: DbOrTx, schoolId: string, sessionId: string, from: string, to: string, now: Date = clockNow()): Promise<DayRules> {
  const fields = sql`'holidayId', h.id, 'title', h.title, 'startDate', h.start_date, 'endDate', h.end_date`;
  return readRules<DayHoliday>(db, schoolId, eq(academicSessions.id, sessionId), fields, from, to, now);
}

/**
 * The school's and one session's rules (the session `which` picks among the school's), with the
 * holidays in range as JSON objects of `fields`, in one statement; no such session: 404.
 */
async function readRules<H extends DayHoliday>(db: DbOrTx, schoolId: string, which: SQL, fields: SQL, from: string, to: string, now: Date): Promise<DayRules & { holidays: H[] }> {
  const [row] = await db
    .select({
      timeZone: schools.timeZone,
      sundayWorking: schools.sundayWorking,
      id: academicSessions.id,
      label: academicSessions.label,
      startDate: academicSessions.startDate,
      endDate: academicSessions.endDate,
      holidays: sql<H[]>`coalesce((
        select json_agg(json_build_object(${fields}) order by h.start_date)
        from ${holidays} h
        where h.school_id = ${academicSessions.schoolId} and h.session_id = ${academicSessions.id}
          and h.start_date <= ${to} and h.end_date >= ${from}), '[]'::json)`,
    })
    .from(academicSessions)
    .innerJoin(schools, eq(schools.id, academicSessions.schoolId))
    .where(and(eq(academicSessions.schoolId, schoolId), which));
  if (!row) throw notFound('Session');
  return rulesOf(row, now);
}

/** The kind of a date for these rules, and the holiday on it if any. */
export function dayKind(rules: DayRules, date: string): { kind: DayKind; holiday: DayHoliday | null } {
  const holiday = rules.holidays.find((h) => h.startDate <= date && date <= h.endDate) ?? null;
  if (date < rules.session.startDate || date > rules.session.endDate) return { kind: 'outside_session', holiday: null };
  if (holiday) return { kind: 'holiday', holiday };
  if (isoWeekday(date) === 7 && !rules.sundayWorking) return { kind: 'weekly_off', holiday: null };
  if (date > rules.today) return { kind: 'future', holiday: null };
  return { kind: 'school', holiday: null };
}

const REFUSALS: Record<Exclude<DayKind, 'school'>, { reason: ErrorReason; message: string }> = {
  holiday: { reason: 'attendance_holiday', message: 'This day is a holiday: attendance is not marked.' },
  weekly_off: { reason: 'attendance_weekly_off', message: 'This day is a weekly off: attendance is not marked.' },
  future: { reason: 'attendance_future', message: 'Attendance cannot be marked for a future date.' },
  outside_session: { reason: 'attendance_outside_session', message: 'This date is outside the session.' },
};

/** Why attendance cannot be marked on a date, or null when it can. */
export function markRefusal(rules: DayRules, date: string): AppError | null {
  const { kind, holiday } = dayKind(rules, date);
  if (kind === 'school') return null;
  const r = REFUSALS[kind];
  return new AppError('BAD_REQUEST', r.message, { reason: r.reason, field: 'date', params: holiday ? { title: holiday.title } : undefined });
}

/** A holiday with everything a list or the calendar shows. */
export interface FullHoliday extends DayHoliday {
  sessionId: string;
  description: string | null;
  /** An instant as the database wrote it in JSON (parse it with `new Date`). */
  createdAt: string;
}

/**
 * Like `loadDayRules`, for a screen that may not name the session: the session asked for, else
 * the school's current one, with every field of the holidays in range, in one statement. No such
 * session (another school's, or no current one): 404.
 */
export async function loadSessionRules(
  db: DbOrTx,
  schoolId: string,
  sessionId: string | undefined,
  from: string,
  to: string,
  now: Date = clockNow(),
): Promise<DayRules & { holidays: FullHoliday[] }> {
  const fields = sql`'holidayId', h.id, 'sessionId', h.session_id, 'title', h.title, 'description', h.description,
    'startDate', h.start_date, 'endDate', h.end_date, 'createdAt', h.created_at`;
  return readRules<FullHoliday>(db, schoolId, sessionId ? eq(academicSessions.id, sessionId) : eq(academicSessions.isCurrent, true), fields, from, to, now);
}
