import type { API, ApiName } from './api.js';

/**
 * What the OpenAPI document (docs/openapi.json, served at /api/docs/json) says about the API
 * table beyond its schemas: each route's area (its tag), what a download answers, and the error
 * codes a route answers besides the ones every route of its kind may (apps/server/src/http/openapi.ts
 * derives those). A route's operationId is its name in `API`. docs/api.md explains the document.
 */

export interface ApiArea {
  /** The tag: how the document groups routes, one area of the school (a server module, roughly). */
  tag: string;
  description: string;
  routes: readonly ApiName[];
}

/** Every route of `API` in exactly one area (test/openapi.test.ts checks it). */
export const API_AREAS = [
  { tag: 'Health', description: 'Liveness and readiness, for a load balancer or a monitor (no token).', routes: ['health', 'healthLive', 'healthReady'] },
  { tag: 'Auth', description: 'Signing in (the token every other call sends), out, and resetting or changing a password.', routes: ['signin', 'forgot', 'reset', 'signout', 'changePassword'] },
  { tag: 'Account', description: "The caller's own profile.", routes: ['profile', 'profileUpdate'] },
  { tag: 'Schools', description: 'The schools of the platform and their first system admins (the platform owner).', routes: ['schoolList', 'schoolCreate', 'schoolGet', 'schoolUpdate', 'schoolStatus', 'schoolAdminCreate'] },
  {
    tag: 'People',
    description: "System admins, principals, teachers, students and parents of a school; a parent's children; CSV import and export.",
    routes: [
      'adminList', 'adminGet', 'adminUpdate', 'adminStatus',
      'principalList', 'principalCreate', 'principalGet', 'principalUpdate', 'principalStatus',
      'teacherList', 'teacherCreate', 'teacherGet', 'teacherUpdate', 'teacherStatus',
      'studentList', 'studentCreate', 'studentGet', 'studentUpdate', 'studentStatus',
      'parentList', 'parentCreate', 'parentGet', 'parentUpdate', 'parentStatus',
      'myChildren', 'myChild', 'importPeople', 'exportPeople',
    ],
  },
  {
    tag: 'Academics',
    description: 'Academic sessions, master lists, subjects, classes and sections, who teaches what, students in classes, roll numbers and promotion.',
    routes: [
      'sessions', 'sessionCreate', 'sessionUpdate', 'sessionCurrent',
      'masterData', 'masterSubjects', 'masterWeeks', 'masterWeeksUpdate',
      'subjectList', 'subjectCreate', 'subjectUpdate', 'subjectStatus',
      'classList', 'classCreate', 'classUpdate', 'classDelete', 'assignedClassList', 'assignedClass', 'assignClass', 'assignTeacherSubject', 'classTeacherSubjects', 'teacherClasses',
      'assignStudents', 'moveStudent', 'unassignStudent', 'unassignedStudents', 'autoRollNumbers', 'setRollNumbers', 'promote', 'studentClass',
    ],
  },
  { tag: 'Timetable', description: 'Periods of a session and the timetables of classes and teachers.', routes: ['periodList', 'periodCreate', 'periodUpdate', 'periodDelete', 'timetableTeacher', 'timetableGet', 'timetableSave'] },
  { tag: 'Calendar', description: 'Holidays and the month calendar.', routes: ['holidayNotices', 'holidayList', 'holidayCreate', 'holidayUpdate', 'holidayDelete', 'calendar'] },
  { tag: 'Staff', description: "The staff register: staff without a sign-in, each day's attendance of the school's staff and the month's, for payroll.", routes: ['staffMemberList', 'staffMemberCreate', 'staffAttendanceDay', 'staffAttendanceSave', 'staffAttendanceMonth', 'staffAttendanceMonthCsv', 'staffCheckinQr', 'staffCheckin', 'staffSettingsGet', 'staffSettingsSave'] },
  { tag: 'Student leave', description: 'Leave asked by parents for their children, decided by the class teacher or the principal; approved days open as on leave in the marking list.', routes: ['studentLeaveList', 'studentLeaveAsk', 'studentLeaveDecide', 'studentLeaveCancel', 'studentLeaveFile'] },
  { tag: 'Staff leave', description: 'Leave types, balances a session, applications and their approval, which writes on leave on the staff register.', routes: ['leaveTypeList', 'leaveTypeCreate', 'leaveTypeUpdate', 'leaveBalanceList', 'leaveBalanceSave', 'staffLeaveList', 'staffLeaveApply', 'staffLeaveDecide', 'staffLeaveCancel', 'staffLeaveFile'] },
  { tag: 'Substitution', description: "The arrangement register: a date's uncovered periods, suggested substitutes, confirmed arrangements, the register's PDF and a teacher's extra periods.", routes: ['substitutionDay', 'substitutionSave', 'substitutionRegister', 'substitutionMine'] },
  { tag: 'Attendance', description: 'Marking attendance by day or period, and its views and logs.', routes: ['attendanceSummary', 'attendanceSave', 'attendanceDay', 'attendancePeriod', 'attendanceDayDetail', 'attendanceMonth', 'attendanceLogs'] },
  {
    tag: 'Fees',
    description: "Fee types, class fees, students' fee records and instalments, payments and receipts, late fees, dues and reports; amounts in paise.",
    routes: [
      'feeTypeList', 'feeTypeCreate', 'feeTypeUpdate', 'feeTypeStatus', 'allFees', 'classFeeGet', 'classFeeSave',
      'feeRecordList', 'feeRecordCreate', 'feeRecordUpdate', 'feeRecordDelete', 'emiPlan', 'studentFees', 'emiMarkPaid', 'emiReverse', 'feeReceipt',
      'feeSummary', 'feeDues', 'feeDuesByClass', 'feeCollection', 'feeOutstanding', 'lateFeeGet', 'lateFeeSave', 'lateFeeWaive',
    ],
  },
  {
    tag: 'Payments',
    description: 'Fees paid at the counter, online through the gateway and by UPI, and the daily settlement.',
    routes: [
      'feeCounterSearch', 'feeCounterCollect', 'feeCounterDay', 'feeCounterClose', 'feeBatchReceipt',
      'paymentSettingsGet', 'paymentSettingsRazorpay', 'paymentSettingsRazorpayRemove', 'payOrderCreate', 'payVerify', 'payOrderGet', 'feeOrderRefund',
      'upiSettingsGet', 'upiSettingsSave', 'feeUpiPay', 'feeUpiClaim', 'feeUpiClaims', 'feeUpiConfirm', 'feeUpiReject', 'feeSettlement',
    ],
  },
  { tag: 'Exams', description: 'Assessment schemes, exams, marks, co-scholastic notes, results, report cards and analysis.', routes: [
    'examScheme', 'examSchemeSave', 'examSchemeTemplate', 'examList', 'examCreate', 'examUpdate', 'examDelete', 'examLock', 'examUnlock', 'examPublish', 'examWithdraw',
    'examCompletion', 'examCorrect', 'examCorrections', 'markSheet', 'markSheetSave', 'examNotes', 'examNotesSave', 'classResults',
    'reportCard', 'reportCardPdf', 'reportBatchCreate', 'reportBatchGet', 'reportBatchFile', 'examAnalysis', 'studentProgress',
  ] },
  { tag: 'Notices', description: "The school's notice board.", routes: ['noticeCreate', 'noticeList', 'noticeGet', 'noticeUpdate', 'noticeStatus', 'noticeBoard'] },
  { tag: 'Class work', description: 'Work teachers post for their classes, with files.', routes: ['classWorkSlots', 'classWorkCreate', 'classWorkMine', 'classWorkOfClass', 'classWorkDelete', 'classWorkFile'] },
  { tag: 'Chat', description: 'Messages between parents, teachers and the school office.', routes: ['chatContacts', 'chatConversations', 'chatHistory', 'chatSend', 'chatRead'] },
  { tag: 'Notifications', description: "The bell's notifications, their language, and Web Push subscriptions.", routes: ['notifications', 'notificationsRead', 'notificationsLanguage', 'pushKey', 'pushSubscribe', 'pushUnsubscribe'] },
  {
    tag: 'Messaging',
    description: "Messages to phones (SMS, WhatsApp): a person's channels and mobile number, the school's messages and delivery reports, and the school's and platform's provider accounts.",
    routes: [
      'notificationPreferences', 'notificationPreferencesSave', 'mobileCode', 'mobileVerify',
      'messagePreview', 'messageSend', 'messageList', 'messageUsage', 'messageGet', 'messageCancel', 'messageDeliveries', 'messageRead', 'messageAttachment',
      'messagingSettings', 'messagingSms', 'messagingWhatsapp', 'messagingAccountDelete', 'messagingRules',
      'platformMessagingSettings', 'platformMessagingSms', 'platformMessagingWhatsapp', 'platformMessagingAccountDelete',
    ],
  },
  { tag: 'Webhooks', description: "Called by payment and messaging providers, trusted by their signatures or tokens; not for other clients.", routes: ['razorpayHook', 'smsHook', 'whatsappHookVerify', 'whatsappHook'] },
  { tag: 'Dashboard', description: "The caller's landing page: all it shows in one answer (dashboardHome), or its counts and a parent's children's cards alone.", routes: ['dashboardHome', 'dashboard', 'parentDashboard'] },
  { tag: 'Places', description: 'States, districts and cities of India.', routes: ['states', 'districts', 'cities'] },
  {
    tag: 'Privacy',
    description: "Children's data rights: parents' consent, a student's data export and erasure, and the audit log.",
    routes: ['consentGet', 'consentGive', 'consentWithdraw', 'consentReport', 'studentConsent', 'privacyExport', 'privacyErase', 'auditList'],
  },
  {
    tag: 'Certificates',
    description: 'The admission register and UDISE+ data, certificates (TC, bonafide, character, fee) with their public verification, and ID cards.',
    routes: [
      'studentRegisterGet', 'studentRegisterSave', 'admissionRegister', 'admissionRegisterCsv', 'udiseExport',
      'certificateIssue', 'certificatePreview', 'certificateList', 'certificatePdf', 'certificateCancel', 'myCertificates', 'certificateVerify',
      'idCardCreate', 'idCardList', 'idCardGet', 'idCardPdf',
    ],
  },
  { tag: 'Files', description: 'Uploading files and reading them back.', routes: ['upload', 'uploadMulti', 'uploaded'] },
] as const satisfies readonly ApiArea[];

/** A route answering something other than the JSON envelope (`raw: true` in the table). */
export type RawApiName = { [K in ApiName]: (typeof API)[K] extends { raw: true } ? K : never }[ApiName];

/**
 * What a raw route answers, by media type: `file` (bytes: a PDF, a CSV, a spreadsheet, an
 * uploaded file), `text`, `json` (JSON without a schema: a provider's acknowledgement) or
 * `envelope` (the route's own response schema, where a query chooses JSON or a file).
 */
export type DownloadBody = 'file' | 'text' | 'json' | 'envelope';

export const PDF = 'application/pdf';
export const CSV = 'text/csv';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An uploaded file: the type it was uploaded with (an image or a document). */
export const ANY_FILE = 'application/octet-stream';

export const API_DOWNLOADS = {
  feeReceipt: { [PDF]: 'file' },
  feeBatchReceipt: { [PDF]: 'file' },
  feeSettlement: { 'application/json': 'envelope', [CSV]: 'file' },
  reportCardPdf: { [PDF]: 'file' },
  reportBatchFile: { [PDF]: 'file' },
  exportPeople: { [CSV]: 'file' },
  privacyExport: { 'application/json': 'json', [PDF]: 'file' },
  admissionRegisterCsv: { [CSV]: 'file' },
  staffAttendanceMonthCsv: { [CSV]: 'file' },
  staffLeaveFile: { [ANY_FILE]: 'file' },
  studentLeaveFile: { [ANY_FILE]: 'file' },
  substitutionRegister: { [PDF]: 'file' },
  udiseExport: { [CSV]: 'file', [XLSX]: 'file', 'application/json': 'json' },
  certificatePdf: { [PDF]: 'file' },
  idCardPdf: { [PDF]: 'file' },
  classWorkFile: { [ANY_FILE]: 'file' },
  messageAttachment: { [ANY_FILE]: 'file' },
  uploaded: { [ANY_FILE]: 'file' },
  razorpayHook: { 'application/json': 'json' },
  smsHook: { 'application/json': 'json' },
  whatsappHook: { 'application/json': 'json' },
  whatsappHookVerify: { 'text/plain': 'text' },
} as const satisfies Record<RawApiName, Record<string, DownloadBody>>;

/** Multipart routes (`multipart: true`): the form field each file goes in, and whether it takes several. */
export const API_UPLOADS = {
  upload: { field: 'file', many: false },
  uploadMulti: { field: 'files', many: true },
  importPeople: { field: 'file', many: false },
} as const satisfies Partial<Record<ApiName, { field: string; many: boolean }>>;

/**
 * Error statuses a route answers beyond those of its kind (apps/server/src/http/openapi.ts): the
 * public routes' own, the readiness checks' 503, and the rate limits outside the credential routes.
 */
export const API_EXTRA_ERRORS: Partial<Record<ApiName, readonly number[]>> = {
  signin: [401, 403],
  health: [503],
  healthReady: [503],
  certificateVerify: [404, 429],
  payOrderCreate: [429],
  whatsappHookVerify: [429],
  whatsappHook: [429],
};
