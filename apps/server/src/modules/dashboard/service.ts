import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_PAGES,
  ROLE,
  initialMonth,
  pickSession,
  type CountKey,
  type DashboardCounts,
  type DashboardHome,
  type DashboardHomeQuery,
  type DashboardQuery,
  type DashboardStudentCards,
  type ParentDashboard,
  type Role,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { notices, schoolCounts, schools, users } from '../../db/schema.js';
import { PLATFORM } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { roleSql } from '../../db/roles.js';
import { AppError, notFound } from '../../errors.js';
import { scopeOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { noticesPolicy } from '../../policy/notices.js';
import { dashboardPolicy } from '../../policy/dashboard.js';
import { localDate } from '../calendar/index.js';
import { calendarMonth } from '../calendar/service.js';
import { fullName } from '../users/service.js';
import { rowsOf } from '../../db/rows.js';
import { getProfile } from '../account/service.js';
import { listSessions, studentClass } from '../academics/index.js';
import { attendanceSummary } from '../attendance/index.js';
import { classWorkOfClass } from '../classwork/service.js';
import { feeSummary, studentFeesFor } from '../fees/index.js';
import { noticeBoard } from '../notices/service.js';
import { listNotifications } from '../notifications/service.js';
import { myChildren } from '../people/service.js';
import { substitutionsMine } from '../staff/index.js';

const USER_ROLE: Record<Exclude<CountKey, 'schools' | 'classes' | 'subjects'>, Role> = {
  systemAdmins: ROLE.SYSTEM_ADMIN,
  admins: ROLE.PRINCIPAL,
  teachers: ROLE.TEACHER,
  students: ROLE.STUDENT,
  parents: ROLE.PARENT,
};

/**
 * All of a dashboard's counts in one statement, from the counters the users trigger keeps (active
 * accounts only): no count grows with the school. Classes are those of the session named (the
 * header's picker), else of the current session; a session that is not the school's answers 404
 * (told by the same statement). Subjects are the school's active subjects.
 */
export async function dashboardCounts(deps: Deps, caller: Caller, q: DashboardQuery = {}): Promise<DashboardCounts> {
  const wanted = dashboardPolicy.countsFor(caller);
  const kind = dashboardPolicy.kindFor(caller);
  const scope = scopeOf(caller);
  const bySession = scope !== PLATFORM && wanted.includes('classes');
  const named = bySession && !!q.sessionId;
  const query = prepared(tenantDb(deps, scope), `dashboard_${caller.roleId}_${named ? 'session' : 'current'}`, (db, name) => {
    const school = sql.placeholder('school');
    const session = sql.placeholder('session');
    // (Drizzle leaves columns unqualified inside sql``, so these subqueries name their own aliases.)
    const current = sql`(select s.id from academic_sessions s where s.school_id = ${school} and s.is_current)`;
    const columns: Record<string, SQL<number> | SQL<boolean>> = {};
    for (const key of wanted) {
      if (key === 'schools') {
        columns[key] = sql<number>`(select count(*) from ${schools})`.mapWith(Number);
      } else if (kind === 'teacher' && (key === 'classes' || key === 'students')) {
        const teaches = sql`c.school_id = ${school} and c.session_id = ${named ? session : current}
          and (c.class_teacher_id = ${sql.placeholder('user')}
            or exists (select 1 from class_subjects x where x.class_id = c.id and x.teacher_id = ${sql.placeholder('user')}))`;
        columns[key] = (key === 'classes'
          ? sql<number>`(select count(*) from classes c where ${teaches})`
          : sql<number>`(select count(*) from class_students st join classes c on c.id = st.class_id where st.school_id = ${school} and ${teaches})`
        ).mapWith(Number);
      } else if (key === 'classes') {
        columns[key] = sql<number>`(select count(*) from classes c where c.school_id = ${school}
          and c.session_id = ${named ? session : current})`.mapWith(Number);
      } else if (key === 'subjects') {
        columns[key] = sql<number>`(select count(*) from subjects x where x.school_id = ${school} and x.status)`.mapWith(Number);
      } else if (key === 'students' && kind === 'parent') {
        // A parent counts its own children.
        columns[key] = sql<number>`(select count(*) from ${users} where ${users.schoolId} = ${school}
          and ${users.roleId} = ${roleSql(ROLE.STUDENT)} and ${users.parentUserId} = ${sql.placeholder('user')} and ${users.status})`.mapWith(Number);
      } else {
        columns[key] = sql<number>`coalesce(sum(${schoolCounts.n}) filter (where ${schoolCounts.roleId} = ${USER_ROLE[key]}), 0)`.mapWith(Number);
      }
    }
    if (named) columns.found = sql<boolean>`exists (select 1 from academic_sessions s where s.id = ${session} and s.school_id = ${school})`;
    const where = and(eq(schoolCounts.active, true), scope === PLATFORM ? undefined : eq(schoolCounts.schoolId, school));
    return db.select(columns).from(schoolCounts).where(where).prepare(name);
  });
  const [row] = await query.execute({ school: scope, user: caller.userId, session: q.sessionId });
  if (named && !row?.found) throw notFound('Session');
  const counts: DashboardCounts['counts'] = {};
  for (const key of wanted) counts[key] = Number(row?.[key] ?? 0);
  return { counts };
}

type ChildRow = {
  id: string;
  first_name: string;
  last_name: string;
  class_name: string | null;
  section: string | null;
  status: ParentDashboard['children'][number]['today'];
  amount: number | string | null;
  due_date: string | null;
};

/**
 * A parent's dashboard, child first (spec section 1): its own active children only (the parent
 * link, in the statement) with their class in the current session, today's daywise mark and the
 * next unpaid instalment (its late fee included: what the parent is to pay); then the latest notice on the parents' board. Two statements.
 */
export async function parentDashboard(deps: Deps, caller: Caller): Promise<ParentDashboard> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const [school] = await db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  if (!school) throw notFound('School');
  const today = localDate(school.timeZone);
  const result = await db.execute(sql`select u.id, u.first_name, u.last_name, c.name as class_name, c.section, m.status, f.amount, f.due_date
    from users u
    left join academic_sessions s on s.school_id = u.school_id and s.is_current
    left join class_students cs on cs.school_id = u.school_id and cs.session_id = s.id and cs.student_id = u.id
    left join classes c on c.id = cs.class_id
    left join lateral (select a.status from attendance_marks a where a.school_id = u.school_id and a.student_id = u.id
      and a.date = ${today}::date and a.period_id is null limit 1) m on true
    left join lateral (select i.amount + coalesce(lf.amount, 0) as amount, i.due_date::text as due_date from fee_records r
      join fee_instalments i on i.fee_record_id = r.id and i.school_id = r.school_id
      left join fee_late_fees lf on lf.school_id = i.school_id and lf.instalment_id = i.id and lf.waived_at is null
      where r.school_id = u.school_id and r.session_id = s.id and r.student_id = u.id and not i.paid
      order by i.due_date, i.seq limit 1) f on true
    where u.school_id = ${schoolId} and u.role_id = ${roleSql(ROLE.STUDENT)} and u.parent_user_id = ${caller.userId} and u.status
    order by u.first_name, u.last_name, u.id`);
  const rows = rowsOf<ChildRow>(result);
  const [notice] = await db
    .select({ id: notices.id, title: notices.title, date: notices.date })
    .from(notices)
    .where(noticesPolicy.boardWhere(schoolId, noticesPolicy.boardRole(caller)))
    .orderBy(desc(notices.date), desc(notices.createdAt), desc(notices.id))
    .limit(1);
  return {
    date: today,
    children: rows.map((r) => ({
      studentId: r.id,
      fullName: fullName({ firstName: r.first_name, lastName: r.last_name }),
      className: r.class_name,
      section: r.section,
      today: r.status,
      nextFee: r.amount === null || r.due_date === null ? null : { amount: Number(r.amount), dueDate: r.due_date },
    })),
    latestNotice: notice ?? null,
  };
}

/**
 * A part of the landing page that its own route would refuse (a 4xx: a record the caller may not
 * see, a month outside every session): null in the answer, so that the card asks its route itself
 * and shows why, as it did before the one answer. Any other failure fails the whole answer.
 */
async function unlessRefused<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return null;
    throw err;
  }
}

/** A student's cards (its class, the class's latest work, its fees) in a session, as their routes answer the caller. */
async function studentCards(deps: Deps, caller: Caller, studentId: string, sessionId: string): Promise<DashboardStudentCards> {
  const [view, fees] = await Promise.all([
    unlessRefused(studentClass(deps, caller, studentId, sessionId)),
    unlessRefused(studentFeesFor(deps, caller, { studentId, sessionId })),
  ]);
  const assignClassId = view?.class?.assignClassId;
  const classWork = assignClassId ? await unlessRefused(classWorkOfClass(deps, caller, assignClassId, { page: 1, pageSize: DASHBOARD_PAGES.classWork })) : null;
  return { studentId, studentClass: view, classWork, fees };
}

/**
 * `GET /api/dashboard/home`: everything the caller's landing page shows, in one answer, each part
 * by the service of its own route (so it is what that route answers the caller: the same access
 * rules, the same figures). The session is the one asked for when it is the school's, else the
 * current one (`pickSession`, as the header picks it). Reads go out as soon as what they need is
 * in: the header's parts, the notices, the sessions and a parent's children at once; then what
 * needs the session (the counts, today's attendance, the fees, each student's cards); then the
 * calendars, which open on today's month (today is the attendance's date, in the school's time
 * zone). A parent's children are a handful: their cards are read per child, each a constant
 * number of statements.
 */
export async function dashboardHome(deps: Deps, caller: Caller, q: DashboardHomeQuery = {}): Promise<DashboardHome> {
  const kind = dashboardPolicy.homeFor(caller);
  const header = Promise.all([getProfile(deps, caller, caller.userId), listNotifications(deps, caller, { page: 1, pageSize: DASHBOARD_PAGES.notifications })]);
  if (kind === 'platform') {
    const [[profile, notifications], { counts }] = await Promise.all([header, dashboardCounts(deps, caller)]);
    return { kind, profile, notifications, sessions: [], sessionId: null, counts };
  }
  // Every promise below ends in the one Promise.all of the role's case: a failure fails the answer once.
  const picked = listSessions(deps, caller).then((sessions) => ({ sessions, session: pickSession(sessions, q.sessionId) }));
  const sessionOf = async () => (await picked).session?.sessionId;
  const attendance = sessionOf().then((sessionId) => attendanceSummary(deps, caller, { sessionId }));
  const counts = () => sessionOf().then(async (sessionId) => (await dashboardCounts(deps, caller, { sessionId })).counts);
  /** A calendar card: the month it opens on, of the session (with a student, its attendance day by day). */
  const calendar = (studentId?: string) =>
    Promise.all([picked, attendance]).then(([{ session }, today]) =>
      unlessRefused(calendarMonth(deps, caller, initialMonth(today.date, session), { sessionId: session?.sessionId, studentId })),
    );
  const common = Promise.all([header, picked, noticeBoard(deps, caller, { page: 1, pageSize: DASHBOARD_PAGES.board }), attendance]).then(
    ([[profile, notifications], { sessions, session }, board, today]) => ({ profile, notifications, sessions, sessionId: session?.sessionId ?? null, board, attendance: today }),
  );
  switch (kind) {
    case 'admin': {
      const fees = sessionOf().then((sessionId) => (sessionId ? feeSummary(deps, caller, { sessionId }) : null));
      const [base, figures, month, summary] = await Promise.all([common, counts(), calendar(), fees]);
      return { kind, ...base, counts: figures, calendar: month, fees: summary };
    }
    case 'teacher': {
      const today = substitutionsMine(deps, caller, {}).then((m) => m.covers.filter((c) => c.date === m.from));
      const [base, figures, month, covers] = await Promise.all([common, counts(), calendar(), today]);
      return { kind, ...base, counts: figures, calendar: month, covers };
    }
    case 'student': {
      const own = sessionOf().then((sessionId) => (sessionId ? studentCards(deps, caller, caller.userId, sessionId) : null));
      const [base, figures, month, student] = await Promise.all([common, counts(), calendar(caller.userId), own]);
      return { kind, ...base, counts: figures, calendar: month, student };
    }
    case 'parent': {
      const own = myChildren(deps, caller);
      // The attendance card's children, each with its calendar (SchoolDayCards); the parent's children, each with its cards.
      const calendars = attendance.then((today) => Promise.all(today.children.map(async (c) => ({ studentId: c.studentId, month: await calendar(c.studentId) }))));
      const students = Promise.all([own, sessionOf()]).then(([list, sessionId]) => (sessionId ? Promise.all(list.map((c) => studentCards(deps, caller, c.userId, sessionId))) : []));
      const [base, children, mine, months, cards] = await Promise.all([common, parentDashboard(deps, caller), own, calendars, students]);
      return { kind, ...base, children, myChildren: mine, calendars: months, students: cards };
    }
  }
}
