import { sql } from 'drizzle-orm';
import {
  timeOf,
  type DayKind,
  type SubstitutionBody,
  type SubstitutionCandidate,
  type SubstitutionCover,
  type SubstitutionCovers,
  type SubstitutionDay,
  type SubstitutionReason,
  type TeachingCell,
  type UncoveredPeriod,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { staffPolicy } from '../../policy/staff.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { rowsOf } from '../../db/rows.js';
import { violatedConstraint } from '../../db/errors.js';
import { now } from '../../clock.js';
import { addDays, dayKind, isoWeekday, loadDayRules, type DayRules } from '../calendar/index.js';
import { afterCommit, notifyMany, type NewNotification } from '../notifications/service.js';
import { presentSettings, settingsJson } from './checkin.js';
import { schoolToday, sessionOn, userName } from './sql.js';

/**
 * Substitution, the arrangement register (issue 42; the contract's substitutions.ts is the spec).
 * An arrangement overrides one lesson of the date's timetable: an uncovered one (its teacher away),
 * or a present teacher's (an exchange's half: two present teachers take each other's lesson, two
 * arrangements saved together). A teacher is free in a period when it covers nothing then and has
 * no lesson of its own then, or has given that lesson to someone else that date (so two teachers
 * may exchange their classes in one period).
 *
 * Statements, whatever the number of classes, teachers and periods:
 * - the page: the session containing the date (1), then together its rules (1) and ONE read of
 *   everything else (`readDay`: the settings, the session's periods, the weekday's timetable cells,
 *   who is away that date, the date's arrangements, each teacher's covers in the 7 calendar days
 *   before the date and in the date's week (Monday–Sunday), who teaches which class and subject,
 *   the names): 3;
 * - a save: the session (1), its rules (1), then one transaction: the day read again (1), the
 *   removed and changed arrangements deleted (1), the new ones inserted (1), the substitutes told
 *   (the notifications' insert and their deliveries queued), the day read again for the answer (1);
 * - a teacher's covers: 1.
 *
 * "Recent" covers are those of the 7 calendar days before the date (not 7 school days: simpler,
 * and a week off counts as a week of rest).
 */

/** A teacher away that date: absent and on leave all day; a half day (`half_first`: present in the first half) away in the other half. */
const AWAY_STATUSES = ['absent', 'on_leave', 'half_first', 'half_second'] as const;
type AwayStatus = (typeof AWAY_STATUSES)[number];

interface PeriodRow {
  id: string;
  name: string;
  start: number;
  end: number;
  isBreak: boolean;
}
interface ClassRow {
  id: string;
  masterClass: string;
  className: string;
  section: string;
  classTeacherId: string | null;
}
type Cell = [classId: string, periodId: string, subjectId: string, teacherId: string];
type Sub = [periodId: string, classId: string, subjectId: string, absentTeacherId: string, substituteId: string];

/** Everything the page is made of, read in one statement. */
interface DayData {
  settings: Parameters<typeof presentSettings>[0];
  periods: PeriodRow[];
  cells: Cell[];
  away: Array<[userId: string, status: AwayStatus]>;
  subs: Sub[];
  counts: Array<[teacherId: string, recent: number, week: number]>;
  classes: ClassRow[];
  teaches: Array<[classId: string, subjectId: string, teacherId: string]>;
  subjects: Array<[id: string, name: string]>;
  /** The names of everyone the page names, and whether each may cover (`staffPolicy.mayCover`). */
  people: Array<[id: string, name: string, mayCover: boolean]>;
}

/** Monday of the ISO week of a date. */
const mondayOf = (date: string) => addDays(date, 1 - isoWeekday(date));

/** The page's data of a date in one statement (see the file's comment). */
async function readDay(db: DbOrTx, schoolId: string, sessionId: string, date: string): Promise<DayData> {
  const weekStart = mondayOf(date);
  const weekEnd = addDays(weekStart, 6);
  const recentFrom = addDays(date, -7);
  const recentTo = addDays(date, -1);
  const from = recentFrom < weekStart ? recentFrom : weekStart;
  const u = sql.raw('u');
  const rows = rowsOf<DayData>(
    await db.execute(sql`
      with cells as (
        select t.class_id, t.period_id, t.subject_id, t.teacher_id from timetable_entries t
        where t.school_id = ${schoolId} and t.session_id = ${sessionId} and t.day = ${isoWeekday(date)} and t.teacher_id is not null
      ), away as (
        select a.user_id, a.status from staff_attendance a
        where a.school_id = ${schoolId} and a.date = ${date}::date and a.user_id is not null
          and a.status in (${sql.join(AWAY_STATUSES.map((s) => sql`${s}`), sql`, `)})
      ), subs as (
        select s.period_id, s.class_id, s.subject_id, s.absent_teacher_id, s.substitute_id from substitutions s
        where s.school_id = ${schoolId} and s.date = ${date}::date
      )
      select ${settingsJson(schoolId)} as settings,
        coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'start', p.start_minute, 'end', p.end_minute, 'isBreak', p.is_break) order by p.start_minute)
          from periods p where p.school_id = ${schoolId} and p.session_id = ${sessionId}), '[]'::json) as periods,
        coalesce((select json_agg(json_build_array(c.class_id, c.period_id, c.subject_id, c.teacher_id)) from cells c), '[]'::json) as cells,
        coalesce((select json_agg(json_build_array(a.user_id, a.status)) from away a), '[]'::json) as away,
        coalesce((select json_agg(json_build_array(s.period_id, s.class_id, s.subject_id, s.absent_teacher_id, s.substitute_id)) from subs s), '[]'::json) as subs,
        coalesce((select json_agg(json_build_array(x.substitute_id, x.recent, x.week)) from (
          select s.substitute_id, count(*) filter (where s.date between ${recentFrom}::date and ${recentTo}::date)::int as recent,
            count(*) filter (where s.date between ${weekStart}::date and ${weekEnd}::date)::int as week
          from substitutions s where s.school_id = ${schoolId} and s.date between ${from}::date and ${weekEnd}::date and s.date <> ${date}::date
            -- covers only: the lesson's own teacher away that date (an exchange's halves are no extra periods)
            and exists (select 1 from staff_attendance a where a.school_id = s.school_id and a.date = s.date and a.user_id = s.absent_teacher_id
              and a.status in (${sql.join(AWAY_STATUSES.map((x) => sql`${x}`), sql`, `)}))
          group by s.substitute_id) x), '[]'::json) as counts,
        coalesce((select json_agg(json_build_object('id', k.id, 'masterClass', k.master_class, 'className', k.name, 'section', k.section, 'classTeacherId', k.class_teacher_id))
          from classes k where k.school_id = ${schoolId} and k.id in (select class_id from cells union select class_id from subs)), '[]'::json) as classes,
        coalesce((select json_agg(json_build_array(cs.class_id, cs.subject_id, cs.teacher_id)) from class_subjects cs join classes k on k.id = cs.class_id
          where cs.school_id = ${schoolId} and k.session_id = ${sessionId} and cs.teacher_id is not null), '[]'::json) as teaches,
        coalesce((select json_agg(json_build_array(sj.id, sj.name)) from subjects sj
          where sj.school_id = ${schoolId} and sj.id in (select subject_id from cells union select subject_id from subs)), '[]'::json) as subjects,
        coalesce((select json_agg(json_build_array(u.id, ${userName('u')}, ${staffPolicy.mayCover(u)})) from users u
          where u.school_id = ${schoolId} and (${staffPolicy.mayCover(u)} or u.id in (select teacher_id from cells)
            or u.id in (select user_id from away) or u.id in (select substitute_id from subs) or u.id in (select absent_teacher_id from subs))), '[]'::json) as people`),
  );
  return rows[0]!;
}

const AWAY_KIND = { absent: 'absent', on_leave: 'on_leave', half_first: 'half_day', half_second: 'half_day' } as const;

/**
 * A lesson of the page with what the rules need besides what the contract shows: uncovered (its
 * teacher away then), or a present teacher's with a saved arrangement (`away` null, an override).
 */
interface Uncovered {
  period: PeriodRow;
  cls: ClassRow;
  subjectId: string;
  absentId: string;
  away: AwayStatus | null;
}

/** Who is where: the day's facts and the rules of who may cover what, over a state of arrangements. */
class Day {
  readonly caps: { daily: number; weekly: number };
  readonly teaching: PeriodRow[];
  readonly periodById: Map<string, PeriodRow>;
  readonly names = new Map<string, string>();
  readonly teachers: string[];
  readonly classes: Map<string, ClassRow>;
  readonly subjects: Map<string, string>;
  readonly awayOf: Map<string, AwayStatus>;
  readonly cellOf = new Map<string, string>();
  readonly teachesClass = new Set<string>();
  readonly teachesSubject = new Set<string>();
  readonly recent = new Map<string, number>();
  readonly weekBefore = new Map<string, number>();
  /** The uncovered lessons and the overridden lessons of present teachers, by period then class. */
  readonly uncovered: Uncovered[];
  /** Every lesson of the weekday in a teaching period, by period then class, whether its teacher is away or not. */
  readonly lessons: Uncovered[];
  /** The lessons by `period|class`. */
  readonly lessonAt = new Map<string, Uncovered>();
  private readonly mid: number;

  constructor(readonly data: DayData) {
    const s = presentSettings(data.settings);
    this.caps = { daily: s.dailyCoverCap, weekly: s.weeklyCoverCap };
    this.teaching = data.periods.filter((p) => !p.isBreak).sort((a, b) => a.start - b.start);
    this.periodById = new Map(data.periods.map((p) => [p.id, p]));
    const first = this.teaching[0]?.start ?? 0;
    const last = Math.max(0, ...this.teaching.map((p) => p.end));
    this.mid = (first + last) / 2;
    for (const [id, name] of data.people) this.names.set(id, name);
    this.teachers = data.people.filter(([, , mayCover]) => mayCover).map(([id]) => id);
    this.classes = new Map(data.classes.map((c) => [c.id, c]));
    this.subjects = new Map(data.subjects);
    this.awayOf = new Map(data.away);
    for (const [classId, periodId, , teacherId] of data.cells) this.cellOf.set(`${teacherId}|${periodId}`, classId);
    for (const c of data.classes) if (c.classTeacherId) this.teachesClass.add(`${c.classTeacherId}|${c.id}`);
    for (const [classId, subjectId, teacherId] of data.teaches) {
      this.teachesClass.add(`${teacherId}|${classId}`);
      this.teachesSubject.add(`${teacherId}|${subjectId}`);
    }
    for (const [t, recent, week] of data.counts) {
      this.recent.set(t, recent);
      this.weekBefore.set(t, week);
    }
    const lessons: Uncovered[] = [];
    for (const [classId, periodId, subjectId, teacherId] of data.cells) {
      const period = this.periodById.get(periodId);
      const cls = this.classes.get(classId);
      if (!period || period.isBreak || !cls) continue;
      const away = this.isAway(teacherId, periodId) ? this.awayOf.get(teacherId)! : null;
      const lesson = { period, cls, subjectId, absentId: teacherId, away };
      lessons.push(lesson);
      this.lessonAt.set(`${periodId}|${classId}`, lesson);
    }
    this.lessons = lessons.sort(
      (a, b) =>
        a.period.start - b.period.start ||
        a.period.id.localeCompare(b.period.id) ||
        a.cls.className.localeCompare(b.cls.className, 'en', { numeric: true }) ||
        a.cls.section.localeCompare(b.cls.section, 'en', { numeric: true }) ||
        a.cls.id.localeCompare(b.cls.id),
    );
    const overridden = new Set(data.subs.map(([periodId, classId]) => `${periodId}|${classId}`));
    this.uncovered = this.lessons.filter((l) => l.away !== null || overridden.has(`${l.period.id}|${l.cls.id}`));
  }

  /** Away in that period: all day, or the half a half day leaves (first half: periods starting before the school day's midpoint). */
  isAway(teacherId: string, periodId: string): boolean {
    const status = this.awayOf.get(teacherId);
    if (!status) return false;
    if (status === 'absent' || status === 'on_leave') return true;
    const p = this.periodById.get(periodId);
    const firstHalf = p ? p.start < this.mid : true;
    return status === 'half_first' ? !firstHalf : firstHalf;
  }

  /** The teaching periods before and after a period. */
  neighbours(periodId: string): string[] {
    const i = this.teaching.findIndex((p) => p.id === periodId);
    return [this.teaching[i - 1]?.id, this.teaching[i + 1]?.id].filter((x): x is string => !!x);
  }

  /** A fresh state of the saved arrangements. */
  savedState(): State {
    const state = new State();
    for (const [periodId, classId, , absentId, substituteId] of this.data.subs) state.add(periodId, classId, substituteId, this.isAway(absentId, periodId));
    return state;
  }

  /** Why `t` may not cover class `classId` in `periodId` in `state`, or null (the caps counted without this class's own arrangement). */
  refusal(state: State, t: string, periodId: string, classId: string, absentId: string): { reason: 'busy'; classId: string } | { reason: 'away' } | { reason: 'cap'; cap: number } | null {
    if (t === absentId || this.isAway(t, periodId)) return { reason: 'away' };
    const teaching = this.cellOf.get(`${t}|${periodId}`);
    if (teaching && !state.substituteOf(periodId, teaching)) return { reason: 'busy', classId: teaching };
    const covering = state.coverOf(t, periodId);
    if (covering && covering !== classId) return { reason: 'busy', classId: covering };
    // An exchange's half (the lesson's own teacher present) is no extra period: no cap.
    if (!this.isAway(absentId, periodId)) return null;
    const own = covering === classId && state.counted(periodId, classId) ? 1 : 0;
    if (state.today(t) - own >= this.caps.daily) return { reason: 'cap', cap: this.caps.daily };
    if ((this.weekBefore.get(t) ?? 0) + state.today(t) - own >= this.caps.weekly) return { reason: 'cap', cap: this.caps.weekly };
    return null;
  }

  /** The free teachers of an uncovered period in `state`, best first. */
  candidates(state: State, u: Uncovered): SubstitutionCandidate[] {
    const ranked = this.teachers
      .filter((t) => this.refusal(state, t, u.period.id, u.cls.id, u.absentId) === null)
      .map((t) => {
        const reasons: SubstitutionReason[] = [];
        if (this.teachesClass.has(`${t}|${u.cls.id}`)) reasons.push('teaches_class');
        if (this.teachesSubject.has(`${t}|${u.subjectId}`)) reasons.push('teaches_subject');
        if (this.neighbours(u.period.id).some((p) => state.coverOf(t, p) === u.cls.id)) reasons.push('adjacent');
        const coversToday = state.today(t);
        const coversRecent = this.recent.get(t) ?? 0;
        return { teacherId: t, fullName: this.names.get(t) ?? '', reasons, coversToday, coversRecent, load: coversRecent + coversToday };
      });
    const has = (c: { reasons: SubstitutionReason[] }, r: SubstitutionReason) => (c.reasons.includes(r) ? 0 : 1);
    ranked.sort(
      (a, b) =>
        has(a, 'teaches_class') - has(b, 'teaches_class') ||
        has(a, 'teaches_subject') - has(b, 'teaches_subject') ||
        a.load - b.load ||
        has(a, 'adjacent') - has(b, 'adjacent') ||
        a.fullName.localeCompare(b.fullName) ||
        a.teacherId.localeCompare(b.teacherId),
    );
    return ranked.map(({ load: _load, ...c }) => c);
  }
}

/**
 * Arrangements: who covers which class in which period, and how many extra periods each takes that
 * date: the covers of a teacher away count (`counted`), an exchange's halves do not (each teacher
 * gives a lesson for the one it takes).
 */
class State {
  private readonly byTeacher = new Map<string, string>();
  private readonly byClass = new Map<string, string>();
  private readonly countedSlots = new Set<string>();
  private readonly counts = new Map<string, number>();
  add(periodId: string, classId: string, t: string, counted: boolean) {
    this.byTeacher.set(`${t}|${periodId}`, classId);
    this.byClass.set(`${periodId}|${classId}`, t);
    if (!counted) return;
    this.countedSlots.add(`${periodId}|${classId}`);
    this.counts.set(t, (this.counts.get(t) ?? 0) + 1);
  }
  remove(periodId: string, classId: string) {
    const t = this.byClass.get(`${periodId}|${classId}`);
    if (!t) return;
    this.byClass.delete(`${periodId}|${classId}`);
    this.byTeacher.delete(`${t}|${periodId}`);
    if (this.countedSlots.delete(`${periodId}|${classId}`)) this.counts.set(t, (this.counts.get(t) ?? 1) - 1);
  }
  counted(periodId: string, classId: string): boolean {
    return this.countedSlots.has(`${periodId}|${classId}`);
  }
  coverOf(t: string, periodId: string): string | undefined {
    return this.byTeacher.get(`${t}|${periodId}`);
  }
  substituteOf(periodId: string, classId: string): string | undefined {
    return this.byClass.get(`${periodId}|${classId}`);
  }
  today(t: string): number {
    return this.counts.get(t) ?? 0;
  }
}

/**
 * "Fill all": the uncovered periods in order, each with its free teachers ranked once the earlier
 * periods' picks are counted (so no teacher is proposed twice in a period, nor beyond a cap), and
 * its proposal: the saved substitute, else the best free teacher, else null.
 */
function propose(day: Day) {
  const saved = day.savedState();
  const state = day.savedState();
  return day.uncovered.map((u) => {
    const savedId = saved.substituteOf(u.period.id, u.cls.id) ?? null;
    const candidates = day.candidates(state, u);
    const proposedId = savedId ?? candidates[0]?.teacherId ?? null;
    if (!savedId && proposedId) state.add(u.period.id, u.cls.id, proposedId, true);
    return { u, savedId, candidates, proposedId };
  });
}

/**
 * Saves the proposal of a date's uncovered periods not yet arranged (the demo's seed: the same
 * greedy as "Fill all"), without telling anyone; two statements. Answers how many were arranged.
 */
export async function arrangeProposal(db: DbOrTx, schoolId: string, sessionId: string, date: string, createdBy: string | null): Promise<number> {
  const day = new Day(await readDay(db, schoolId, sessionId, date));
  const picks = propose(day).filter((p) => p.savedId === null && p.proposedId !== null);
  if (!picks.length) return 0;
  const rows = JSON.stringify(picks.map((p) => ({ period_id: p.u.period.id, class_id: p.u.cls.id, subject_id: p.u.subjectId, absent: p.u.absentId, substitute: p.proposedId })));
  await db.execute(sql`insert into substitutions (school_id, date, period_id, class_id, subject_id, absent_teacher_id, substitute_id, created_by, created_at)
    select ${schoolId}::uuid, ${date}::date, x.period_id, x.class_id, x.subject_id, x.absent, x.substitute, ${createdBy}::uuid, ${now().toISOString()}::timestamptz
    from json_to_recordset(${rows}::json) as x(period_id uuid, class_id uuid, subject_id uuid, absent uuid, substitute uuid)`);
  return picks.length;
}

const classRef = (c: ClassRow) => ({ assignClassId: c.id, masterClass: c.masterClass, className: c.className, section: c.section });

/** The page of a date from its data: the uncovered periods with their arrangement, candidates and the greedy proposal ("Fill all"). */
function presentDay(date: string, rules: DayRules | null, data: DayData | null): SubstitutionDay {
  const { kind, holiday } = rules ? dayKind(rules, date) : { kind: 'outside_session' as DayKind, holiday: null };
  const working = kind === 'school' || kind === 'future';
  const settings = presentSettings(data?.settings);
  const base = { date, dayKind: kind, holidayTitle: holiday?.title ?? null, dailyCap: settings.dailyCoverCap, weeklyCap: settings.weeklyCoverCap };
  if (!data || !rules || !working) return { ...base, canArrange: false, away: [], periods: [], teachers: [], cells: [] };
  const day = new Day(data);
  const saved = day.savedState();
  const periods: UncoveredPeriod[] = propose(day).map(({ u, savedId, candidates, proposedId }) => {
    return {
      periodId: u.period.id,
      periodName: u.period.name,
      startTime: timeOf(u.period.start),
      endTime: timeOf(u.period.end),
      class: classRef(u.cls),
      subjectId: u.subjectId,
      subjectName: day.subjects.get(u.subjectId) ?? '',
      absentTeacherId: u.absentId,
      absentTeacherName: day.names.get(u.absentId) ?? '',
      away: u.away ? AWAY_KIND[u.away] : 'present',
      substitute: savedId ? { teacherId: savedId, fullName: day.names.get(savedId) ?? '' } : null,
      candidates: candidates.slice(0, 5),
      proposedId,
    };
  });
  const free = new Set<string>();
  for (const u of day.uncovered) for (const t of day.teachers) if (!day.refusal(saved, t, u.period.id, u.cls.id, u.absentId)) free.add(t);
  const byName = (a: { fullName: string; teacherId: string }, b: { fullName: string; teacherId: string }) => a.fullName.localeCompare(b.fullName) || a.teacherId.localeCompare(b.teacherId);
  const teacherIds = new Set(day.data.cells.map((c) => c[3]));
  const canArrange = date >= rules.today;
  return {
    ...base,
    canArrange,
    away: [...day.awayOf]
      .filter(([t]) => day.teachers.includes(t) || teacherIds.has(t))
      .map(([teacherId, status]) => ({ teacherId, fullName: day.names.get(teacherId) ?? '', away: AWAY_KIND[status] }))
      .sort(byName),
    periods,
    teachers: [...free].map((teacherId) => ({ teacherId, fullName: day.names.get(teacherId) ?? '' })).sort(byName),
    cells: canArrange ? presentCells(day) : [],
  };
}

/** The lessons of the teachers present all day who may cover, by period then class: what may be exchanged. */
function presentCells(day: Day): TeachingCell[] {
  const mayCover = new Set(day.teachers);
  const out: TeachingCell[] = [];
  for (const u of day.lessons) {
    if (day.awayOf.has(u.absentId) || !mayCover.has(u.absentId)) continue;
    out.push({
      periodId: u.period.id,
      periodName: u.period.name,
      startTime: timeOf(u.period.start),
      class: classRef(u.cls),
      subjectName: day.subjects.get(u.subjectId) ?? '',
      teacherId: u.absentId,
      teacherName: day.names.get(u.absentId) ?? '',
    });
  }
  return out;
}

/** `GET substitutions?date=`: the date's uncovered periods, arrangements and proposal (3 statements). */
export async function substitutionDay(deps: Deps, caller: Caller, date: string): Promise<SubstitutionDay> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  await staffPolicy.assertMayArrange(db, caller, schoolId);
  const sessionId = await sessionOn(db, schoolId, date);
  if (!sessionId) return presentDay(date, null, null);
  const [rules, data] = await Promise.all([loadDayRules(db, schoolId, sessionId, date, date), readDay(db, schoolId, sessionId, date)]);
  return presentDay(date, rules, data);
}

const classLabel = (c: ClassRow) => `${c.className}${c.section ? ` ${c.section}` : ''}`;

/**
 * `POST substitutions`: confirms or removes arrangements of a date, all or none, in one transaction
 * of constant statements. Each item must be a lesson of the date's weekday (400 `not_uncovered`):
 * uncovered, or a present teacher's (an exchange's half); its substitute a teacher of the school
 * (404) other than the lesson's own (400 `substitute_own`), free then in the resulting day (409
 * `substitute_busy` naming the class it teaches or covers; its own lesson given to someone else in
 * the same save does not count), not away (409 `substitute_away`), under the caps once every item
 * counts (409 `substitute_cap`). A lesson taken back whose teacher covers another class then (one
 * half of an exchange in one period) is 409 `substitute_busy`. A lost race with another save (the
 * same substitute, period) is 409 `substitute_busy` too. Each new substitute is told.
 */
export async function saveSubstitutions(deps: Deps, caller: Caller, body: SubstitutionBody): Promise<SubstitutionDay> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  await staffPolicy.assertMayArrange(db, caller, schoolId);
  const sessionId = await sessionOn(db, schoolId, body.date);
  const rules = sessionId ? await loadDayRules(db, schoolId, sessionId, body.date, body.date) : null;
  const kind = rules ? dayKind(rules, body.date).kind : 'outside_session';
  if (!sessionId || !rules || !(kind === 'school' || kind === 'future') || body.date < rules.today) {
    throw new AppError('BAD_REQUEST', 'Arrangements are made for a school day of the session, today or later.', { reason: 'not_uncovered', field: 'date' });
  }
  const { via, flush } = afterCommit(deps);
  try {
    const answer = await inTenant(deps, schoolId, async (tx) => {
      const data = await readDay(tx, schoolId, sessionId, body.date);
      const day = new Day(data);
      const state = day.savedState();
      const items = body.items.map((item) => {
        const u = day.lessonAt.get(`${item.periodId}|${item.assignClassId}`);
        if (!u) {
          if (!day.periodById.has(item.periodId)) throw notFound('Period');
          const c = day.classes.get(item.assignClassId);
          const p = day.periodById.get(item.periodId)!;
          throw new AppError('BAD_REQUEST', 'That class has no lesson in that period on this day.', {
            reason: 'not_uncovered',
            field: 'items',
            params: { period: p.name, className: c?.className ?? '', section: c?.section ?? '' },
          });
        }
        if (item.substituteId !== null && !day.teachers.includes(item.substituteId)) throw notFound('Teacher');
        if (item.substituteId === u.absentId) {
          const name = day.names.get(u.absentId) ?? '';
          throw new AppError('BAD_REQUEST', `${name} teaches that lesson: choose another teacher.`, { reason: 'substitute_own', field: 'items', params: { name } });
        }
        return { ...item, u, before: state.substituteOf(item.periodId, item.assignClassId) ?? null };
      });
      const busy = (t: string, classId: string, period: PeriodRow) => {
        const name = day.names.get(t) ?? '';
        const c = day.classes.get(classId);
        return new AppError('CONFLICT', `${name} is taking ${c ? classLabel(c) : 'another class'} in ${period.name}.`, {
          reason: 'substitute_busy',
          params: { name, className: c?.className ?? '', section: c?.section ?? '', period: period.name },
        });
      };
      // The resulting day first (one class per substitute and period), then each new cover checked in
      // it: an own lesson given to someone else in the same save (an exchange) leaves its teacher free.
      for (const it of items) state.remove(it.periodId, it.assignClassId);
      for (const it of items) {
        if (it.substituteId === null) continue;
        const covering = state.coverOf(it.substituteId, it.periodId);
        if (covering) throw busy(it.substituteId, covering, it.u.period);
        state.add(it.periodId, it.assignClassId, it.substituteId, day.isAway(it.u.absentId, it.periodId));
      }
      for (const it of items) {
        if (it.substituteId === null) {
          // A lesson taken back: its own teacher must not be covering another class then (the other half of an exchange in one period).
          const covering = state.coverOf(it.u.absentId, it.periodId);
          if (covering && !it.u.away) throw busy(it.u.absentId, covering, it.u.period);
          continue;
        }
        const t = it.substituteId;
        const why = day.refusal(state, t, it.periodId, it.assignClassId, it.u.absentId);
        if (why?.reason === 'away') {
          const name = day.names.get(t) ?? '';
          throw new AppError('CONFLICT', `${name} is away then.`, { reason: 'substitute_away', params: { name } });
        }
        if (why?.reason === 'busy') throw busy(t, why.classId, it.u.period);
      }
      // The caps once every item counts (an item's own cover counted): refused only for a teacher given more.
      const extra = items.filter((it) => it.substituteId !== null && it.substituteId !== it.before && day.isAway(it.u.absentId, it.periodId));
      for (const t of new Set(extra.map((it) => it.substituteId!))) {
        const name = day.names.get(t) ?? '';
        const cap = state.today(t) > day.caps.daily ? day.caps.daily : (day.weekBefore.get(t) ?? 0) + state.today(t) > day.caps.weekly ? day.caps.weekly : null;
        if (cap !== null) throw new AppError('CONFLICT', `${name} would take more than ${cap} arrangements.`, { reason: 'substitute_cap', params: { name, cap } });
      }

      const changed = items.filter((it) => it.substituteId !== it.before);
      const at = now().toISOString();
      const keys = JSON.stringify(changed.map((it) => ({ period_id: it.periodId, class_id: it.assignClassId })));
      await tx.execute(sql`delete from substitutions s using json_to_recordset(${keys}::json) as x(period_id uuid, class_id uuid)
        where s.school_id = ${schoolId} and s.date = ${body.date}::date and s.period_id = x.period_id and s.class_id = x.class_id`);
      const added = changed.filter((it) => it.substituteId !== null);
      const rows = JSON.stringify(added.map((it) => ({ period_id: it.periodId, class_id: it.assignClassId, subject_id: it.u.subjectId, absent: it.u.absentId, substitute: it.substituteId })));
      await tx.execute(sql`insert into substitutions (school_id, date, period_id, class_id, subject_id, absent_teacher_id, substitute_id, created_by, created_at)
        select ${schoolId}::uuid, ${body.date}::date, x.period_id, x.class_id, x.subject_id, x.absent, x.substitute, ${caller.userId}::uuid, ${at}::timestamptz
        from json_to_recordset(${rows}::json) as x(period_id uuid, class_id uuid, subject_id uuid, absent uuid, substitute uuid)`);
      const notes: NewNotification[] = added.map((it) => ({
        schoolId,
        userId: it.substituteId!,
        senderId: caller.userId,
        senderName: caller.name,
        kind: 'substitution',
        params: { className: classLabel(it.u.cls), period: it.u.period.name, date: body.date, absent: day.names.get(it.u.absentId) ?? '' },
        link: '/teacherdashboard',
      }));
      await notifyMany(via, tx, notes);
      return presentDay(body.date, rules, await readDay(tx, schoolId, sessionId, body.date));
    });
    flush();
    return answer;
  } catch (err) {
    const constraint = violatedConstraint(err);
    if (constraint === 'substitutions_substitute_uq' || constraint === 'substitutions_class_uq') {
      throw new AppError('CONFLICT', 'Another arrangement was saved for this period at the same moment: open the page again.', {
        reason: 'substitute_busy',
        params: { name: '', className: '', section: '', period: '' },
      });
    }
    throw err;
  }
}

/** `GET substitutions/mine?from=`: the caller's covers from a date (default the school's today) for 7 days, one statement. */
export async function substitutionsMine(deps: Deps, caller: Caller, q: { from?: string }): Promise<SubstitutionCovers> {
  const schoolId = schoolOf(caller);
  const rows = rowsOf<{ from: string; covers: Array<Omit<SubstitutionCover, 'startTime' | 'endTime'> & { start: number; end: number }> | null }>(
    await tenantDb(deps, schoolId).execute(sql`
      with span as (
        select coalesce(${q.from ?? null}::date, ${schoolToday(schoolId)}) as first
      )
      select to_char(span.first, 'YYYY-MM-DD') as "from",
        (select json_agg(json_build_object('date', s.date, 'periodId', p.id, 'periodName', p.name, 'start', p.start_minute, 'end', p.end_minute,
            'class', json_build_object('assignClassId', k.id, 'masterClass', k.master_class, 'className', k.name, 'section', k.section),
            'subjectName', sj.name, 'absentTeacherName', ${userName('u')})
            order by s.date, p.start_minute, k.name, k.section)
          from substitutions s
          join periods p on p.id = s.period_id
          join classes k on k.id = s.class_id
          join subjects sj on sj.id = s.subject_id
          join users u on u.id = s.absent_teacher_id
          where s.school_id = ${schoolId} and s.substitute_id = ${caller.userId} and s.date between span.first and span.first + 6) as covers
      from span`),
  );
  const from = rows[0]!.from;
  return {
    from,
    to: addDays(from, 6),
    covers: (rows[0]!.covers ?? []).map(({ start, end, ...c }) => ({ ...c, date: String(c.date).slice(0, 10), startTime: timeOf(start), endTime: timeOf(end) })),
  };
}
