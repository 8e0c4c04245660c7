import { z } from 'zod';
import { ROLE, type Role } from './roles.js';
import { envelope, messageOnly, pageQuery } from './envelope.js';
import { changePasswordBody, forgotBody, resetBody, signinBody, signinResult } from './auth.js';
import { profile, selfProfileFields, userIdParams } from './account.js';
import { deliveryListQuery, deliveryRow, messageInput, messageUsage, messageParams, messagePreview, messageSummary, receivedMessage, mobileCodeSent, mobileInput, mobileVerifyInput, notificationPreferences, notificationPreferencesInput, smsHookParams } from './messaging.js';
import { accountChannelParams, channelRuleList, channelRulesInput, messagingSettings, smsAccountInput, whatsAppAccountInput } from './messaging-settings.js';
import { academicSession } from './sessions.js';
import {
  assignClassBody,
  assignClassParams,
  assignStudentsBody,
  assignedClassListQuery,
  autoRollBody,
  classDetail,
  classInput,
  classListQuery,
  classSubject,
  classSummary,
  classUpdate,
  manualRollBody,
  masterData,
  masterItem,
  masterWeek,
  masterWeeksBody,
  moveStudentBody,
  promotionBody,
  promotionResult,
  sessionIdParams,
  sessionInput,
  sessionQuery,
  sessionUpdate,
  studentClassView,
  studentParams,
  subject,
  subjectIdParams,
  subjectInput,
  subjectListQuery,
  subjectUpdate,
  teacherClass,
  teacherClassesQuery,
  teacherSubjectBody,
  unassignedQuery,
} from './academics.js';
import {
  attendanceBody,
  attendanceDay,
  attendanceDayParams,
  attendanceLog,
  attendanceLogQuery,
  attendanceParams,
  attendancePeriodParams,
  attendanceSummary,
  attendanceSummaryQuery,
  calendarMonth,
  calendarParams,
  calendarQuery,
  dayDetail,
  holiday,
  holidayInput,
  holidayListQuery,
  holidayNoticeQuery,
  holidayParams,
  holidayUpdate,
  monthDayParams,
  monthParams,
  monthView,
  period,
  periodInput,
  periodParams,
  periodUpdate,
  periodicQuery,
  teacherWeek,
  teacherWeekQuery,
  timetableBody,
  timetableView,
} from './schoolday.js';
import {
  allFeeQuery,
  classFee,
  classFeeInput,
  classFeeRow,
  collectionQuery,
  collectionReport,
  dueRow,
  duesByClass,
  duesQuery,
  emiParams,
  emiPlanInput,
  feeRecord,
  feeRecordInput,
  feeRecordListQuery,
  feeRecordParams,
  feeRecordRow,
  feeRecordUpdate,
  feeSummary,
  feeType,
  feeTypeInput,
  feeTypeListQuery,
  feeTypeParams,
  feeTypeUpdate,
  markPaidBody,
  markPaidResult,
  outstandingReport,
  paymentParams,
  receiptQuery,
  reverseBody,
  sessionFeeQuery,
  studentFees,
  studentFeesParams,
  lateFeeRuleInput,
  lateFeeSettings,
  waiveLateFeeBody,
} from './fees.js';
import { gatewaySettings, orderParams, payOrder, payOrderInput, payResult, payVerifyInput, razorpayHookQuery, razorpaySettingsInput } from './fees-online.js';
import { batchParams, cashCloseInput, cashClosing, counterCollectInput, counterCollectResult, counterDay, counterDayQuery, counterSearchQuery, counterSearchResult } from './fee-counter.js';
import { settlementQuery, settlementReport, upiClaim, upiClaimBody, upiClaimListQuery, upiClaimParams, upiConfirmBody, upiConfirmResult, upiPay, upiPendingClaim, upiRejectBody, upiSettings, upiSettingsInput } from './fees-upi.js';
import { notificationLanguageInput, notificationPage, pushKey, pushSubscriptionInput, pushUnsubscribeInput } from './notifications.js';
import { notice, noticeInput, noticeListQuery, noticeParams, noticeUpdate } from './notices.js';
import { classWork, classWorkClassParams, classWorkFileParams, classWorkInput, classWorkParams, classWorkQuery, myClassWorkQuery, teachingSlot } from './classwork.js';
import { chatContact, chatContactsQuery, chatConversationPage, chatHistory, chatHistoryQuery, chatMessage, chatPeerParams, chatSendInput, CHAT_ROLES } from './chat.js';
import { dashboardCounts, dashboardHome, dashboardHomeQuery, dashboardQuery, parentDashboard } from './dashboard.js';
import {
  analysisParams,
  classResults,
  classResultsParams,
  correctionListQuery,
  exam,
  examAnalysis,
  examCompletion,
  examInput,
  examNotes,
  examNotesBody,
  examNotesParams,
  examParams,
  examScheme,
  examSchemeInput,
  examTemplateBody,
  examUpdate,
  markCorrection,
  markCorrectionInput,
  publishInput,
  withdrawInput,
  markSheet,
  markSheetBody,
  markSheetParams,
  reportBatch,
  reportBatchBody,
  reportBatchParams,
  reportCard,
  reportCardPdfQuery,
  reportCardQuery,
  sessionExamQuery,
  studentIdParams,
  studentProgress,
} from './exams.js';
import {
  KIND_MANAGERS,
  createdAccount,
  listQuery,
  parentFields,
  personDetail,
  personFields,
  personSummary,
  statusBody,
  studentFields,
  studentListQuery,
} from './people.js';
import { school, schoolIdParams, schoolInput, schoolListQuery, schoolUpdate } from './schools.js';
import { districtParams, place, stateParams } from './master.js';
import { fileNameParams, uploadedFile } from './files.js';
import { exportKindParams, importKindParams, importQuery, importResult } from './imports.js';
import { pageOf } from './envelope.js';
import { checkinBody, checkinQr, checkinResult, staffDay, staffDayBody, staffDayQuery, staffMember, staffMemberInput, staffMemberListQuery, staffMonth, staffMonthCsvQuery, staffMonthQuery, staffSettings, staffSettingsInput } from './staff.js';
import { studentLeave, studentLeaveCancel, studentLeaveDecision, studentLeaveInput, studentLeaveParams, studentLeaveQuery } from './student-leave.js';
import { leaveBalanceInput, leaveBalanceQuery, leaveBalances, leaveType, leaveTypeInput, leaveTypeParams, staffLeave, staffLeaveCancel, staffLeaveDecision, staffLeaveInput, staffLeaveParams, staffLeaveQuery } from './staff-leave.js';
import { substitutionBody, substitutionCovers, substitutionDay, substitutionMineQuery, substitutionQuery, substitutionRegisterQuery } from './substitutions.js';
import { admissionRegisterQuery, admissionRegisterRow, certificate, certificateCancelBody, certificateInput, certificateListQuery, certificateParams, certificatePdfQuery, certificatePreview, certificatePreviewQuery, certificateVerification, idCardBatch, idCardBatchInput, idCardBatchParams, idCardListQuery, studentRegister, studentRegisterInput, studentRegisterParams, udiseExportQuery, verifyParams } from './certificates.js';
import { PUBLIC_API } from './public-api.js';
import { auditEntry, auditListQuery, childConsent, consentInput, consentReport, consentReportQuery, eraseInput, eraseResult, privacyExportQuery, privacyStudentParams } from './privacy.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One API route: path, method, who may call it and the shapes it takes and gives.
 * `roles: 'public'` needs no session; otherwise the caller's role must be listed.
 * The server registers its routes from this table and the authorization tests walk it.
 */
export interface ApiRoute {
  method: HttpMethod;
  url: string;
  roles: 'public' | readonly Role[];
  summary: string;
  body?: z.ZodType;
  params?: z.ZodType;
  querystring?: z.ZodType;
  response: z.ZodType;
  /** Rate-limited per client address and login id (sign-in and one-time-code routes). */
  authRateLimit?: boolean;
  /** Takes multipart/form-data (files) instead of JSON; the handler parses it. */
  multipart?: boolean;
  /** Answers something other than the JSON envelope (a file, CSV). */
  raw?: boolean;
}

const ALL: readonly Role[] = [ROLE.OWNER, ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT, ROLE.STUDENT];

function route<T extends ApiRoute>(def: T): T {
  return def;
}

const ADMINS: readonly Role[] = [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL];
/** Everyone who belongs to a school. */
const SCHOOL: readonly Role[] = [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT, ROLE.STUDENT];
/** Admins, and teachers for the classes they teach (the policy answers 404 for the others). */
const ADMINS_AND_TEACHERS: readonly Role[] = [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER];

/** The five routes of a kind of person: list, create, read, edit, toggle status. */
function people<B extends z.ZodObject>(url: string, roles: readonly Role[], body: B, what: string) {
  const userId = userIdParams;
  return {
    list: route({ method: 'GET', url, roles, summary: `List ${what}s (paginated, search, status filter)`, querystring: listQuery, response: envelope(pageOf(personSummary)) }),
    create: route({ method: 'POST', url, roles, summary: `Add a ${what}: generates the login id and first password`, body, response: envelope(createdAccount) }),
    get: route({ method: 'GET', url: `${url}/:userId`, roles, summary: `One ${what} with every field`, params: userId, response: envelope(personDetail) }),
    update: route({ method: 'PATCH', url: `${url}/:userId`, roles, summary: `Edit a ${what} (only the fields sent)`, params: userId, body: body.partial(), response: envelope(personDetail) }),
    status: route({ method: 'PATCH', url: `${url}/:userId/status`, roles, summary: `Activate or deactivate a ${what} (deactivating ends its sessions)`, params: userId, body: statusBody, response: envelope(personDetail) }),
  };
}

const systemAdmins = people('/api/admins', KIND_MANAGERS.systemAdmins, personFields, 'system admin');
const principalsOf112 = people('/api/school/principal', KIND_MANAGERS.principals, personFields, 'principal');
/**
 * Principals: listed, added and switched on or off by the system admin (112); a principal may also
 * view and edit the principals of its own school (spec section 2: /viewSchooladmindetails/:userId
 * and /editadmindetails/:userId are open to 112 and 113).
 */
const principals = {
  ...principalsOf112,
  get: { ...principalsOf112.get, roles: ADMINS },
  update: { ...principalsOf112.update, roles: ADMINS },
};
const teachers = people('/api/school/teacher', KIND_MANAGERS.teachers, personFields, 'teacher');
const students = people('/api/school/student', KIND_MANAGERS.students, studentFields, 'student');
const parents = people('/api/school/parent', KIND_MANAGERS.parents, parentFields, 'parent');

/** Readiness: every part this node needs answers (Redis only where REDIS_URL is set). */
const readiness = z.object({ status: z.literal('ok'), database: z.literal('ok'), redis: z.literal('ok').optional() });

export const API = {
  health: route({
    method: 'GET',
    url: '/api/health',
    roles: 'public',
    summary: 'Readiness (alias of /api/health/ready): the database answers, and Redis when set; 503 UNAVAILABLE naming what failed',
    response: envelope(readiness),
  }),
  healthLive: route({
    method: 'GET',
    url: '/api/health/live',
    roles: 'public',
    summary: 'Liveness: the process answers (no database); never shed under load',
    response: envelope(z.object({ status: z.literal('ok') })),
  }),
  healthReady: route({
    method: 'GET',
    url: '/api/health/ready',
    roles: 'public',
    summary: 'Readiness: the database answers, and Redis when set; 503 UNAVAILABLE (reason not_ready, params.failed) otherwise',
    response: envelope(readiness),
  }),
  signin: route({
    ...PUBLIC_API.signin,
    summary: 'Sign in with login id and password',
    body: signinBody,
    response: envelope(signinResult),
    authRateLimit: true,
  }),
  forgot: route({
    ...PUBLIC_API.forgot,
    summary: 'Send a one-time code to the account email (same answer for unknown ids)',
    body: forgotBody,
    response: messageOnly,
    authRateLimit: true,
  }),
  reset: route({
    ...PUBLIC_API.reset,
    summary: 'Set a new password with a one-time code; revokes all sessions of the user',
    body: resetBody,
    response: messageOnly,
    authRateLimit: true,
  }),
  signout: route({
    method: 'POST',
    url: '/api/signout',
    roles: ALL,
    summary: 'Revoke the current session',
    response: messageOnly,
  }),
  changePassword: route({
    method: 'PATCH',
    url: '/api/account/password',
    roles: ALL,
    summary: 'Change the own password; other sessions are revoked',
    body: changePasswordBody,
    response: messageOnly,
    authRateLimit: true,
  }),
  profile: route({
    method: 'GET',
    url: '/api/account/:userId',
    roles: ALL,
    summary: 'Profile for the header (own account), with its duties beyond its role (the arrangement register)',
    params: userIdParams,
    response: envelope(profile),
  }),
  sessions: route({
    method: 'GET',
    url: '/api/school/session',
    roles: ALL,
    summary: "Academic sessions of the caller's school, newest first",
    response: envelope(z.array(academicSession)),
  }),
  sessionCreate: route({ method: 'POST', url: '/api/school/session', roles: ADMINS, summary: 'Add an academic session (dates must not overlap another session of the school)', body: sessionInput, response: envelope(academicSession) }),
  sessionUpdate: route({ method: 'PATCH', url: '/api/school/session/:sessionId', roles: ADMINS, summary: 'Edit a session (label, dates)', params: sessionIdParams, body: sessionUpdate, response: envelope(academicSession) }),
  sessionCurrent: route({ method: 'PATCH', url: '/api/school/session/:sessionId/current', roles: ADMINS, summary: 'Mark a session current (the others stop being current)', params: sessionIdParams, response: envelope(academicSession) }),

  // Academics: master data
  masterData: route({ method: 'GET', url: '/api/school/masterdata', roles: ALL, summary: 'Master class list (Nursery, LKG, UKG, 1 to 12) with Hindi names', response: envelope(masterData) }),
  masterSubjects: route({ method: 'GET', url: '/api/school/mastersubjects', roles: ALL, summary: 'Master subject list of Indian boards, with Hindi names', response: envelope(z.array(masterItem)) }),
  masterWeeks: route({ method: 'GET', url: '/api/school/masterweeks', roles: SCHOOL, summary: "Days of the week and which are the school's school days", response: envelope(z.array(masterWeek)) }),
  masterWeeksUpdate: route({ method: 'PUT', url: '/api/school/masterweeks', roles: ADMINS, summary: 'Choose whether Sunday is a school day', body: masterWeeksBody, response: envelope(z.array(masterWeek)) }),

  // Academics: subjects
  subjectList: route({ method: 'GET', url: '/api/school/subject', roles: ADMINS, summary: 'Subjects of the school (paginated, search, status)', querystring: subjectListQuery, response: envelope(pageOf(subject)) }),
  subjectCreate: route({ method: 'POST', url: '/api/school/subject', roles: ADMINS, summary: 'Add a subject from the master list or by name (unique per school, any case)', body: subjectInput, response: envelope(subject) }),
  subjectUpdate: route({ method: 'PATCH', url: '/api/school/subject/:subjectId', roles: ADMINS, summary: 'Rename a subject', params: subjectIdParams, body: subjectUpdate, response: envelope(subject) }),
  subjectStatus: route({ method: 'PATCH', url: '/api/school/subject/:subjectId/status', roles: ADMINS, summary: 'Activate or deactivate a subject', params: subjectIdParams, body: statusBody, response: envelope(subject) }),

  // Academics: classes and sections of a session
  classList: route({ method: 'GET', url: '/api/school/class', roles: ADMINS, summary: 'Classes and sections of a session with their counts and status (paginated)', querystring: classListQuery, response: envelope(pageOf(classSummary)) }),
  classCreate: route({ method: 'POST', url: '/api/school/class', roles: ADMINS, summary: 'Add a class with one or more sections to a session (all or none; class+section unique per session)', body: classInput, response: envelope(z.array(classSummary)) }),
  classUpdate: route({ method: 'PATCH', url: '/api/school/class/:assignClassId', roles: ADMINS, summary: 'Edit a section: its name, class limit or class teacher', params: assignClassParams, body: classUpdate, response: envelope(classSummary) }),
  classDelete: route({ method: 'DELETE', url: '/api/school/class/:assignClassId', roles: ADMINS, summary: 'Remove a section with no students and no subjects', params: assignClassParams, response: messageOnly }),
  assignedClassList: route({ method: 'GET', url: '/api/school/getallassignclass/:sessionId', roles: ADMINS, summary: 'Assigned classes of a session, status filter All / Complete / Pending / Incomplete', params: sessionIdParams, querystring: assignedClassListQuery, response: envelope(pageOf(classSummary)) }),
  assignedClass: route({ method: 'GET', url: '/api/school/getassignclass/:assignClassId', roles: ADMINS_AND_TEACHERS, summary: 'One class: subjects with teachers, class teacher and every student by roll number', params: assignClassParams, response: envelope(classDetail) }),
  assignClass: route({ method: 'POST', url: '/api/school/assignclass', roles: ADMINS, summary: 'Set the subjects taught in a class (and its class teacher) in one transaction', body: assignClassBody, response: envelope(classDetail) }),
  assignTeacherSubject: route({ method: 'POST', url: '/api/school/assignteachersubject', roles: ADMINS, summary: 'Set the teacher of each subject of a class (body { assignments }) in one transaction', body: teacherSubjectBody, response: envelope(classDetail) }),
  classTeacherSubjects: route({ method: 'GET', url: '/api/school/getclassteachersubjects/:assignClassId', roles: ADMINS_AND_TEACHERS, summary: 'The subjects of a class and the teacher of each', params: assignClassParams, response: envelope(z.array(classSubject)) }),
  teacherClasses: route({ method: 'GET', url: '/api/school/assignclassteachersubject', roles: ADMINS_AND_TEACHERS, summary: "A teacher's classes and subjects in a session (a teacher: its own)", querystring: teacherClassesQuery, response: envelope(z.array(teacherClass)) }),

  // Academics: students in classes, roll numbers, promotion
  assignStudents: route({ method: 'POST', url: '/api/school/assignstudentclass', roles: ADMINS, summary: 'Put students into a class (one class per student per session; the class limit holds; all or none)', body: assignStudentsBody, response: envelope(classSummary) }),
  moveStudent: route({ method: 'PATCH', url: '/api/school/assignstudentclass/:userId', roles: ADMINS, summary: "Move a student to another section of its class's session", params: studentParams, body: moveStudentBody, response: envelope(classSummary) }),
  unassignStudent: route({ method: 'DELETE', url: '/api/school/assignstudentclass/:userId', roles: ADMINS, summary: 'Take a student out of its class of a session', params: studentParams, querystring: sessionQuery, response: messageOnly }),
  unassignedStudents: route({ method: 'GET', url: '/api/school/filterassignstudent/:sessionId', roles: ADMINS, summary: 'Active students in no class of the session (paginated, search)', params: sessionIdParams, querystring: unassignedQuery, response: envelope(pageOf(personSummary)) }),
  autoRollNumbers: route({ method: 'POST', url: '/api/school/assignclass/rollno', roles: ADMINS, summary: 'Give roll numbers 1, 2, 3 … by name or by admission date', body: autoRollBody, response: envelope(classDetail) }),
  setRollNumbers: route({ method: 'PUT', url: '/api/school/assignclass/rollno', roles: ADMINS, summary: 'Set roll numbers by hand (unique within the class)', body: manualRollBody, response: envelope(classDetail) }),
  promote: route({ method: 'POST', url: '/api/school/promote', roles: ADMINS, summary: "Promote a class's students into a class of a later session, the held-back ones staying (all or none; dryRun previews)", body: promotionBody, response: envelope(promotionResult) }),
  studentClass: route({ method: 'GET', url: '/api/school/studentclass/:userId', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.PARENT, ROLE.STUDENT], summary: "A student's class, roll number, class teacher and subjects in a session (a parent: its children; a student: itself)", params: studentParams, querystring: sessionQuery, response: envelope(studentClassView) }),

  // The school day (issue 8): periods, timetables, holidays, calendar, attendance
  periodList: route({ method: 'GET', url: '/api/school/period/:sessionId', roles: SCHOOL, summary: 'Periods of a session by start time (breaks included)', params: sessionIdParams, response: envelope(z.array(period)) }),
  periodCreate: route({ method: 'POST', url: '/api/school/period/:sessionId', roles: [ROLE.PRINCIPAL], summary: 'Add a period to a session (periods may not overlap: 409)', params: sessionIdParams, body: periodInput, response: envelope(period) }),
  periodUpdate: route({ method: 'PATCH', url: '/api/school/period/:sessionId/:periodId', roles: [ROLE.PRINCIPAL], summary: 'Edit a period (name, times, break)', params: periodParams, body: periodUpdate, response: envelope(period) }),
  periodDelete: route({ method: 'DELETE', url: '/api/school/period/:sessionId/:periodId', roles: [ROLE.PRINCIPAL], summary: 'Remove a period not used by a timetable or attendance', params: periodParams, response: messageOnly }),
  timetableTeacher: route({ method: 'GET', url: '/api/school/timetable/teacher', roles: ADMINS_AND_TEACHERS, summary: "A teacher's week across all its classes (a teacher: its own)", querystring: teacherWeekQuery, response: envelope(teacherWeek) }),
  timetableGet: route({ method: 'GET', url: '/api/school/timetable/:assignClassId', roles: SCHOOL, summary: "A class's timetable: school days × periods (a parent: its children's classes; a student: its own)", params: assignClassParams, response: envelope(timetableView) }),
  timetableSave: route({ method: 'POST', url: '/api/school/timetable/:assignClassId', roles: [ROLE.PRINCIPAL], summary: "Save a class's whole timetable (a teacher in two classes at one day and period: 409 naming the other class)", params: assignClassParams, body: timetableBody, response: envelope(timetableView) }),
  holidayNotices: route({ method: 'GET', url: '/api/school/adminnoticeboard', roles: SCHOOL, summary: 'Holiday notices: the coming holidays of the session (at most 10)', querystring: holidayNoticeQuery, response: envelope(z.array(holiday)) }),
  holidayList: route({ method: 'GET', url: '/api/school/holidays/:sessionId', roles: SCHOOL, summary: 'Holidays of a session by date (paginated)', params: sessionIdParams, querystring: holidayListQuery, response: envelope(pageOf(holiday)) }),
  holidayCreate: route({ method: 'POST', url: '/api/school/holidays', roles: [ROLE.PRINCIPAL], summary: 'Add a holiday (a date or a range inside the session), optionally notifying chosen roles', body: holidayInput, response: envelope(holiday) }),
  holidayUpdate: route({ method: 'PATCH', url: '/api/school/holidays/:holidayId', roles: [ROLE.PRINCIPAL], summary: 'Edit a holiday', params: holidayParams, body: holidayUpdate, response: envelope(holiday) }),
  holidayDelete: route({ method: 'DELETE', url: '/api/school/holidays/:holidayId', roles: [ROLE.PRINCIPAL], summary: 'Remove a holiday', params: holidayParams, response: messageOnly }),
  calendar: route({ method: 'GET', url: '/api/school/calendar/:monthId', roles: SCHOOL, summary: "A month: school days, holidays, weekly offs and, for a student, its attendance day by day", params: calendarParams, querystring: calendarQuery, response: envelope(calendarMonth) }),
  attendanceSummary: route({ method: 'GET', url: '/api/school/attendance/summary', roles: SCHOOL, summary: "Today's attendance for the dashboard: the school (admins), the teacher's classes, the children's month", querystring: attendanceSummaryQuery, response: envelope(attendanceSummary) }),
  attendanceSave: route({ method: 'POST', url: '/api/school/attendance/:assignClassId/:sessionId', roles: [ROLE.PRINCIPAL, ROLE.TEACHER], summary: 'Mark a whole class for a date (daywise) or a period (periodwise): replaces that day atomically and writes a log', params: attendanceParams, body: attendanceBody, response: envelope(attendanceDay) }),
  attendanceDay: route({ method: 'GET', url: '/api/school/attendance/:assignClassId/:date', roles: ADMINS_AND_TEACHERS, summary: 'A class on a date (daywise): saved marks, or everyone present before a save', params: attendanceDayParams, response: envelope(attendanceDay) }),
  attendancePeriod: route({ method: 'GET', url: '/api/school/attendance/:assignClassId/:date/:periodId', roles: ADMINS_AND_TEACHERS, summary: 'A class on a date and period (periodwise)', params: attendancePeriodParams, response: envelope(attendanceDay) }),
  attendanceDayDetail: route({ method: 'GET', url: '/api/school/attendence/class/:assignClassId/:monthId/:date', roles: ADMINS_AND_TEACHERS, summary: 'One date of a class with the day mark and every period of each student', params: monthDayParams, querystring: periodicQuery, response: envelope(dayDetail) }),
  attendanceMonth: route({ method: 'GET', url: '/api/school/month/attendance/:assignClassId/:monthId', roles: ADMINS_AND_TEACHERS, summary: "A class's month: students × days, percentages and daily totals (periodic=true: periods attended)", params: monthParams, querystring: periodicQuery, response: envelope(monthView) }),
  attendanceLogs: route({ method: 'GET', url: '/api/school/attendence/logs', roles: [ROLE.PRINCIPAL], summary: 'Who marked or changed attendance, newest first (All / Daywise / Periodwise, paginated)', querystring: attendanceLogQuery, response: envelope(pageOf(attendanceLog)) }),

  // Fees (issue 9): fee types, class fees, fee records, instalments, payments and receipts, dues, reports
  feeTypeList: route({ method: 'GET', url: '/api/school/feetype', roles: ADMINS, summary: 'Fee types of the school (paginated, search, status)', querystring: feeTypeListQuery, response: envelope(pageOf(feeType)) }),
  feeTypeCreate: route({ method: 'POST', url: '/api/school/feetype', roles: [ROLE.PRINCIPAL], summary: 'Add a fee type: an amount (paise) or a percent (basis points); negative for a concession', body: feeTypeInput, response: envelope(feeType) }),
  feeTypeUpdate: route({ method: 'PATCH', url: '/api/school/feetype/:feeTypeId', roles: [ROLE.PRINCIPAL], summary: 'Rename a fee type or change its description (its kind and value stay: records keep a copy)', params: feeTypeParams, body: feeTypeUpdate, response: envelope(feeType) }),
  feeTypeStatus: route({ method: 'PATCH', url: '/api/school/feetype/:feeTypeId/status', roles: [ROLE.PRINCIPAL], summary: 'Switch a fee type on or off (off: not offered for new records)', params: feeTypeParams, body: statusBody, response: envelope(feeType) }),
  allFees: route({ method: 'GET', url: '/api/allfee', roles: ADMINS, summary: "Every class of a session with its class fee and total (paginated; a class without one: fee null)", querystring: allFeeQuery, response: envelope(pageOf(classFeeRow)) }),
  classFeeGet: route({ method: 'GET', url: '/api/fee/:assignClassId', roles: ADMINS, summary: "A class's fee: its parts, tax and the total the server computed (null: not set)", params: assignClassParams, response: envelope(classFee.nullable()) }),
  classFeeSave: route({ method: 'POST', url: '/api/fee/:assignClassId', roles: ADMINS, summary: "Set a class's fee (parts in paise, tax in basis points); the server computes the total", params: assignClassParams, body: classFeeInput, response: envelope(classFee) }),
  feeRecordList: route({ method: 'GET', url: '/api/school/feerecord', roles: ADMINS, summary: 'The students of a class by roll number, each with its fee record or null (paginated)', querystring: feeRecordListQuery, response: envelope(pageOf(feeRecordRow)) }),
  feeRecordCreate: route({ method: 'POST', url: '/api/school/feerecord', roles: [ROLE.PRINCIPAL], summary: "Make fee records for students of a class: the class fee plus the chosen fee types (all or none)", body: feeRecordInput, response: envelope(z.array(feeRecord)) }),
  feeRecordUpdate: route({ method: 'PATCH', url: '/api/school/feerecord/:feeRecordId', roles: [ROLE.PRINCIPAL], summary: "Change a record's fee types (not once it has a plan or a payment)", params: feeRecordParams, body: feeRecordUpdate, response: envelope(feeRecord) }),
  feeRecordDelete: route({ method: 'DELETE', url: '/api/school/feerecord/:feeRecordId', roles: [ROLE.PRINCIPAL], summary: 'Remove a fee record and its plan while nothing is paid', params: feeRecordParams, response: messageOnly }),
  emiPlan: route({ method: 'POST', url: '/api/school/feerecord/emi', roles: [ROLE.PRINCIPAL], summary: "Split a record's balance into instalments with due dates (replaces the unpaid ones; the last takes the remainder)", body: emiPlanInput, response: envelope(studentFees) }),
  studentFees: route({ method: 'GET', url: '/api/school/feerecord/emi/student/:studentId/:sessionId', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.PARENT, ROLE.STUDENT], summary: "A student's fees in a session: breakdown, instalments (paid, due, overdue), payments and receipts (a parent: its children; a student: itself)", params: studentFeesParams, response: envelope(studentFees) }),
  emiMarkPaid: route({ method: 'POST', url: '/api/school/feerecord/emi/paid/:emiId', roles: [ROLE.PRINCIPAL], summary: 'Mark an instalment paid: one payment with the next receipt number (marking again changes nothing and answers the same payment)', params: emiParams, body: markPaidBody, response: envelope(markPaidResult) }),
  emiReverse: route({ method: 'POST', url: '/api/school/feerecord/emi/reverse/:emiId', roles: [ROLE.PRINCIPAL], summary: "Reverse a paid instalment's payment with a reason (the receipt stays, marked reversed; the instalment is due again)", params: emiParams, body: reverseBody, response: envelope(studentFees) }),
  feeReceipt: route({ method: 'GET', url: '/api/fee/receipt/:paymentId', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.PARENT, ROLE.STUDENT], summary: 'The PDF receipt of a payment, A5 or an 80 mm roll (a parent: its children; a student: its own)', params: paymentParams, querystring: receiptQuery, raw: true, response: z.any() }),
  feeSummary: route({ method: 'GET', url: '/api/school/feesummary', roles: ADMINS, summary: "A session's fees at a glance: expected, paid, balance, overdue, collected today", querystring: sessionFeeQuery, response: envelope(feeSummary) }),
  feeDues: route({ method: 'GET', url: '/api/school/feedues', roles: ADMINS, summary: 'Overdue instalments, the oldest first (paginated; one class or all)', querystring: duesQuery, response: envelope(pageOf(dueRow)) }),
  feeDuesByClass: route({ method: 'GET', url: '/api/school/feedues/classes', roles: ADMINS, summary: 'Overdue instalments per class of a session: count and sum', querystring: sessionFeeQuery, response: envelope(z.array(duesByClass)) }),
  feeCollection: route({ method: 'GET', url: '/api/school/feereport/collection', roles: ADMINS, summary: 'Payments received between two dates, by day, class or mode (reversed ones left out)', querystring: collectionQuery, response: envelope(collectionReport) }),
  // Fees paid online (issue 25): the school's gateway, orders, Checkout's return, the webhook, refunds of unmatched money.
  paymentSettingsGet: route({ method: 'GET', url: '/api/school/paymentsettings', roles: ADMINS, summary: "The school's payment gateway (Razorpay): key id, mode, a hint of the secrets, the webhook URL to register", response: envelope(gatewaySettings) }),
  paymentSettingsRazorpay: route({ method: 'PUT', url: '/api/school/paymentsettings/razorpay', roles: [ROLE.PRINCIPAL], summary: "Set the school's Razorpay keys and webhook secret (sealed at rest, never shown again; a new webhook URL)", body: razorpaySettingsInput, response: envelope(gatewaySettings) }),
  paymentSettingsRazorpayRemove: route({ method: 'DELETE', url: '/api/school/paymentsettings/razorpay', roles: [ROLE.PRINCIPAL], summary: "Remove the school's Razorpay keys (parents no longer see Pay now)", response: envelope(gatewaySettings) }),
  payOrderCreate: route({ method: 'POST', url: '/api/fee/pay/order', roles: [ROLE.PARENT, ROLE.STUDENT], summary: "Open a gateway order for due instalments of one child (their amounts and late fees): what Checkout needs", body: payOrderInput, response: envelope(payOrder) }),
  payVerify: route({ method: 'POST', url: '/api/fee/pay/verify', roles: [ROLE.PARENT, ROLE.STUDENT], summary: "Checkout's result: the signature checked, the payment fetched, the instalments paid with receipts (or the money flagged for a refund)", body: payVerifyInput, response: envelope(payResult) }),
  payOrderGet: route({ method: 'GET', url: '/api/fee/pay/order/:orderId', roles: [ROLE.PARENT, ROLE.STUDENT], summary: "An order's outcome (paid with receipts, unmatched, failed, or still open)", params: orderParams, response: envelope(payResult) }),
  razorpayHook: route({ method: 'POST', url: '/api/hooks/razorpay', roles: 'public', summary: "Razorpay's webhook for a school (its hook token in ?account=): trusted only with a valid X-Razorpay-Signature of the raw body, else 400", querystring: razorpayHookQuery, raw: true, response: z.any() }),
  feeOrderRefund: route({ method: 'POST', url: '/api/school/feeorders/:orderId/refund', roles: [ROLE.PRINCIPAL], summary: 'Refund the money of an unmatched online payment at the gateway (the order then refunded)', params: orderParams, response: envelope(payResult) }),
  feeOutstanding: route({ method: 'GET', url: '/api/school/feereport/outstanding', roles: ADMINS, summary: 'Per class of a session: fee records, total, paid, balance and overdue', querystring: sessionFeeQuery, response: envelope(outstandingReport) }),
  // Fee counter (issue 25): find a student, collect its ticked instalments as one batch, one receipt (A5 or 80 mm), the day's collection
  feeCounterSearch: route({ method: 'GET', url: '/api/school/feecounter/search', roles: ADMINS, summary: 'Students of the current session (any class) by name, login id, roll number or phone (its own or its parent\'s), at most 10, each with its dues', querystring: counterSearchQuery, response: envelope(counterSearchResult) }),
  feeCounterCollect: route({ method: 'POST', url: '/api/school/feecounter/collect', roles: ADMINS, summary: "Collect a student's instalments (late fees with them) as one batch of payments with receipt numbers (the batch again: its payments, created false)", body: counterCollectInput, response: envelope(counterCollectResult) }),
  feeCounterDay: route({ method: 'GET', url: '/api/school/feecounter/day', roles: ADMINS, summary: "A day's collection by mode (late fees included, reversed ones out) and the cash expected in the drawer", querystring: counterDayQuery, response: envelope(counterDay) }),
  feeCounterClose: route({ method: 'POST', url: '/api/school/feecounter/close', roles: ADMINS, summary: "Close a day at the counter with the cash counted (notes and coins): kept with the cash expected and the difference, and who closed it; a recount closes it again (each kept, the latest shows)", body: cashCloseInput, response: envelope(cashClosing) }),
  feeBatchReceipt: route({ method: 'GET', url: '/api/fee/receipt/batch/:batchId', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.PARENT, ROLE.STUDENT], summary: 'One PDF receipt of every payment of a batch, A5 or an 80 mm roll (a parent: its children; a student: its own)', params: batchParams, querystring: receiptQuery, raw: true, response: z.any() }),
  // Fees by UPI without a gateway, and the daily settlement (issue 25)
  upiSettingsGet: route({ method: 'GET', url: '/api/school/paymentsettings/upi', roles: ADMINS, summary: "The school's UPI id and payee name for payments without a gateway (null: not set)", response: envelope(upiSettings) }),
  upiSettingsSave: route({ method: 'PUT', url: '/api/school/paymentsettings/upi', roles: [ROLE.PRINCIPAL], summary: "Set the school's UPI id (name@bank) and payee name; an empty UPI id removes UPI", body: upiSettingsInput, response: envelope(upiSettings) }),
  feeUpiPay: route({ method: 'GET', url: '/api/fee/upi/:emiId', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.PARENT, ROLE.STUDENT], summary: 'An unpaid instalment as a upi://pay link and its QR code (SVG): the amount due with its late fee, the payee, a reference naming the instalment (a parent: its children; a student: itself)', params: emiParams, response: envelope(upiPay) }),
  feeUpiClaim: route({ method: 'POST', url: '/api/fee/upi/:emiId/claim', roles: [ROLE.PARENT], summary: "A parent's UPI reference for an instalment it paid: pending until the office confirms it (one pending per instalment)", params: emiParams, body: upiClaimBody, response: envelope(upiPendingClaim) }),
  feeUpiClaims: route({ method: 'GET', url: '/api/school/feeupi/claims', roles: ADMINS, summary: "Parents' UPI references by status: pending the oldest first, decided the latest first (paginated)", querystring: upiClaimListQuery, response: envelope(pageOf(upiClaim)) }),
  feeUpiConfirm: route({ method: 'POST', url: '/api/school/feeupi/claims/:claimId/confirm', roles: ADMINS, summary: 'Confirm a pending UPI reference found in the bank statement: the payment (mode upi) with its receipt number', params: upiClaimParams, body: upiConfirmBody, response: envelope(upiConfirmResult) }),
  feeUpiReject: route({ method: 'POST', url: '/api/school/feeupi/claims/:claimId/reject', roles: ADMINS, summary: 'Reject a pending UPI reference with a reason (the parent is told)', params: upiClaimParams, body: upiRejectBody, response: envelope(upiClaim) }),
  feeSettlement: route({ method: 'GET', url: '/api/school/feereport/settlement', roles: ADMINS, summary: "One school day's settlement: online by gateway method, UPI confirmed and pending, the counter's modes, the gateway's unmatched money; format=csv downloads it", querystring: settlementQuery, raw: true, response: envelope(settlementReport) }),

  // Late fees (issue 25): the session's rule, applied by the daily job; a late fee waived with a reason
  lateFeeGet: route({ method: 'GET', url: '/api/school/latefee', roles: ADMINS, summary: "A session's late-fee rule (null: none) and the late fees charged and waived on its unpaid instalments", querystring: sessionFeeQuery, response: envelope(lateFeeSettings) }),
  lateFeeSave: route({ method: 'PUT', url: '/api/school/latefee', roles: [ROLE.PRINCIPAL], summary: "Set a session's late-fee rule (active false: off); the unpaid instalments' late fees follow it at once (waived ones stay waived)", body: lateFeeRuleInput, response: envelope(lateFeeSettings) }),
  lateFeeWaive: route({ method: 'POST', url: '/api/school/feerecord/emi/:emiId/waivelatefee', roles: [ROLE.PRINCIPAL], summary: "Waive an unpaid instalment's late fee with a reason (recorded in the audit log); none to waive: 409", params: emiParams, body: waiveLateFeeBody, response: envelope(studentFees) }),

  notifications: route({
    method: 'GET',
    url: '/api/notifications',
    roles: ALL,
    summary: 'Own notifications, newest first, with the unread count',
    querystring: pageQuery,
    response: envelope(notificationPage),
  }),
  notificationsRead: route({
    method: 'PATCH',
    url: '/api/notifications/read',
    roles: ALL,
    summary: 'Mark all own notifications read',
    response: envelope(z.object({ unread: z.literal(0) })),
  }),
  notificationsLanguage: route({
    method: 'PUT',
    url: '/api/notifications/language',
    roles: ALL,
    summary: 'The language the caller reads (the web picker): Web Push and mail to the caller are written in it',
    body: notificationLanguageInput,
    response: envelope(notificationLanguageInput),
  }),
  // Messages to phones (issue 24)
  notificationPreferences: route({ method: 'GET', url: '/api/account/notification-preferences', roles: SCHOOL, summary: "How the caller is reached beyond the bell: per kind and channel on or off (the caller's choice, else the school's rule), the mobile number, WhatsApp consent, quiet hours", response: envelope(notificationPreferences) }),
  notificationPreferencesSave: route({ method: 'PUT', url: '/api/account/notification-preferences', roles: SCHOOL, summary: 'Change any of the caller\'s choices, WhatsApp consent (recorded with its text\'s version) or quiet hours; what is absent stays', body: notificationPreferencesInput, response: envelope(notificationPreferences) }),
  mobileCode: route({ method: 'POST', url: '/api/account/mobile', roles: SCHOOL, summary: 'Send a one-time code by SMS to the mobile number the caller gives (+91 and ten digits), to verify it: one a minute per person, 3 a day per number, a daily cap per school, and the client address\'s limit (429)', body: mobileInput, response: envelope(mobileCodeSent), authRateLimit: true }),
  mobileVerify: route({ method: 'POST', url: '/api/account/mobile/verify', roles: SCHOOL, summary: 'Verify the mobile number with the code sent to it: SMS and WhatsApp reach the caller there from now on', body: mobileVerifyInput, response: envelope(notificationPreferences) }),
  messagePreview: route({ method: 'POST', url: '/api/school/messages/preview', roles: ADMINS, summary: 'What a message would reach and cost before it is sent: recipients, and per channel those reachable, SMS parts and an estimate', body: messageInput, response: envelope(messagePreview) }),
  messageSend: route({ method: 'POST', url: '/api/school/messages', roles: ADMINS, summary: 'Send a message (or schedule it) to roles, classes or chosen people: the bell for all, SMS or WhatsApp where chosen; queued in one statement per step', body: messageInput, response: envelope(messageSummary) }),
  messageList: route({ method: 'GET', url: '/api/school/messages', roles: ADMINS, summary: "The school's messages, newest first, each with its deliveries counted by status (paginated)", querystring: pageQuery, response: envelope(pageOf(messageSummary)) }),
  messageUsage: route({ method: 'GET', url: '/api/school/messages/usage', roles: ADMINS, summary: 'What went out by SMS and WhatsApp per month (the last 12) and channel: messages sent and failed, parts billed; and the mobile verification codes sent today against the school\'s daily cap', response: envelope(messageUsage) }),
  messageGet: route({ method: 'GET', url: '/api/school/messages/:messageId', roles: ADMINS, summary: "One message of the school with its deliveries counted by status (another school's: 404)", params: messageParams, response: envelope(messageSummary) }),
  messageCancel: route({ method: 'POST', url: '/api/school/messages/:messageId/cancel', roles: ADMINS, summary: "Cancel a message set for later before it goes: it is never sent (409 message_not_scheduled once it went or was cancelled; another school's: 404)", params: messageParams, response: envelope(messageSummary) }),
  messageDeliveries: route({ method: 'GET', url: '/api/school/messages/:messageId/deliveries', roles: ADMINS, summary: "A message's delivery report: per recipient and channel, its status and the provider's reason (paginated, by status and channel)", params: messageParams, querystring: deliveryListQuery, response: envelope(pageOf(deliveryRow)) }),
  // A message as its recipients read it (the bell's notification leads to /inbox/<id>), and its file.
  messageRead: route({ method: 'GET', url: '/api/messages/:messageId', roles: SCHOOL, summary: "A message as a recipient reads it: its text, sender, date and attached file; for those it was sent to and the school's admins (404 for anyone else)", params: messageParams, response: envelope(receivedMessage) }),
  messageAttachment: route({ method: 'GET', url: '/api/messages/:messageId/attachment', roles: SCHOOL, summary: "The file attached to a message, for those it was sent to and the school's admins (404 for anyone else, or when it has none)", params: messageParams, raw: true, response: z.any() }),
  smsHook: route({ method: 'POST', url: '/api/hooks/sms/:provider', roles: 'public', summary: "An SMS provider's delivery reports (MSG91: the school's report token in the URL; anything else 4xx, nothing changed)", params: smsHookParams, raw: true, response: z.any() }),
  whatsappHookVerify: route({ method: 'GET', url: '/api/hooks/whatsapp', roles: 'public', summary: "Meta's webhook verification: answers hub.challenge for a known verify token (400 webhook_untrusted otherwise)", raw: true, response: z.any() }),
  whatsappHook: route({ method: 'POST', url: '/api/hooks/whatsapp', roles: 'public', summary: 'WhatsApp statuses and replies (STOP) from Meta, trusted only with a valid X-Hub-Signature-256', raw: true, response: z.any() }),
  // The school's messaging settings (issue 24): its own provider accounts (secrets write-only) and its rules per kind.
  messagingSettings: route({ method: 'GET', url: '/api/school/messaging/settings', roles: ADMINS, summary: "The school's SMS and WhatsApp accounts (its own, the platform's or none; what is not secret, the secrets' hints, the webhook URLs: the SMS one, which holds a token, to the principal only) and its channel rules per kind", response: envelope(messagingSettings) }),
  messagingSms: route({ method: 'PUT', url: '/api/school/messaging/sms', roles: [ROLE.PRINCIPAL], summary: "Save the school's own MSG91 account: DLT entity id, header and templates; the auth key the first time, else kept when left out (409 secrets_key_missing without SECRETS_KEY)", body: smsAccountInput, response: envelope(messagingSettings) }),
  messagingWhatsapp: route({ method: 'PUT', url: '/api/school/messaging/whatsapp', roles: [ROLE.PRINCIPAL], summary: "Save the school's own WhatsApp Cloud account: phone number id and templates; the access token, app secret and verify token the first time, else kept when left out", body: whatsAppAccountInput, response: envelope(messagingSettings) }),
  messagingAccountDelete: route({ method: 'DELETE', url: '/api/school/messaging/:channel', roles: [ROLE.PRINCIPAL], summary: "Remove the school's own account of a channel: the platform's is used from now on, if there is one", params: accountChannelParams, response: envelope(messagingSettings) }),
  messagingRules: route({ method: 'PUT', url: '/api/school/messaging/rules', roles: [ROLE.PRINCIPAL], summary: "The school's rules of some kinds: the channels a kind goes on when a person has not chosen, and urgent (sent in quiet hours too)", body: channelRulesInput, response: envelope(channelRuleList) }),
  platformMessagingSettings: route({ method: 'GET', url: '/api/platform/messaging/settings', roles: [ROLE.OWNER], summary: "The platform's SMS and WhatsApp accounts, which schools without their own send on (what is not secret, the secrets' hints, the webhook URLs); the rules are the built-in defaults", response: envelope(messagingSettings) }),
  platformMessagingSms: route({ method: 'PUT', url: '/api/platform/messaging/sms', roles: [ROLE.OWNER], summary: "Save the platform's MSG91 account (as a school's: the auth key the first time, else kept when left out; 409 secrets_key_missing without SECRETS_KEY)", body: smsAccountInput, response: envelope(messagingSettings) }),
  platformMessagingWhatsapp: route({ method: 'PUT', url: '/api/platform/messaging/whatsapp', roles: [ROLE.OWNER], summary: "Save the platform's WhatsApp Cloud account (as a school's)", body: whatsAppAccountInput, response: envelope(messagingSettings) }),
  platformMessagingAccountDelete: route({ method: 'DELETE', url: '/api/platform/messaging/:channel', roles: [ROLE.OWNER], summary: "Remove the platform's account of a channel: schools without their own send nothing on it from then on", params: accountChannelParams, response: envelope(messagingSettings) }),
  pushKey: route({ method: 'GET', url: '/api/push/key', roles: ALL, summary: "The server's VAPID public key, for a browser's push subscription", response: envelope(pushKey) }),
  pushSubscribe: route({ method: 'POST', url: '/api/push/subscriptions', roles: ALL, summary: "Store this browser's push subscription for the caller (a known push service only; the same endpoint moves to the caller)", body: pushSubscriptionInput, response: envelope(z.object({ subscribed: z.literal(true) })) }),
  pushUnsubscribe: route({ method: 'DELETE', url: '/api/push/subscriptions', roles: ALL, summary: "Forget this browser's push subscription (the caller's own)", body: pushUnsubscribeInput, response: envelope(z.object({ subscribed: z.literal(false) })) }),

  // Notice board (issue 10)
  noticeCreate: route({ method: 'POST', url: '/api/school/noticeboard', roles: [ROLE.PRINCIPAL], summary: 'Publish a notice to roles (active at once; the targeted users are notified)', body: noticeInput, response: envelope(notice) }),
  noticeList: route({ method: 'GET', url: '/api/school/noticeboard', roles: [ROLE.PRINCIPAL], summary: "The school's notices, newest first (paginated; by status; searched by title)", querystring: noticeListQuery, response: envelope(pageOf(notice)) }),
  noticeGet: route({ method: 'GET', url: '/api/school/noticeboard/:noticeId', roles: [ROLE.PRINCIPAL], summary: 'One notice (the edit form)', params: noticeParams, response: envelope(notice) }),
  noticeUpdate: route({ method: 'PATCH', url: '/api/school/noticeboard/:noticeId', roles: [ROLE.PRINCIPAL], summary: "Change a notice's title, text, date or roles", params: noticeParams, body: noticeUpdate, response: envelope(notice) }),
  noticeStatus: route({ method: 'PATCH', url: '/api/school/noticeboard/:noticeId/status', roles: [ROLE.PRINCIPAL], summary: 'Make a notice active or inactive (inactive: nobody sees it on the board)', params: noticeParams, body: statusBody, response: envelope(notice) }),
  noticeBoard: route({ method: 'GET', url: '/api/school/noticeboard/board', roles: SCHOOL, summary: "The active notices for the caller's role, newest first (paginated): the dashboard's board (the holiday notices keep api/school/adminnoticeboard)", querystring: pageQuery, response: envelope(pageOf(notice)) }),

  // Class work (issue 10)
  classWorkSlots: route({ method: 'GET', url: '/api/school/class/work/slots', roles: [ROLE.TEACHER], summary: 'The classes and subjects of the current session the teacher teaches (where it may post work)', response: envelope(z.array(teachingSlot)) }),
  classWorkCreate: route({ method: 'POST', url: '/api/school/class/work', roles: [ROLE.TEACHER], summary: 'Post work for a class and a subject the teacher teaches, with up to 5 uploaded files; the students and their parents are notified', body: classWorkInput, response: envelope(classWork) }),
  classWorkMine: route({ method: 'GET', url: '/api/school/class/work', roles: [ROLE.TEACHER], summary: "The teacher's own posts, newest first (paginated; one class or subject)", querystring: myClassWorkQuery, response: envelope(pageOf(classWork)) }),
  classWorkOfClass: route({ method: 'GET', url: '/api/school/class/work/class/:assignClassId', roles: SCHOOL, summary: "A class's work, newest first: admins, the class's teachers, its students and their parents (404 for others)", params: classWorkClassParams, querystring: classWorkQuery, response: envelope(pageOf(classWork)) }),
  classWorkDelete: route({ method: 'DELETE', url: '/api/school/class/work/:workId', roles: [ROLE.PRINCIPAL, ROLE.TEACHER], summary: 'Remove class work (its teacher, or the principal) and its files', params: classWorkParams, response: envelope(z.object({ workId: z.uuid() })) }),
  classWorkFile: route({ method: 'GET', url: '/api/school/class/work/:workId/files/:name', roles: SCHOOL, summary: 'A file of class work, for those who may see the work (404 otherwise)', params: classWorkFileParams, raw: true, response: z.any() }),

  // Chat (issue 10)
  chatContacts: route({ method: 'GET', url: '/api/chat/contacts', roles: CHAT_ROLES, summary: 'The people the caller may message (teacher: principals, admins and its students’ parents; parent: its children’s teachers; admins: teachers)', querystring: chatContactsQuery, response: envelope(pageOf(chatContact)) }),
  chatConversations: route({ method: 'GET', url: '/api/chat/conversations', roles: CHAT_ROLES, summary: "The caller's conversations, the latest first, with unread counts", querystring: pageQuery, response: envelope(chatConversationPage) }),
  chatHistory: route({ method: 'GET', url: '/api/chat/:userId/messages', roles: CHAT_ROLES, summary: 'Messages with one person, newest first; before = the oldest shown (load older)', params: chatPeerParams, querystring: chatHistoryQuery, response: envelope(chatHistory) }),
  chatSend: route({ method: 'POST', url: '/api/chat/:userId/messages', roles: CHAT_ROLES, summary: 'Send a message (403 outside the chat pairs; delivered live and as a notification)', params: chatPeerParams, body: chatSendInput, response: envelope(chatMessage) }),
  chatRead: route({ method: 'POST', url: '/api/chat/:userId/read', roles: CHAT_ROLES, summary: "Mark one person's messages to the caller read, and the caller's notifications of them (the sender sees it live)", params: chatPeerParams, response: envelope(z.object({ read: z.number().int().nonnegative(), notes: z.number().int().nonnegative() })) }),

  // Exams, marks and report cards (issue 11)
  examScheme: route({ method: 'GET', url: '/api/school/exam/scheme', roles: ADMINS, summary: "A session's assessment scheme: pass mark, ranks shown, grading scale, co-scholastic areas (the defaults until saved)", querystring: sessionExamQuery, response: envelope(examScheme) }),
  examSchemeSave: route({ method: 'PUT', url: '/api/school/exam/scheme', roles: ADMINS, summary: "Save a session's scheme (grading scale, pass mark, ranks, co-scholastic areas)", body: examSchemeInput, response: envelope(examScheme) }),
  examSchemeTemplate: route({ method: 'POST', url: '/api/school/exam/scheme/template', roles: ADMINS, summary: 'Start a session from a ready-made scheme (CBSE, two terms, state board): its exams and the CBSE scale (409 once the session has exams)', body: examTemplateBody, response: envelope(z.array(exam)) }),
  examList: route({ method: 'GET', url: '/api/school/exam', roles: SCHOOL, summary: "A session's exams in term order (students and parents: the published ones)", querystring: sessionExamQuery, response: envelope(z.array(exam)) }),
  examCreate: route({ method: 'POST', url: '/api/school/exam', roles: ADMINS, summary: 'Add an exam (term) to a session: name, weight, maximum marks (per subject where they differ), term dates', body: examInput, response: envelope(exam) }),
  examUpdate: route({ method: 'PATCH', url: '/api/school/exam/:examId', roles: ADMINS, summary: "Change an exam (not once locked; a maximum below a mark entered is refused)", params: examParams, body: examUpdate, response: envelope(exam) }),
  examDelete: route({ method: 'DELETE', url: '/api/school/exam/:examId', roles: ADMINS, summary: 'Remove an exam that has no marks', params: examParams, response: envelope(z.object({ examId: z.uuid() })) }),
  examLock: route({ method: 'POST', url: '/api/school/exam/:examId/lock', roles: [ROLE.PRINCIPAL], summary: 'Lock an exam: no more marks, except the principal’s recorded corrections', params: examParams, response: envelope(exam) }),
  examUnlock: route({ method: 'POST', url: '/api/school/exam/:examId/unlock', roles: [ROLE.PRINCIPAL], summary: 'Unlock a locked exam that is not published', params: examParams, response: envelope(exam) }),
  examPublish: route({ method: 'POST', url: '/api/school/exam/:examId/publish', roles: [ROLE.PRINCIPAL], summary: 'Publish an exam’s results for classes (locks it): their students and parents see them and are notified; incomplete classes need confirmIncomplete and a reason (else 409 exam_incomplete)', params: examParams, body: publishInput, response: envelope(exam) }),
  examWithdraw: route({ method: 'POST', url: '/api/school/exam/:examId/withdraw', roles: [ROLE.PRINCIPAL], summary: 'Withdraw a published exam’s results for classes, with a reason: hidden again from their students and parents, who are notified (audit log)', params: examParams, body: withdrawInput, response: envelope(exam) }),
  examCompletion: route({ method: 'GET', url: '/api/school/exam/:examId/completion', roles: ADMINS, summary: "How complete an exam's marks are: per class of its session, each subject's marks entered of the class's students (paginated by class)", params: examParams, querystring: pageQuery, response: envelope(examCompletion) }),
  examCorrect: route({ method: 'POST', url: '/api/school/exam/:examId/corrections', roles: [ROLE.PRINCIPAL], summary: 'Correct one mark of a locked or published exam, with a reason (recorded)', params: examParams, body: markCorrectionInput, response: envelope(markCorrection) }),
  examCorrections: route({ method: 'GET', url: '/api/school/exam/:examId/corrections', roles: ADMINS, summary: "An exam's recorded corrections, newest first (paginated)", params: examParams, querystring: correctionListQuery, response: envelope(pageOf(markCorrection)) }),
  markSheet: route({ method: 'GET', url: '/api/school/exam/:examId/marks/:assignClassId/:subjectId', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER], summary: "A class's marks in one subject of an exam (a teacher: a subject it teaches there, else 403)", params: markSheetParams, response: envelope(markSheet) }),
  markSheetSave: route({ method: 'PUT', url: '/api/school/exam/:examId/marks/:assignClassId/:subjectId', roles: [ROLE.PRINCIPAL, ROLE.TEACHER], summary: "Save a class's marks in one subject in one request (not once locked; a mark above the maximum: 400, nothing saved)", params: markSheetParams, body: markSheetBody, response: envelope(markSheet) }),
  examNotes: route({ method: 'GET', url: '/api/school/exam/:examId/notes/:assignClassId', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER], summary: "A class's co-scholastic grades, remarks and term attendance for an exam (a teacher: its own class, else 403)", params: examNotesParams, response: envelope(examNotes) }),
  examNotesSave: route({ method: 'PUT', url: '/api/school/exam/:examId/notes/:assignClassId', roles: [ROLE.PRINCIPAL, ROLE.TEACHER], summary: "Save a class's co-scholastic grades and remarks in one request (the class teacher or the principal; not once locked)", params: examNotesParams, body: examNotesBody, response: envelope(examNotes) }),
  classResults: route({ method: 'GET', url: '/api/school/exam/results/:assignClassId', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER], summary: "A class's results over its session's exams: per student and subject, weighted percentages, grades, ranks (a teacher: a class it teaches)", params: classResultsParams, response: envelope(classResults) }),
  reportCard: route({ method: 'GET', url: '/api/school/exam/reportcard/:studentId', roles: SCHOOL, summary: "A student's report card for a session (students and parents: their own, published exams only; 404 for others)", params: studentIdParams, querystring: reportCardQuery, response: envelope(reportCard) }),
  reportCardPdf: route({ method: 'GET', url: '/api/school/exam/reportcard/:studentId/pdf', roles: SCHOOL, summary: "A student's report card as a PDF, in English or Hindi", params: studentIdParams, querystring: reportCardPdfQuery, raw: true, response: z.any() }),
  reportBatchCreate: route({ method: 'POST', url: '/api/school/exam/reportcards/:assignClassId', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER], summary: "Make one PDF of a class's report cards, off the request path (the job queue); poll the batch", params: classResultsParams, body: reportBatchBody, response: envelope(reportBatch) }),
  reportBatchGet: route({ method: 'GET', url: '/api/school/exam/reportcards/batch/:batchId', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER], summary: 'A batch of report cards (its requester): queued, running, done or failed', params: reportBatchParams, response: envelope(reportBatch) }),
  reportBatchFile: route({ method: 'GET', url: '/api/school/exam/reportcards/batch/:batchId/file', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER], summary: "A finished batch's PDF (its requester)", params: reportBatchParams, raw: true, response: z.any() }),
  examAnalysis: route({ method: 'GET', url: '/api/school/exam/analysis/:examId/:assignClassId', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER], summary: "An exam in a class: per subject the average, highest, lowest, grade distribution and the students below the pass mark", params: analysisParams, response: envelope(examAnalysis) }),
  studentProgress: route({ method: 'GET', url: '/api/school/exam/progress/:studentId', roles: SCHOOL, summary: "A student's percentage across a session's exams, overall and per subject (students and parents: their own, published exams)", params: studentIdParams, querystring: reportCardQuery, response: envelope(studentProgress) }),

  dashboard: route({
    method: 'GET',
    url: '/api/dashboard',
    roles: ALL,
    summary: "Counts for the caller's dashboard (classes of the session named, else of the current session)",
    querystring: dashboardQuery,
    response: envelope(dashboardCounts),
  }),
  parentDashboard: route({
    method: 'GET',
    url: '/api/dashboard/children',
    roles: [ROLE.PARENT],
    summary: "A parent's dashboard: each own child's class, today's attendance and next fee due, and the latest notice",
    response: envelope(parentDashboard),
  }),
  dashboardHome: route({
    method: 'GET',
    url: '/api/dashboard/home',
    roles: ALL,
    summary:
      "Everything the caller's landing page shows, in one answer shaped by role: the counts, today's attendance, the calendar, the notice board, the fees (the admins' at a glance, a parent's children's and a student's own), the class work, the children's cards, the header's profile and sessions, and the bell's first page with its unread count; each part is what its own route answers",
    querystring: dashboardHomeQuery,
    response: envelope(dashboardHome),
  }),
  profileUpdate: route({
    method: 'PATCH',
    url: '/api/account/:userId',
    roles: ALL,
    summary: 'Edit the own contact fields and photo (email, contact, address, image); other fields answer 400',
    params: userIdParams,
    body: selfProfileFields,
    response: envelope(profile),
  }),

  // Schools (platform owner)
  schoolList: route({ method: 'GET', url: '/api/schools', roles: [ROLE.OWNER], summary: 'Schools, newest first', querystring: schoolListQuery, response: envelope(pageOf(school)) }),
  schoolCreate: route({ method: 'POST', url: '/api/schools', roles: [ROLE.OWNER], summary: 'Add a school (or save a draft)', body: schoolInput, response: envelope(school) }),
  schoolGet: route({ method: 'GET', url: '/api/schools/:schoolId', roles: [ROLE.OWNER], summary: 'One school', params: schoolIdParams, response: envelope(school) }),
  schoolUpdate: route({ method: 'PATCH', url: '/api/schools/:schoolId', roles: [ROLE.OWNER], summary: 'Edit a school', params: schoolIdParams, body: schoolUpdate, response: envelope(school) }),
  schoolStatus: route({ method: 'PATCH', url: '/api/schools/:schoolId/status', roles: [ROLE.OWNER], summary: 'Activate or deactivate a school (deactivating ends its users’ sessions)', params: schoolIdParams, body: statusBody, response: envelope(school) }),
  schoolAdminCreate: route({ method: 'POST', url: '/api/schools/:schoolId/admins', roles: [ROLE.OWNER], summary: 'Add a system admin to a school', params: schoolIdParams, body: personFields, response: envelope(createdAccount) }),

  // People
  adminList: { ...systemAdmins.list, querystring: listQuery.extend({ schoolId: z.uuid().optional() }) },
  adminGet: systemAdmins.get,
  adminUpdate: systemAdmins.update,
  adminStatus: systemAdmins.status,
  principalList: principals.list,
  principalCreate: principals.create,
  principalGet: principals.get,
  principalUpdate: principals.update,
  principalStatus: principals.status,
  teacherList: teachers.list,
  teacherCreate: teachers.create,
  teacherGet: teachers.get,
  teacherUpdate: teachers.update,
  teacherStatus: teachers.status,
  studentList: { ...students.list, querystring: studentListQuery, summary: 'List students (paginated, search, status; with sessionId each row carries its class, assignClassId keeps one class)' },
  studentCreate: students.create,
  studentGet: { ...students.get, querystring: z.object({ sessionId: z.uuid().optional() }), summary: 'One student with every field (with sessionId: its class, section and roll number in that session)' },
  studentUpdate: students.update,
  studentStatus: students.status,
  parentList: parents.list,
  parentCreate: parents.create,
  parentGet: parents.get,
  parentUpdate: parents.update,
  parentStatus: parents.status,
  myChildren: route({ method: 'GET', url: '/api/parent/children', roles: [ROLE.PARENT], summary: 'A parent’s own children', response: envelope(z.array(personSummary)) }),
  myChild: route({ method: 'GET', url: '/api/parent/children/:userId', roles: [ROLE.PARENT], summary: 'One of the parent’s children', params: userIdParams, response: envelope(personDetail) }),

  // Bulk
  importPeople: route({ method: 'POST', url: '/api/school/import/:kind', roles: ADMINS, summary: 'Import from CSV: dryRun=true previews; false imports all rows or none', params: importKindParams, querystring: importQuery, multipart: true, response: envelope(importResult) }),
  exportPeople: route({ method: 'GET', url: '/api/school/export/:kind', roles: ADMINS, summary: 'Export a list to CSV (each kind: the roles that may list it, KIND_MANAGERS)', params: exportKindParams, querystring: listQuery.omit({ page: true, pageSize: true }), raw: true, response: z.string() }),

  // Master data
  states: route({ method: 'GET', url: '/api/states', roles: ALL, summary: 'States and union territories of India', response: envelope(z.array(place)) }),
  districts: route({ method: 'GET', url: '/api/districts/:stateId', roles: ALL, summary: 'Districts of a state', params: stateParams, response: envelope(z.array(place)) }),
  cities: route({ method: 'GET', url: '/api/cities/:districtId', roles: ALL, summary: 'Cities and towns of a district', params: districtParams, response: envelope(z.array(place)) }),

  // Children's data rights (issue 12): consent, export, erasure, audit log
  consentGet: route({ method: 'GET', url: '/api/parent/children/:studentId/consent', roles: [ROLE.PARENT], summary: "A child's consent (state, the action in force, history newest first): the parent's own children, 404 otherwise", params: privacyStudentParams, response: envelope(childConsent) }),
  consentGive: route({ method: 'POST', url: '/api/parent/children/:studentId/consent', roles: [ROLE.PARENT], summary: "Give consent for a child against the current consent text (recorded with time, address and browser)", params: privacyStudentParams, body: consentInput, response: envelope(childConsent) }),
  consentWithdraw: route({ method: 'POST', url: '/api/parent/children/:studentId/consent/withdraw', roles: [ROLE.PARENT], summary: 'Withdraw consent for a child (recorded; the history stays)', params: privacyStudentParams, response: envelope(childConsent) }),
  consentReport: route({ method: 'GET', url: '/api/school/privacy/consent', roles: ADMINS, summary: "The school's students with their consent state, and the counts by state (paginated, search)", querystring: consentReportQuery, response: envelope(consentReport) }),
  studentConsent: route({ method: 'GET', url: '/api/school/privacy/students/:studentId/consent', roles: ADMINS, summary: "A student's consent and its history", params: privacyStudentParams, response: envelope(childConsent) }),
  privacyExport: route({ method: 'GET', url: '/api/school/privacy/students/:studentId/export', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.PARENT], summary: 'Everything held about a student as JSON or a PDF (a parent: its own child); recorded in the audit log', params: privacyStudentParams, querystring: privacyExportQuery, raw: true, response: z.any() }),
  privacyErase: route({ method: 'POST', url: '/api/school/privacy/students/:studentId/erase', roles: [ROLE.PRINCIPAL], summary: 'Anonymise a former (inactive) student: personal fields, photo, login and parent link go; attendance, fees and results stay without identity (irreversible)', params: privacyStudentParams, body: eraseInput, response: envelope(eraseResult) }),
  auditList: route({ method: 'GET', url: '/api/school/privacy/audit', roles: ADMINS, summary: "Who viewed or changed students' personal data, newest first (paginated; by student and action; another school's student: 404)", querystring: auditListQuery, response: envelope(pageOf(auditEntry)) }),

  // Registers and certificates (issue 26): admission numbers and UDISE+ fields, TC, bonafide,
  // character and tuition-fee certificates with a public verification page, ID cards, the UDISE+ export
  studentRegisterGet: route({ method: 'GET', url: '/api/school/students/:studentId/register', roles: ADMINS, summary: "A student's register entry: admission number and date, UDISE+ fields (Aadhaar: last four digits only), APAAR consent, leaving", params: studentRegisterParams, response: envelope(studentRegister) }),
  studentRegisterSave: route({ method: 'PUT', url: '/api/school/students/:studentId/register', roles: ADMINS, summary: "Save a student's register entry (an admission number unique in the school; an APAAR id only with the parent's consent, recorded with its text version)", params: studentRegisterParams, body: studentRegisterInput, response: envelope(studentRegister) }),
  admissionRegister: route({ method: 'GET', url: '/api/school/admissionregister', roles: ADMINS, summary: 'The admission register by admission number (paginated, search)', querystring: admissionRegisterQuery, response: envelope(pageOf(admissionRegisterRow)) }),
  admissionRegisterCsv: route({ method: 'GET', url: '/api/school/admissionregister/csv', roles: ADMINS, summary: 'The whole admission register (or a search of it) as CSV', querystring: admissionRegisterQuery, raw: true, response: z.any() }),
  udiseExport: route({ method: 'GET', url: '/api/school/udise/export', roles: ADMINS, summary: "The UDISE+ student data of a session (a class): CSV, a spreadsheet, or format=check: what each student still misses", querystring: udiseExportQuery, raw: true, response: z.any() }),
  certificateIssue: route({ method: 'POST', url: '/api/school/certificates', roles: [ROLE.PRINCIPAL], summary: 'Issue a certificate (tc, bonafide, character, feecert): the next number of its type, its text kept; a TC checks the dues (override with a reason) and sets the student as left', body: certificateInput, response: envelope(certificate) }),
  certificatePreview: route({ method: 'GET', url: '/api/school/certificates/preview', roles: ADMINS, summary: 'What a certificate would say before it is issued: the class, subjects, dues, fees paid up to, tuition fee paid in a financial year, what the register misses', querystring: certificatePreviewQuery, response: envelope(certificatePreview) }),
  certificateList: route({ method: 'GET', url: '/api/school/certificates', roles: ADMINS, summary: 'The certificates register, newest first (paginated; by type, session, student, status, search)', querystring: certificateListQuery, response: envelope(pageOf(certificate)) }),
  certificatePdf: route({ method: 'GET', url: '/api/school/certificates/:certificateId/pdf', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.PARENT, ROLE.STUDENT], summary: "A certificate's PDF in English or Hindi (a reprint in the same language says DUPLICATE); a parent or student: only its own shared certificates", params: certificateParams, querystring: certificatePdfQuery, raw: true, response: z.any() }),
  certificateCancel: route({ method: 'POST', url: '/api/school/certificates/:certificateId/cancel', roles: [ROLE.PRINCIPAL], summary: 'Cancel a certificate with a reason: it keeps its number, marked cancelled (its verification page says so)', params: certificateParams, body: certificateCancelBody, response: envelope(certificate) }),
  myCertificates: route({ method: 'GET', url: '/api/parent/certificates', roles: [ROLE.PARENT, ROLE.STUDENT], summary: "The certificates the school shared: a parent's children's, a student's own (newest first, paginated)", querystring: certificateListQuery, response: envelope(pageOf(certificate)) }),
  certificateVerify: route({ method: 'GET', url: '/api/verify/:token', roles: 'public', summary: "A certificate's or ID card's verification: its type, number, date, school and the student's name, or cancelled; nothing else (rate-limited)", params: verifyParams, response: envelope(certificateVerification) }),
  idCardCreate: route({ method: 'POST', url: '/api/school/idcards', roles: ADMINS, summary: "Make ID cards (CR80, ten to an A4 sheet) for a class, chosen students, or staff, off the request path (the job queue); poll the batch", body: idCardBatchInput, response: envelope(idCardBatch) }),
  idCardList: route({ method: 'GET', url: '/api/school/idcards', roles: ADMINS, summary: "The school's batches of ID cards, newest first (paginated)", querystring: idCardListQuery, response: envelope(pageOf(idCardBatch)) }),
  idCardGet: route({ method: 'GET', url: '/api/school/idcards/:batchId', roles: ADMINS, summary: 'A batch of ID cards: queued, running, done (its PDF) or failed, and who has no photo', params: idCardBatchParams, response: envelope(idCardBatch) }),
  idCardPdf: route({ method: 'GET', url: '/api/school/idcards/:batchId/pdf', roles: ADMINS, summary: "A finished batch's PDF", params: idCardBatchParams, raw: true, response: z.any() }),

  // Staff (issue 42): staff without a sign-in, the day's staff register and the month's
  staffMemberList: route({ method: 'GET', url: '/api/school/staffmembers', roles: ADMINS, summary: 'Staff without a sign-in (drivers, attendants, guards, the office): those still working or all, searched by name (paginated)', querystring: staffMemberListQuery, response: envelope(pageOf(staffMember)) }),
  staffMemberCreate: route({ method: 'POST', url: '/api/school/staffmembers', roles: ADMINS, summary: 'Add a staff member without a sign-in: on the staff register from the day they join to the day they leave', body: staffMemberInput, response: envelope(staffMember) }),
  staffAttendanceDay: route({ method: 'GET', url: '/api/school/staffattendance', roles: ADMINS, summary: "The staff register on a date: every system admin, principal, teacher and staff member working then, with the saved status or present before a save", querystring: staffDayQuery, response: envelope(staffDay) }),
  staffAttendanceSave: route({ method: 'POST', url: '/api/school/staffattendance', roles: ADMINS, summary: "Save a date's staff register whole (everyone once) in one transaction, logged; a holiday, weekly off, future date or a date outside the session is refused", body: staffDayBody, response: envelope(staffDay) }),
  staffAttendanceMonth: route({ method: 'GET', url: '/api/school/staffattendance/month', roles: ADMINS, summary: "A month's staff register: each person's days by status (present, half days, on leave, on duty, absent, late), for payroll", querystring: staffMonthQuery, response: envelope(staffMonth) }),
  staffAttendanceMonthCsv: route({ method: 'GET', url: '/api/school/staffattendance/month/csv', roles: ADMINS, summary: "A month's staff register as CSV (a column a day, then the counts), headed in English or Hindi", querystring: staffMonthCsvQuery, raw: true, response: z.any() }),
  staffCheckinQr: route({ method: 'GET', url: '/api/school/staffattendance/qr', roles: ADMINS, summary: "The office's check-in QR: a token of the school and the 30-second window (HMAC), and the day's check-ins so far", response: envelope(checkinQr) }),
  staffCheckin: route({ method: 'POST', url: '/api/school/staffattendance/checkin', roles: ADMINS_AND_TEACHERS, summary: "Check in by the office's QR (this or the previous 30-second window; else 400 qr_invalid), once a day; late after the first period's start and the grace; only inside-or-not and the accuracy are kept, never the position", body: checkinBody, response: envelope(checkinResult) }),
  staffSettingsGet: route({ method: 'GET', url: '/api/school/staffsettings', roles: ADMINS, summary: "The school's staff settings: check-in's grace and campus radius, the substitution caps, the teachers with the arrangement duty", response: envelope(staffSettings) }),
  staffSettingsSave: route({ method: 'PUT', url: '/api/school/staffsettings', roles: ADMINS, summary: "Save the school's staff settings and the teachers with the arrangement duty (an active teacher of the school each: another school's 404)", body: staffSettingsInput, response: envelope(staffSettings) }),
  // Staff leave (issue 42): types, balances, applications and decisions
  leaveTypeList: route({ method: 'GET', url: '/api/school/leavetypes', roles: ADMINS_AND_TEACHERS, summary: "The school's leave types (CL, EL, ML…): days a session, carry forward, half days, when a document is needed", response: envelope(z.object({ items: z.array(leaveType) })) }),
  leaveTypeCreate: route({ method: 'POST', url: '/api/school/leavetypes', roles: ADMINS, summary: 'Add a leave type (a code taken: 409 leave_type_taken)', body: leaveTypeInput, response: envelope(leaveType) }),
  leaveTypeUpdate: route({ method: 'PUT', url: '/api/school/leavetypes/:leaveTypeId', roles: ADMINS, summary: 'Change a leave type (its grant applies to balances not yet set by hand)', params: leaveTypeParams, body: leaveTypeInput, response: envelope(leaveType) }),
  leaveBalanceList: route({ method: 'GET', url: '/api/school/staffleave/balances', roles: ADMINS_AND_TEACHERS, summary: "A person's leave balances in the current session, by type (a teacher: its own)", querystring: leaveBalanceQuery, response: envelope(leaveBalances) }),
  leaveBalanceSave: route({ method: 'POST', url: '/api/school/staffleave/balances', roles: ADMINS, summary: "Set a person's opening and granted days of a type for the current session (never below what is used: 409 balance_below_used)", body: leaveBalanceInput, response: envelope(leaveBalances) }),
  staffLeaveList: route({ method: 'GET', url: '/api/school/staffleave', roles: ADMINS_AND_TEACHERS, summary: "Leave applications, newest first (admins: everyone's; a teacher: its own), by status (paginated)", querystring: staffLeaveQuery, response: envelope(pageOf(staffLeave)) }),
  staffLeaveApply: route({ method: 'POST', url: '/api/school/staffleave', roles: ADMINS_AND_TEACHERS, summary: 'Apply for leave: the school days of the range are counted (409 no_working_days when none); overlapping one\'s own leave: 409 leave_overlap', body: staffLeaveInput, response: envelope(staffLeave) }),
  staffLeaveDecide: route({ method: 'POST', url: '/api/school/staffleave/:leaveId/decision', roles: ADMINS, summary: "Approve or decline a pending leave with a comment; approval moves the balance (the rest without pay) and writes on leave on the register, in one transaction; one's own: 403", params: staffLeaveParams, body: staffLeaveDecision, response: envelope(staffLeave) }),
  staffLeaveCancel: route({ method: 'POST', url: '/api/school/staffleave/:leaveId/cancel', roles: ADMINS_AND_TEACHERS, summary: 'Cancel a leave: pending, or approved before its first day (which gives the days back)', params: staffLeaveParams, body: staffLeaveCancel, response: envelope(staffLeave) }),
  // Leave asked by parents (issue 43): the child's class teacher decides, the principal too.
  studentLeaveList: route({ method: 'GET', url: '/api/school/leave', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT], summary: "Leave requests for students, pending first then newest (a parent: its children's; a teacher: its classes' as class teacher; the admins: the school's), by status, student or class (paginated)", querystring: studentLeaveQuery, response: envelope(pageOf(studentLeave)) }),
  studentLeaveAsk: route({ method: 'POST', url: '/api/school/leave', roles: [ROLE.PARENT], summary: "Ask leave for one's own child (another child: 404): school days only (409 no_working_days), no overlap with the child's other requests (409 leave_overlap), from at most 7 days back to 60 ahead (400 leave_too_old, leave_too_far); the class teacher is told", body: studentLeaveInput, response: envelope(studentLeave) }),
  studentLeaveDecide: route({ method: 'POST', url: '/api/school/leave/:leaveId/decision', roles: [ROLE.PRINCIPAL, ROLE.TEACHER], summary: "Approve or decline a pending request with a comment (the child's class teacher or the principal; others 404): approval marks the days already saved as leave (school duty: present) in one statement, logged as from the request; the parent is told", params: studentLeaveParams, body: studentLeaveDecision, response: envelope(studentLeave) }),
  studentLeaveCancel: route({ method: 'POST', url: '/api/school/leave/:leaveId/cancel', roles: [ROLE.PRINCIPAL, ROLE.PARENT], summary: 'Cancel a request: pending, or approved before its first day (409 leave_started), which removes its days from the marking list', params: studentLeaveParams, body: studentLeaveCancel, response: envelope(studentLeave) }),
  studentLeaveFile: route({ method: 'GET', url: '/api/school/leave/:leaveId/file', roles: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT], summary: "A request's file (a medical certificate): those who may see the request", params: studentLeaveParams, raw: true, response: z.any() }),
  staffLeaveFile: route({ method: 'GET', url: '/api/school/staffleave/:leaveId/file', roles: ADMINS_AND_TEACHERS, summary: "A leave's document (its applicant and the admins)", params: staffLeaveParams, raw: true, response: z.any() }),
  // Substitution (issue 42): the arrangement register
  substitutionDay: route({ method: 'GET', url: '/api/school/substitutions', roles: ADMINS_AND_TEACHERS, summary: "A date's uncovered periods (their teacher absent, on leave or away that half), each with its arrangement, the free teachers ranked and a proposal for every period; the saved exchanges; the lessons of the teachers present (to exchange); a teacher only with the arrangement duty (else 403)", querystring: substitutionQuery, response: envelope(substitutionDay) }),
  substitutionSave: route({ method: 'POST', url: '/api/school/substitutions', roles: ADMINS_AND_TEACHERS, summary: 'Confirm or remove arrangements, all or none; an exchange of two present teachers is two items (a substitute busy then: 409 substitute_busy naming the class); each substitute is told; a teacher only with the arrangement duty (else 403)', body: substitutionBody, response: envelope(substitutionDay) }),
  substitutionRegister: route({ method: 'GET', url: '/api/school/substitutions/register', roles: ADMINS_AND_TEACHERS, summary: "The date's arrangement register as an A4 PDF, in English or Hindi, for the staff room; a teacher only with the arrangement duty (else 403)", querystring: substitutionRegisterQuery, raw: true, response: z.any() }),
  substitutionMine: route({ method: 'GET', url: '/api/school/substitutions/mine', roles: ADMINS_AND_TEACHERS, summary: "The caller's extra periods (covers) over 7 days from a date (default today)", querystring: substitutionMineQuery, response: envelope(substitutionCovers) }),

  // Files
  upload: route({ method: 'POST', url: '/api/fileupload', roles: ALL, summary: 'Upload one image (field "file")', multipart: true, response: envelope(uploadedFile) }),
  uploadMulti: route({ method: 'POST', url: '/api/fileupload/multi', roles: ALL, summary: 'Upload up to 5 files (field "files")', multipart: true, response: envelope(z.array(uploadedFile)) }),
  uploaded: route({ method: 'GET', url: '/api/uploads/:name', roles: ALL, summary: 'An uploaded file: for a session of its school (404 otherwise); the platform owner reads any', params: fileNameParams, raw: true, response: z.any() }),
} as const satisfies Record<string, ApiRoute>;

/**
 * Each kind of person's routes, described once: the server mounts every kind from this table.
 * (System admins are created per school by the platform owner: `schoolAdminCreate`.)
 */
export const PEOPLE_API = {
  systemAdmins: { list: API.adminList, get: API.adminGet, update: API.adminUpdate, status: API.adminStatus },
  principals: { list: API.principalList, create: API.principalCreate, get: API.principalGet, update: API.principalUpdate, status: API.principalStatus },
  teachers: { list: API.teacherList, create: API.teacherCreate, get: API.teacherGet, update: API.teacherUpdate, status: API.teacherStatus },
  students: { list: API.studentList, create: API.studentCreate, get: API.studentGet, update: API.studentUpdate, status: API.studentStatus },
  parents: { list: API.parentList, create: API.parentCreate, get: API.parentGet, update: API.parentUpdate, status: API.parentStatus },
} as const;

export type ApiName = keyof typeof API;
export type ApiResult<N extends ApiName> = z.infer<(typeof API)[N]['response']>;
