import { ROLE, type Role, type StaffDuty } from './roles.js';

/**
 * Web routes of spec section 2: one table for the router, the role guard, the breadcrumb and the
 * authorization tests. `path` is the React Router pattern under the base path.
 */
export interface WebRoute {
  path: string;
  roles: readonly Role[];
  /** i18n key of the screen's title, used by the breadcrumb and the page heading. */
  title: string;
  /**
   * Roles of `roles` that open the screen only with a duty (issue 42: a teacher opens the
   * arrangement register only with the `arrangement` duty); the menu and the guard check the
   * signed-in profile's `duties`.
   */
  duty?: { name: StaffDuty; roles: readonly Role[] };
}

const ALL: readonly Role[] = [ROLE.OWNER, ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT, ROLE.STUDENT];
const ADMINS: readonly Role[] = [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL];
/** Every role that belongs to a school (not the platform owner). */
const SCHOOL: readonly Role[] = [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT, ROLE.STUDENT];

/** A route titled `routes.<first segment>`, or by `title` where routes share their first segment. */
function r(path: string, roles: readonly Role[], title?: string, duty?: WebRoute['duty']): WebRoute {
  const name = path.split('/')[1] ?? '';
  return { path, roles, title: title ?? `routes.${name}`, ...(duty ? { duty } : {}) };
}

/**
 * Where the spec's route list and its sidebars disagree, the sidebar wins so that every menu item
 * opens: 112 also views /holidays and /viewtimetable, 114 views /viewtimetable, and the teacher's
 * chat with the admin (profile menu) opens /chat.
 */
export const WEB_ROUTES: readonly WebRoute[] = [
  // open to every signed-in role
  r('/dashboard', ALL),
  r('/profile', ALL),
  r('/editprofile', ALL),
  // The notifications' whole history (the bell shows the latest).
  r('/notifications', ALL),
  // How a person is reached beyond the bell (issue 24): SMS, WhatsApp, mail, quiet hours.
  r('/notificationsettings', SCHOOL),
  // 111
  r('/viewSchool', [ROLE.OWNER]),
  r('/addSchool', [ROLE.OWNER]),
  r('/editschool/:schoolId', [ROLE.OWNER]),
  r('/addadmin/:schoolId', [ROLE.OWNER]),
  r('/viewadmin', [ROLE.OWNER]),
  r('/schoollist', [ROLE.OWNER]),
  r('/detailsSchool/:schoolId', [ROLE.OWNER]),
  r('/detailsAdmin/:userId', [ROLE.OWNER]),
  // 112 only
  r('/editAdmin/:userId', [ROLE.SYSTEM_ADMIN]),
  r('/systemadmin', [ROLE.SYSTEM_ADMIN]),
  r('/addadminschool', [ROLE.SYSTEM_ADMIN]),
  r('/viewadminschool', [ROLE.SYSTEM_ADMIN]),
  // 112 and 113
  r('/schooladmin', ADMINS),
  r('/viewstudentdetail/:userId', ADMINS),
  r('/editstudent/:userId', ADMINS),
  r('/editteacher/:userId', ADMINS),
  r('/addParent', ADMINS),
  r('/addclass', ADMINS),
  r('/viewstudent', ADMINS),
  r('/assignedclass', ADMINS),
  r('/viewassignedclasses', ADMINS),
  r('/detailsviewAssignedclasses/:assignClassId', ADMINS),
  r('/assignedstudent', ADMINS),
  r('/viewparents', ADMINS),
  r('/viewsubject', ADMINS),
  r('/viewteachers', ADMINS),
  r('/viewteacherinfo', ADMINS),
  r('/detailsviewteacherInfo/:userId', ADMINS),
  r('/viewclass', ADMINS),
  r('/addstudents', ADMINS),
  r('/addteacher', ADMINS),
  r('/addsubject', ADMINS),
  // A principal may view and edit the principals of its own school (spec section 2).
  r('/viewSchooladmindetails/:userId', ADMINS),
  r('/editadmindetails/:userId', ADMINS),
  r('/assignsubject', ADMINS),
  r('/DetailsParent/:userId', ADMINS),
  r('/detailsTeacher/:userId', ADMINS),
  r('/editparent/:userId', ADMINS),
  r('/feesdetails', ADMINS),
  r('/AddClassFee', ADMINS),
  r('/viewall_fees', ADMINS),
  r('/assignteachersubject', ADMINS),
  // Academics beyond the spec's list (issue 7): the school's sessions, and year-end promotion.
  r('/viewsessions', ADMINS),
  r('/promotion', ADMINS),
  // Fees beyond the spec's list (issue 9): overdue instalments and the collection reports.
  r('/feedues', ADMINS),
  r('/feereports', ADMINS),
  // Late fees (issue 25): the session's rule (the principal sets it, the system admin reads it).
  r('/latefee', ADMINS),
  // The fee counter (issue 25): the office takes a family's fees in one screen.
  r('/feecounter', ADMINS),
  // Fees by UPI without a gateway (issue 25): parents' UPI references for the office to confirm,
  // and the school's ways of being paid (its UPI id; the gateway's keys).
  r('/feeupiclaims', ADMINS),
  r('/admissionregister', ADMINS),
  // Staff (issue 42): the day's staff register and the staff without a sign-in.
  r('/staffattendance', ADMINS),
  r('/staffmembers', ADMINS),
  // Staff leave (everyone with a sign-in on the register applies; the admins decide), self check-in
  // by the office's QR, and the day's arrangement (substitution) register (a teacher only with the
  // arrangement duty: the arrangement in-charge).
  r('/staffleave', [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER]),
  r('/checkin', [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER]),
  r('/substitutions', [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER], undefined, { name: 'arrangement', roles: [ROLE.TEACHER] }),
  // Leave asked by parents (issue 43): the parent asks; the class teacher (and the principal) decide.
  r('/leave', [ROLE.PARENT]),
  r('/leaverequests', [ROLE.PRINCIPAL, ROLE.TEACHER]),
  r('/paymentsettings', [ROLE.PRINCIPAL]),
  // Certificates (issue 26): the register of TC, bonafide, character and tuition-fee certificates
  // (the principal issues and cancels; the system admin reads and prints).
  r('/certificates', ADMINS),
  // ID cards of a class, chosen students or staff, made by the job queue (issue 26).
  r('/idcards', ADMINS),
  // 113 only (112 may view holidays and timetables: its sidebar links them)
  r('/noticeboard', [ROLE.PRINCIPAL]),
  r('/viewall_notice', [ROLE.PRINCIPAL]),
  r('/editnoticeboard/:noticeId', [ROLE.PRINCIPAL]),
  r('/holidays', [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL]),
  r('/viewholidays', [ROLE.PRINCIPAL]),
  r('/timetable', [ROLE.PRINCIPAL]),
  r('/viewtimetable', [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER]),
  r('/period_datapage', [ROLE.PRINCIPAL]),
  r('/addclass_periods', [ROLE.PRINCIPAL]),
  r('/AddFeetype', [ROLE.PRINCIPAL]),
  r('/addfeerecord', [ROLE.PRINCIPAL]),
  r('/addfeeemi', [ROLE.PRINCIPAL]),
  r('/attendancelogs', [ROLE.PRINCIPAL]),
  // Chat pairs (DESIGN section 4): 112 and 113 with teachers, 114 with them and parents, 115 with its children's teachers.
  r('/chat', [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT]),
  // 114
  r('/teacherdashboard', [ROLE.TEACHER]),
  r('/getteacherclass', [ROLE.TEACHER]),
  r('/getattendancedata', [ROLE.TEACHER]),
  r('/ClassTimetable', [ROLE.TEACHER]),
  r('/attendance', [ROLE.TEACHER]),
  r('/viewattendance/:date', [ROLE.TEACHER]),
  r('/classwork', [ROLE.TEACHER]),
  r('/viewclasswork', [ROLE.TEACHER]),
  r('/detailsclassteacherview/:assignClassId', [ROLE.TEACHER]),
  // 115
  r('/parentdashboard', [ROLE.PARENT]),
  r('/parentviewcalender', [ROLE.PARENT]),
  r('/parenttimetable', [ROLE.PARENT]),
  r('/studentfeedata', [ROLE.PARENT]),
  r('/viewstudentsinfo', [ROLE.PARENT]),
  r('/detail_studentsinfo/:userId', [ROLE.PARENT]),
  // A child's class work (issue 10: the parent sees what the student sees).
  r('/childwork', [ROLE.PARENT]),
  // Exams, marks and report cards (issue 11): the scheme and the review (admins), marks and
  // class-teacher notes (teachers; the principal too), results, report cards and analysis.
  r('/examscheme', ADMINS),
  r('/exams', ADMINS),
  r('/marks', [ROLE.PRINCIPAL, ROLE.TEACHER]),
  r('/examremarks', [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER]),
  r('/examresults/:assignClassId', [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER]),
  r('/reportcard/:studentId', [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER]),
  r('/examanalysis', [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER]),
  r('/childresults', [ROLE.PARENT]),
  r('/myresults', [ROLE.STUDENT]),
  // Children's data rights (issue 12): the parent's consent, the admins' consent report (export,
  // erase) and the audit log.
  r('/childconsent', [ROLE.PARENT]),
  // The certificates the school shared with a parent (its children's) or a student (its own), issue 26.
  r('/mycertificates', [ROLE.PARENT, ROLE.STUDENT]),
  r('/dataprivacy', ADMINS),
  r('/auditlog', ADMINS),
  // Messages to parents and staff by the bell, SMS and WhatsApp (issue 24): the list, the composer,
  // what went out by SMS and WhatsApp per month, and a message's delivery report.
  r('/messages', ADMINS),
  r('/messages/new', ADMINS, 'routes.messageNew'),
  r('/messages/usage', ADMINS, 'routes.messageUsage'),
  r('/messages/:messageId', ADMINS, 'routes.message'),
  // A message as its recipients read it, with its file: the bell's notification leads there.
  r('/inbox/:messageId', SCHOOL),
  // The school's SMS and WhatsApp accounts, templates and channel rules (issue 24).
  r('/messagingsettings', [ROLE.PRINCIPAL]),
  // The platform's SMS and WhatsApp accounts, for schools without their own (issue 24).
  r('/platformmessaging', [ROLE.OWNER]),
  // 116
  r('/studentdashboard', [ROLE.STUDENT]),
  r('/studentClass', [ROLE.STUDENT]),
  r('/studentclassfees', [ROLE.STUDENT]),
  r('/studenttimetable', [ROLE.STUDENT]),
  r('/mywork/:assignClassId', [ROLE.STUDENT]),
  // The student's own class's work (the sidebar's entry: no class id to name).
  r('/mywork', [ROLE.STUDENT]),
];

/** Finds the route whose pattern matches a concrete path (case-insensitive, as the router). */
export function matchWebRoute(pathname: string): WebRoute | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/');
  return WEB_ROUTES.find((route) => {
    const pattern = route.path.split('/');
    return (
      pattern.length === parts.length &&
      pattern.every((seg, i) => seg.startsWith(':') || seg.toLowerCase() === (parts[i] ?? '').toLowerCase())
    );
  });
}

/** May a role with these duties (the profile's) open a route? */
export function admits(route: WebRoute, role: number | null | undefined, duties: readonly StaffDuty[] = []): boolean {
  if (role == null || !(route.roles as readonly number[]).includes(role)) return false;
  return !route.duty || !(route.duty.roles as readonly number[]).includes(role) || duties.includes(route.duty.name);
}

/** Does the role (with these duties) open a concrete path? */
export function canOpen(role: number | null | undefined, pathname: string, duties: readonly StaffDuty[] = []): boolean {
  const route = matchWebRoute(pathname);
  return !!route && admits(route, role, duties);
}

/** Does the role open the path only with a duty (so the guard waits for the profile's duties)? */
export function needsDuty(route: WebRoute, role: number | null | undefined): boolean {
  return !!route.duty && role != null && (route.duty.roles as readonly number[]).includes(role);
}

export interface MenuItem {
  path: string;
  title: string;
}
export interface MenuGroup {
  /** i18n key of the group's label. */
  group: string;
  items: MenuItem[];
}
export type MenuEntry = MenuItem | MenuGroup;

function m(path: string): MenuItem {
  const route = WEB_ROUTES.find((x) => x.path === path);
  if (!route) throw new Error(`menu item ${path} has no route`);
  return { path, title: route.title };
}

/**
 * Sidebars of spec section 2 (112 and 113 with collapsible User / Academic / Other groups). The
 * spec's sidebars leave out screens of its own route list that a role opens every day; they are
 * added: the teacher's week (114), the child's calendar, timetable, fees and class work (115), the
 * timetable, fees and class work (116), the notices (113) and the chat of the roles that have one.
 * The admins' screens beyond the spec's have groups of their own (issue 39), not "Other Routes":
 * Fees (every fee screen, the reports too), Registers and certificates, Messages, and Settings and
 * privacy; User, Academic and Other Routes keep the spec's screens and their kin.
 */
export const MENUS: Record<Role, readonly MenuEntry[]> = {
  [ROLE.OWNER]: [m('/dashboard'), m('/viewSchool'), m('/viewadmin'), m('/platformmessaging')],
  [ROLE.SYSTEM_ADMIN]: [
    m('/systemadmin'),
    { group: 'menu.user', items: [m('/viewadminschool'), m('/viewparents'), m('/viewteachers'), m('/viewstudent')] },
    { group: 'menu.academic', items: [m('/viewsessions'), m('/viewsubject'), m('/viewclass'), m('/viewassignedclasses'), m('/examscheme'), m('/exams'), m('/examanalysis')] },
    { group: 'menu.fees', items: [m('/feesdetails'), m('/feecounter'), m('/feeupiclaims'), m('/feereports')] },
    { group: 'menu.staff', items: [m('/staffattendance'), m('/staffleave'), m('/substitutions'), m('/staffmembers')] },
    { group: 'menu.records', items: [m('/admissionregister'), m('/certificates'), m('/idcards')] },
    { group: 'menu.messages', items: [m('/chat'), m('/messages')] },
    { group: 'menu.other', items: [m('/assignsubject'), m('/assignedstudent'), m('/promotion'), m('/holidays'), m('/viewtimetable')] },
    { group: 'menu.settings', items: [m('/dataprivacy'), m('/auditlog')] },
  ],
  [ROLE.PRINCIPAL]: [
    m('/schooladmin'),
    { group: 'menu.user', items: [m('/viewparents'), m('/viewteachers'), m('/viewstudent')] },
    { group: 'menu.academic', items: [m('/viewsessions'), m('/period_datapage'), m('/viewsubject'), m('/viewclass'), m('/viewassignedclasses'), m('/examscheme'), m('/exams'), m('/examanalysis')] },
    { group: 'menu.fees', items: [m('/feesdetails'), m('/feecounter'), m('/addfeeemi'), m('/latefee'), m('/feeupiclaims'), m('/feereports')] },
    { group: 'menu.staff', items: [m('/staffattendance'), m('/staffleave'), m('/substitutions'), m('/staffmembers')] },
    { group: 'menu.records', items: [m('/admissionregister'), m('/certificates'), m('/idcards')] },
    { group: 'menu.messages', items: [m('/viewall_notice'), m('/chat'), m('/messages')] },
    { group: 'menu.other', items: [m('/assignsubject'), m('/assignedstudent'), m('/promotion'), m('/viewholidays'), m('/viewtimetable'), m('/attendancelogs'), m('/leaverequests')] },
    { group: 'menu.settings', items: [m('/messagingsettings'), m('/paymentsettings'), m('/dataprivacy'), m('/auditlog')] },
  ],
  [ROLE.TEACHER]: [
    m('/teacherdashboard'),
    m('/attendance'),
    // The teacher's own week first; then any of its classes' timetables.
    m('/ClassTimetable'),
    m('/viewtimetable'),
    m('/staffleave'),
    m('/checkin'),
    // Only with the arrangement duty (menuFor leaves it out otherwise).
    m('/substitutions'),
    m('/getteacherclass'),
    m('/getattendancedata'),
    m('/leaverequests'),
    m('/classwork'),
    m('/viewclasswork'),
    m('/marks'),
    m('/examremarks'),
    m('/examanalysis'),
    m('/chat'),
  ],
  [ROLE.PARENT]: [m('/parentdashboard'), m('/viewstudentsinfo'), m('/parentviewcalender'), m('/parenttimetable'), m('/studentfeedata'), m('/childwork'), m('/leave'), m('/childresults'), m('/mycertificates'), m('/childconsent'), m('/chat')],
  [ROLE.STUDENT]: [m('/studentdashboard'), m('/studentClass'), m('/studenttimetable'), m('/studentclassfees'), m('/mywork'), m('/myresults'), m('/mycertificates')],
};

/**
 * The sidebar of a role with its duties (the profile's): an item whose route needs a duty the
 * caller lacks is left out, a group left empty too. An unknown role gets an empty menu.
 */
export function menuFor(role: number | null | undefined, duties: readonly StaffDuty[] = []): readonly MenuEntry[] {
  const entries = (role != null && MENUS[role as Role]) || [];
  const shown = (item: MenuItem) => {
    const route = WEB_ROUTES.find((x) => x.path === item.path);
    return !route || admits(route, role, duties);
  };
  return entries.flatMap((e): MenuEntry[] => {
    if (!('group' in e)) return shown(e) ? [e] : [];
    const items = e.items.filter(shown);
    return items.length ? [{ ...e, items }] : [];
  });
}

function titleOf(path: string): string {
  const route = WEB_ROUTES.find((x) => x.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route.title;
}

/** The dashboard's counts (GET /api/dashboard: those of the caller's role). */
export const COUNT_KEYS = ['schools', 'systemAdmins', 'admins', 'teachers', 'students', 'parents', 'classes', 'subjects'] as const;
export type CountKey = (typeof COUNT_KEYS)[number];

/**
 * The label of each dashboard count is the title of the list it counts (the sidebar's label), so
 * a role has one name everywhere: the 112 dashboard's `admins` card says what its sidebar says.
 */
export const COUNT_TITLES: Record<CountKey, string> = {
  schools: titleOf('/viewSchool'),
  systemAdmins: titleOf('/viewadmin'),
  admins: titleOf('/viewadminschool'),
  teachers: titleOf('/viewteachers'),
  students: titleOf('/viewstudent'),
  parents: titleOf('/viewparents'),
  classes: titleOf('/viewclass'),
  subjects: titleOf('/viewsubject'),
};
