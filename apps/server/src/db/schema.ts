import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A school (tenant). Every school-owned row carries its school_id. */
export const schools = pgTable(
  'schools',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    websiteName: text('website_name'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    state: text('state'),
    district: text('district'),
    city: text('city'),
    zipCode: text('zip_code'),
    /** The board's affiliation (recognition) number, and the school's UDISE code: on certificates. */
    affiliationNo: text('affiliation_no'),
    udiseCode: text('udise_code'),
    image: text('image'),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    /** Monday to Saturday are school days; a school may make Sunday one too (master weeks). */
    sundayWorking: boolean('sunday_working').notNull().default(false),
    status: boolean('status').notNull().default(true),
    isDraft: boolean('is_draft').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('schools_code_uq').on(sql`lower(${t.code})`), index('schools_created_idx').on(t.createdAt)],
);

/** Every person who signs in. school_id is null only for the platform owner (111). */
export const users = pgTable(
  'users',
  {
    id: id(),
    schoolId: uuid('school_id').references(() => schools.id),
    loginId: text('login_id').notNull(),
    roleId: smallint('role_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    contact: text('contact'),
    image: text('image'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    address: text('address'),
    state: text('state'),
    district: text('district'),
    city: text('city'),
    zip: text('zip'),
    qualification: text('qualification'),
    subjects: text('subjects'),
    maritalStatus: text('marital_status'),
    category: text('category'),
    religion: text('religion'),
    bloodGroup: text('blood_group'),
    fatherOccupation: text('father_occupation'),
    motherName: text('mother_name'),
    motherOccupation: text('mother_occupation'),
    parentUserId: uuid('parent_user_id'),
    /** The language the user reads (the web's picker): Web Push and mail to the user are written in it. */
    lang: text('lang'),
    /** What a people search matches, kept by the database: names, login id and email, lower-cased. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || login_id || ' ' || coalesce(email, ''))`,
    ),
    status: boolean('status').notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** When a former student was anonymised (issue 12): its personal fields are gone, for good. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_login_uq').on(sql`lower(${t.loginId})`),
    index('users_school_role_idx').on(t.schoolId, t.roleId, t.createdAt, t.id),
    index('users_school_parent_idx').on(t.schoolId, t.parentUserId),
    // One account per email for each role within a school (a teacher may also be a parent).
    uniqueIndex('users_school_role_email_uq')
      .on(t.schoolId, t.roleId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    // Search by name, login id or email stays an index scan at any size (pg_trgm; btree_gin for school_id).
    // Its pending list (new entries not yet merged, read by every search) is kept to 128 kB, not 4 MB.
    index('users_search_trgm_idx').using('gin', t.schoolId, t.searchText.op('gin_trgm_ops')).with({ gin_pending_list_limit: 128 }),
  ],
);

/**
 * How many users of each role and status a school has, kept by a statement trigger on users in
 * the same transaction (migration 0004): dashboards and list totals read it instead of counting.
 */
export const schoolCounts = pgTable(
  'school_counts',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    roleId: smallint('role_id').notNull(),
    active: boolean('active').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.roleId, t.active] })],
);

/** Counters for generated login ids, one per prefix (e.g. DEMO-T). */
export const loginIdCounters = pgTable('login_id_counters', {
  prefix: text('prefix').primaryKey(),
  schoolId: uuid('school_id').references(() => schools.id),
  value: integer('value').notNull(),
});

/** Sign-in sessions: only the SHA-256 of the token is stored. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The user's school (null for the platform owner): a school may revoke its own users' sessions. */
    schoolId: uuid('school_id').references(() => schools.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('auth_sessions_token_uq').on(t.tokenHash),
    index('auth_sessions_user_idx').on(t.userId),
    index('auth_sessions_school_idx').on(t.schoolId).where(sql`${t.revokedAt} is null`),
  ],
);

/** One-time codes for password reset: hashed, expiring, single use, limited tries. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Academic sessions (years) of a school. The database refuses overlapping dates within a school
 * (an exclusion constraint, migration 0007) and more than one current session.
 */
export const academicSessions = pgTable(
  'academic_sessions',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    label: text('label').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('academic_sessions_label_uq').on(t.schoolId, t.label),
    uniqueIndex('academic_sessions_current_uq').on(t.schoolId).where(sql`${t.isCurrent}`),
  ],
);

/** Subjects a school teaches: from the master list (master_code) or its own; names unique in any case. */
export const subjects = pgTable(
  'subjects',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    masterCode: text('master_code'),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subjects_name_uq').on(t.schoolId, sql`lower(${t.name})`),
    index('subjects_school_created_idx').on(t.schoolId, t.createdAt, t.id),
  ],
);

/**
 * A class and section of a school in one session (the spec's "assigned class", assignClassId),
 * with its class limit and class teacher. (id, session_id) is unique so that a student's place can
 * name both and the database keeps them consistent.
 */
export const classes = pgTable(
  'classes',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => academicSessions.id),
    /** Master class code: NUR, LKG, UKG, 1 … 12 (ordering and promotion). */
    masterClass: text('master_class').notNull(),
    name: text('name').notNull(),
    section: text('section').notNull().default(''),
    classLimit: integer('class_limit').notNull().default(40),
    classTeacherId: uuid('class_teacher_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('classes_name_uq').on(t.schoolId, t.sessionId, t.name, t.section),
    uniqueIndex('classes_id_session_uq').on(t.id, t.sessionId),
    index('classes_school_session_idx').on(t.schoolId, t.sessionId, t.masterClass, t.section),
    index('classes_teacher_idx').on(t.schoolId, t.classTeacherId),
  ],
);

/** The subjects taught in a class, and the teacher of each (null until one is chosen). */
export const classSubjects = pgTable(
  'class_subjects',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    teacherId: uuid('teacher_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.subjectId] }),
    index('class_subjects_teacher_idx').on(t.schoolId, t.teacherId),
  ],
);

/**
 * A student's class in a session: one class per student per session, roll numbers unique within a
 * class (deferrable, so a hand edit may swap two numbers in one statement: migration 0007).
 */
export const classStudents = pgTable(
  'class_students',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id').notNull(),
    classId: uuid('class_id').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    rollNo: integer('roll_no'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.sessionId, t.studentId] }),
    index('class_students_class_idx').on(t.classId, t.rollNo),
    index('class_students_student_idx').on(t.studentId),
  ],
);

/** In-app notifications (spec section 3: sender, name, message, timestamp). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    schoolId: uuid('school_id').references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    senderId: uuid('sender_id').references(() => users.id),
    senderName: text('sender_name').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** What it is about (contract NOTIFICATION_KINDS) and where a click leads (a web path). */
    kind: text('kind').notNull().default('other'),
    link: text('link'),
    /** What a templated kind's text is made of (contract notificationParams), written in the reader's language. */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * An uploaded file: who uploaded it and for which school. Files are private: only a signed-in
 * user of its school (or the platform owner) reads it. A file not attached to a record (a photo,
 * a logo) within a day is an orphan and is removed with its bytes.
 */
export const files = pgTable(
  'files',
  {
    name: text('name').primaryKey(),
    schoolId: uuid('school_id').references(() => schools.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    createdAt: createdAt(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    /** The name the uploader's device gave it (shown on downloads). */
    originalName: text('original_name'),
    /**
     * Served only through its record's own route (class work: to those who may see the work),
     * never by the school-wide `/api/uploads/:name`.
     */
    private: boolean('private').notNull().default(false),
  },
  (t) => [
    index('files_school_idx').on(t.schoolId, t.createdAt),
    index('files_owner_idx').on(t.ownerId),
    index('files_orphans_idx').on(t.createdAt).where(sql`${t.attachedAt} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// The school day (issue 8). Rules the database keeps are in migration 0009: periods and holidays
// never overlap within a session, a teacher is in one class per day and period, marks are unique.

/** A period of a session (minutes after midnight, school-local); a break is never taught or marked. */
export const periods = pgTable(
  'periods',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => academicSessions.id),
    name: text('name').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    isBreak: boolean('is_break').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('periods_name_uq').on(t.schoolId, t.sessionId, sql`lower(${t.name})`),
    uniqueIndex('periods_id_session_uq').on(t.id, t.sessionId),
  ],
);

/**
 * One cell of a class's timetable: a school day (ISO 1–7) and period, a subject of the class and
 * its teacher. One cell per class, day and period; one class per teacher, day and period.
 */
export const timetableEntries = pgTable(
  'timetable_entries',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id').notNull(),
    classId: uuid('class_id').notNull(),
    day: smallint('day').notNull(),
    periodId: uuid('period_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    teacherId: uuid('teacher_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'timetable_cell_pk', columns: [t.schoolId, t.classId, t.day, t.periodId] }),
    uniqueIndex('timetable_teacher_uq').on(t.schoolId, t.teacherId, t.day, t.periodId),
  ],
);

/** A holiday of a session: one date or a range (school-local). */
export const holidays = pgTable(
  'holidays',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => academicSessions.id),
    title: text('title').notNull(),
    description: text('description'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('holidays_session_idx').on(t.schoolId, t.sessionId, t.startDate)],
);

/**
 * One attendance mark: a student on a date, for the day (period null: daywise) or a period.
 * Unique per student, date and period, nulls not distinct (one daywise mark per day).
 */
export const attendanceMarks = pgTable(
  'attendance_marks',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id').notNull(),
    classId: uuid('class_id').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    date: date('date', { mode: 'string' }).notNull(),
    periodId: uuid('period_id'),
    status: text('status').notNull(),
    markedBy: uuid('marked_by').references(() => users.id),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('attendance_mark_uq').on(t.schoolId, t.studentId, t.date, t.periodId).nullsNotDistinct(),
    index('attendance_class_date_idx').on(t.schoolId, t.classId, t.date),
    index('attendance_school_day_idx').on(t.schoolId, t.date).where(sql`${t.periodId} is null`),
  ],
);

/** Who saved attendance, when, and what changed (spec section 3: log id, user, school, details). */
export const attendanceLogs = pgTable(
  'attendance_logs',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id').notNull(),
    classId: uuid('class_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    periodId: uuid('period_id'),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    details: jsonb('details').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('attendance_logs_session_idx').on(t.schoolId, t.sessionId, t.createdAt, t.id),
    index('attendance_logs_kind_idx').on(t.schoolId, t.sessionId, t.kind, t.createdAt, t.id),
  ],
);

/** The absence alerts sent: one per student and date, whatever the number of periods marked absent. */
export const attendanceAlerts = pgTable(
  'attendance_alerts',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'attendance_alerts_pk', columns: [t.schoolId, t.studentId, t.date] })],
);

// ---------------------------------------------------------------------------------------------
// Fees (issue 9). Money is integer paise (bigint); percents are basis points. Totals are computed
// by the contract's functions (`classFeeTotal`, `feeRecordTotal`), never taken from a client.

const money = (name: string) => bigint(name, { mode: 'number' });

/** A named fee a record may add: an amount (paise) or a percent (basis points); negative: a concession. */
export const feeTypes = pgTable(
  'fee_types',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    value: money('value').notNull(),
    description: text('description'),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fee_types_name_uq').on(t.schoolId, sql`lower(${t.name})`),
    index('fee_types_school_created_idx').on(t.schoolId, t.createdAt, t.id),
  ],
);

/** A class's fee in its session: five parts and a tax; `total` computed by the server. One per class. */
export const classFees = pgTable(
  'class_fees',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    classId: uuid('class_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    academic: money('academic').notNull().default(0),
    convenience: money('convenience').notNull().default(0),
    development: money('development').notNull().default(0),
    tuition: money('tuition').notNull().default(0),
    other: money('other').notNull().default(0),
    taxBp: integer('tax_bp').notNull().default(0),
    total: money('total').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'class_fees_pk', columns: [t.schoolId, t.classId] }),
    index('class_fees_session_idx').on(t.schoolId, t.sessionId),
  ],
);

/**
 * A student's fee for a session: the class fee's total when it was made, the fee types applied (a
 * copy: `adjustments`), the total, and what is paid (kept by the payment and reversal
 * transactions). One per student and session.
 */
export const feeRecords = pgTable(
  'fee_records',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id').notNull(),
    classId: uuid('class_id').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    classFee: money('class_fee').notNull(),
    adjustments: jsonb('adjustments').notNull().default([]),
    total: money('total').notNull(),
    paid: money('paid').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fee_records_student_uq').on(t.schoolId, t.sessionId, t.studentId),
    uniqueIndex('fee_records_id_school_uq').on(t.id, t.schoolId),
    /** The target of the instalments' foreign key, which copies the record's session. */
    uniqueIndex('fee_records_id_session_uq').on(t.id, t.schoolId, t.sessionId),
    index('fee_records_class_idx').on(t.schoolId, t.classId),
  ],
);

/**
 * One instalment (EMI) of a record's plan: sequence, due date, amount, paid or not. `session_id` is
 * the record's (the foreign key on record, school and session keeps it so): a session's overdue
 * instalments, their count and sum come from one index without visiting the records.
 */
export const feeInstalments = pgTable(
  'fee_instalments',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id').notNull(),
    feeRecordId: uuid('fee_record_id').notNull(),
    seq: smallint('seq').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    paid: boolean('paid').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fee_instalments_seq_uq').on(t.schoolId, t.feeRecordId, t.seq),
    uniqueIndex('fee_instalments_id_school_uq').on(t.id, t.schoolId),
    index('fee_instalments_overdue_idx').on(t.schoolId, t.sessionId, t.dueDate, t.amount).where(sql`not ${t.paid}`),
  ],
);

/**
 * A payment of one instalment, with its receipt number (gapless per school and session, from
 * `fee_receipt_counters` in the same transaction). At most one live (unreversed) payment per
 * instalment. A reversal keeps the row and its number, with who, when and why.
 */
export const feePayments = pgTable(
  'fee_payments',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id').notNull(),
    feeRecordId: uuid('fee_record_id').notNull(),
    /** The instalment paid (null once a new plan replaced it after a reversal); `seq` keeps its number. */
    instalmentId: uuid('instalment_id'),
    seq: smallint('seq').notNull(),
    receiptNo: integer('receipt_no').notNull(),
    amount: money('amount').notNull(),
    mode: text('mode').notNull(),
    reference: text('reference'),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    receivedBy: uuid('received_by').references(() => users.id),
    createdAt: createdAt(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: uuid('reversed_by').references(() => users.id),
    reversalReason: text('reversal_reason'),
    /** The late fee paid with the instalment (issue 25), its own line on the receipt; not part of the record's total. */
    lateFee: money('late_fee').notNull().default(0),
    /** Payments made together (one online order, one collection at the counter) share a batch: one receipt prints them all. */
    batchId: uuid('batch_id'),
    /** Paid online: the gateway order it came from (`fee_orders`). */
    orderId: uuid('order_id'),
    /** A gateway refund made with the reversal: its id, amount and status (pending, processed, failed). */
    refundId: text('refund_id'),
    refundAmount: money('refund_amount'),
    refundStatus: text('refund_status'),
  },
  (t) => [
    index('fee_payments_batch_idx').on(t.schoolId, t.batchId).where(sql`${t.batchId} is not null`),
    uniqueIndex('fee_payments_receipt_uq').on(t.schoolId, t.sessionId, t.receiptNo),
    uniqueIndex('fee_payments_live_uq').on(t.schoolId, t.instalmentId).where(sql`${t.reversedAt} is null`),
    index('fee_payments_record_idx').on(t.schoolId, t.feeRecordId),
    index('fee_payments_paid_on_idx').on(t.schoolId, t.sessionId, t.paidOn),
    /** A bank reference (UTR) already paid with (issue 39): a parent's UPI reference is checked against it. */
    index('fee_payments_reference_idx')
      .on(t.schoolId, sql`upper(${t.reference})`)
      .where(sql`${t.reversedAt} is null and ${t.mode} in ('upi', 'bank_transfer') and ${t.reference} is not null`),
  ],
);

/**
 * A collection at the fee counter (issue 39): its batch id, made by the client, belongs to one
 * student. The first request of a batch inserts the row; another student's collection under the
 * same id meets the key (waiting for the first to commit) and is refused, so a batch never holds two
 * students' payments.
 */
export const feeCounterBatches = pgTable(
  'fee_counter_batches',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    batchId: uuid('batch_id').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'fee_counter_batches_pk', columns: [t.schoolId, t.batchId] })],
);

/** The last receipt number given per school and session (its row lock makes numbers gapless). */
export const feeReceiptCounters = pgTable(
  'fee_receipt_counters',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id').notNull(),
    lastNo: integer('last_no').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'fee_receipt_counters_pk', columns: [t.schoolId, t.sessionId] })],
);

/** Reminders sent to parents: one per instalment and kind (`due_soon`, `overdue`). */
export const feeAlerts = pgTable(
  'fee_alerts',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    instalmentId: uuid('instalment_id').notNull(),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'fee_alerts_pk', columns: [t.schoolId, t.instalmentId, t.kind] })],
);

// ---------------------------------------------------------------------------------------------
// Fees paid online, UPI claims and late fees (issue 25). Rules the database keeps are in migration 0027.

/**
 * A school's ways of being paid: its own Razorpay merchant account (the key id is public, Checkout
 * shows it; the key secret and webhook secret sealed with SECRETS_KEY under the row's context and
 * never shown again) and its UPI id for payments without a gateway. `hook_token` names the
 * school in its webhook URL (`/api/hooks/razorpay?account=…`). `demo`: test keys pointing at
 * nothing real (the demo school): "Pay now" explains instead of opening Checkout.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    schoolId: uuid('school_id')
      .primaryKey()
      .references(() => schools.id),
    razorpayKeyId: text('razorpay_key_id'),
    secrets: text('secrets'),
    secretHint: text('secret_hint'),
    hookToken: text('hook_token'),
    demo: boolean('demo').notNull().default(false),
    upiVpa: text('upi_vpa'),
    upiName: text('upi_name'),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payment_settings_hook_token_uq').on(t.hookToken)],
);

/**
 * An order a parent opened at the gateway for some instalments of one child: `lines` are the
 * instalments with the amount and late fee asked for each, `amount` their sum (what the gateway
 * takes). Status: opening (the row reserved while the gateway is asked; no gateway order yet) →
 * created → paid (receipts issued) | unmatched (money taken, no matching due: flagged for a
 * refund) → refunded; failed (the gateway said so; a later capture still counts).
 */
export const feeOrders = pgTable(
  'fee_orders',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    /** Null only while the order is `opening` (its row reserved, the gateway asked). */
    gatewayOrderId: text('gateway_order_id'),
    amount: money('amount').notNull(),
    lines: jsonb('lines').$type<Array<{ emiId: string; amount: number; lateFee: number }>>().notNull(),
    /** The lines as one key (`emiId:amount:lateFee`, by instalment number): an open order of the same key is reused (issue 39). */
    linesKey: text('lines_key'),
    status: text('status').notNull().default('created'),
    gatewayPaymentId: text('gateway_payment_id'),
    method: text('method'),
    /** Why an order's money could not be matched (amount changed, instalment paid meanwhile…). */
    reason: text('reason'),
    refundId: text('refund_id'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fee_orders_gateway_uq').on(t.gatewayOrderId),
    index('fee_orders_school_idx').on(t.schoolId, t.createdAt),
    index('fee_orders_unmatched_idx').on(t.schoolId).where(sql`${t.status} = 'unmatched'`),
    /** One open order per payer and lines: asking again reuses it, no second gateway order (issue 39). */
    uniqueIndex('fee_orders_open_uq').on(t.schoolId, t.createdBy, t.linesKey).where(sql`${t.status} in ('opening', 'created')`),
    /** A payer's orders of the last minutes, counted against the limit of new orders. */
    index('fee_orders_creator_idx').on(t.schoolId, t.createdBy, t.createdAt),
  ],
);

/**
 * A day closed at the fee counter (issue 25): the notes and coins counted (`pieces`, pieces by
 * denomination in rupees), their total, the cash the day's live payments expected then, who closed
 * it and when. A recount adds a row: the latest of a day counts, none is changed.
 */
export const feeCashClosings = pgTable(
  'fee_cash_closings',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    day: date('day', { mode: 'string' }).notNull(),
    pieces: jsonb('pieces').$type<Record<string, number>>().notNull(),
    counted: money('counted').notNull(),
    expected: money('expected').notNull(),
    closedBy: uuid('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('fee_cash_closings_day_idx').on(t.schoolId, t.day, t.closedAt)],
);

/**
 * A parent's claim to have paid an instalment by UPI without a gateway: the reference (UTR) they
 * entered, pending until the office finds it in the bank statement and confirms it (a payment,
 * mode `upi`) or rejects it. At most one pending claim per instalment; a reference on one pending
 * or confirmed claim of the school at most.
 */
export const feeUpiClaims = pgTable(
  'fee_upi_claims',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    instalmentId: uuid('instalment_id').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    reference: text('reference').notNull(),
    status: text('status').notNull().default('pending'),
    claimedBy: uuid('claimed_by').references(() => users.id),
    claimedAt: createdAt(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    paymentId: uuid('payment_id'),
    /** Why the office rejected it (the parent is told the same). */
    rejectReason: text('reject_reason'),
    /**
     * A repeat of a reference that came in before one reference could pay only once (issue 39,
     * set by its migration on all but the first): kept out of `fee_upi_claims_reference_uq`, and
     * marked as a repeat in the office's list.
     */
    repeatBeforeRule: boolean('repeat_before_rule').notNull().default(false),
  },
  (t) => [
    uniqueIndex('fee_upi_claims_pending_uq').on(t.schoolId, t.instalmentId).where(sql`${t.status} = 'pending'`),
    /** One UPI reference (UTR) pays once in a school: on one pending or confirmed claim (letters compared in capitals). */
    uniqueIndex('fee_upi_claims_reference_uq')
      .on(t.schoolId, sql`upper(${t.reference})`)
      .where(sql`${t.status} in ('pending', 'confirmed') and not ${t.repeatBeforeRule}`),
    /** Finds a reference's claims whatever their status (the check before a claim, the list's repeat mark). */
    index('fee_upi_claims_reference_idx').on(t.schoolId, sql`upper(${t.reference})`),
    index('fee_upi_claims_school_idx').on(t.schoolId, t.status, t.claimedAt),
  ],
);

/**
 * A school's late-fee rule for a session: `fixed` (amount once after `after_days` overdue),
 * `per_day` (amount per day overdue after `after_days`, up to `cap`) or `percent` (basis points of
 * the instalment after `after_days`, up to `cap` when set).
 */
export const feeLateRules = pgTable(
  'fee_late_rules',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id').notNull(),
    kind: text('kind').notNull(),
    afterDays: integer('after_days').notNull().default(0),
    amount: money('amount').notNull().default(0),
    percentBp: integer('percent_bp').notNull().default(0),
    cap: money('cap'),
    active: boolean('active').notNull().default(true),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'fee_late_rules_pk', columns: [t.schoolId, t.sessionId] })],
);

/**
 * The late fee charged on an unpaid instalment, assessed by the daily job (once per instalment and
 * day: `assessed_on`). Waived by the principal with a reason (kept, with who and when); paid with
 * the instalment (the payment copies it to its `late_fee`).
 */
export const feeLateFees = pgTable(
  'fee_late_fees',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    instalmentId: uuid('instalment_id').notNull(),
    amount: money('amount').notNull(),
    assessedOn: date('assessed_on', { mode: 'string' }).notNull(),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    waivedBy: uuid('waived_by').references(() => users.id),
    waiveReason: text('waive_reason'),
  },
  (t) => [primaryKey({ name: 'fee_late_fees_pk', columns: [t.schoolId, t.instalmentId] })],
);


// ---------------------------------------------------------------------------------------------
// Communication (issue 10): the notice board, class work, one-to-one chat, push subscriptions.
// Rules the database keeps are in migration 0013.

/** A notice of the board, addressed to roles (112–116); active ones are shown to those roles. */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    roles: smallint('roles').array().notNull(),
    status: boolean('status').notNull().default(true),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notices_school_idx').on(t.schoolId, t.date, t.createdAt, t.id),
    index('notices_board_idx').on(t.schoolId, t.date, t.createdAt, t.id).where(sql`${t.status}`),
  ],
);

/** Work a teacher sets for a class and a subject. */
export const classWorks = pgTable(
  'class_works',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description'),
    date: date('date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('class_works_class_idx').on(t.schoolId, t.classId, t.date, t.createdAt, t.id),
    index('class_works_teacher_idx').on(t.schoolId, t.teacherId, t.date, t.createdAt, t.id),
  ],
);

/** The files of a piece of class work, in the order given; a file belongs to one piece of work. */
export const classWorkFiles = pgTable(
  'class_work_files',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    workId: uuid('work_id')
      .notNull()
      .references(() => classWorks.id, { onDelete: 'cascade' }),
    fileName: text('file_name')
      .notNull()
      .references(() => files.name),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ name: 'class_work_files_pk', columns: [t.workId, t.fileName] }), uniqueIndex('class_work_files_file_uq').on(t.fileName)],
);

/** A one-to-one conversation: the pair kept in order (user_a < user_b), one per pair. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_conversations_pair_uq').on(t.schoolId, t.userA, t.userB),
    index('chat_conversations_a_idx').on(t.schoolId, t.userA, t.lastMessageAt),
    index('chat_conversations_b_idx').on(t.schoolId, t.userB, t.lastMessageAt),
  ],
);

/** A chat message; read_at is set when the recipient reads it. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    /** The sending tab's id: a retried send is stored once. */
    clientId: uuid('client_id'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_messages_history_idx').on(t.conversationId, t.createdAt, t.id),
    index('chat_messages_unread_idx').on(t.recipientId, t.conversationId).where(sql`${t.readAt} is null`),
    uniqueIndex('chat_messages_client_uq').on(t.senderId, t.clientId),
  ],
);

/** A browser's Web Push subscription, for one user (the endpoint is unique: a browser has one). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    schoolId: uuid('school_id').references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Exams, marks and report cards (issue 11)

/** A session's assessment scheme (one per session; absent: the defaults of the contract). */
export const examSchemes = pgTable(
  'exam_schemes',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => academicSessions.id, { onDelete: 'cascade' }),
    passPercent: smallint('pass_percent').notNull(),
    showRank: boolean('show_rank').notNull().default(false),
    /** The grading scale: [{ grade, min }], highest first. */
    grades: jsonb('grades').notNull(),
    coAreas: text('co_areas').array().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'exam_schemes_pk', columns: [t.schoolId, t.sessionId] })],
);

/** An exam (term) of a session: its weight in the final result, maximum marks, term dates, status. */
export const exams = pgTable(
  'exams',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => academicSessions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    weight: smallint('weight').notNull(),
    maxMarks: smallint('max_marks').notNull(),
    termStart: date('term_start', { mode: 'string' }).notNull(),
    termEnd: date('term_end', { mode: 'string' }).notNull(),
    /** draft | locked | published */
    status: text('status').notNull().default('draft'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: uuid('locked_by').references(() => users.id),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: uuid('published_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('exams_name_uq').on(t.schoolId, t.sessionId, sql`lower(${t.name})`),
    uniqueIndex('exams_id_session_uq').on(t.id, t.sessionId),
    index('exams_session_idx').on(t.schoolId, t.sessionId, t.termStart),
  ],
);

/** A subject whose maximum marks in an exam differ from the exam's. */
export const examSubjectMax = pgTable(
  'exam_subject_max',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    maxMarks: smallint('max_marks').notNull(),
  },
  (t) => [primaryKey({ name: 'exam_subject_max_pk', columns: [t.examId, t.subjectId] })],
);

/**
 * A student's mark in one subject of one exam: one per student, subject and exam. It names the
 * student's place in its class (moving the student moves its marks; a student with marks is not
 * taken out of its class) and the class's and exam's session (migration 0015).
 */
export const examMarks = pgTable(
  'exam_marks',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id').notNull(),
    examId: uuid('exam_id').notNull(),
    classId: uuid('class_id').notNull(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    /** marked | absent | exempt */
    status: text('status').notNull(),
    marks: numeric('marks', { precision: 5, scale: 1, mode: 'number' }),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'exam_marks_pk', columns: [t.schoolId, t.examId, t.studentId, t.subjectId] }),
    index('exam_marks_class_idx').on(t.schoolId, t.examId, t.classId, t.subjectId),
    index('exam_marks_student_idx').on(t.schoolId, t.studentId, t.sessionId),
  ],
);

/** The principal's recorded change of a mark of a locked or published exam. */
export const examMarkCorrections = pgTable(
  'exam_mark_corrections',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    beforeStatus: text('before_status'),
    beforeMarks: numeric('before_marks', { precision: 5, scale: 1, mode: 'number' }),
    afterStatus: text('after_status'),
    afterMarks: numeric('after_marks', { precision: 5, scale: 1, mode: 'number' }),
    reason: text('reason').notNull(),
    correctedBy: uuid('corrected_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('exam_mark_corrections_exam_idx').on(t.schoolId, t.examId, t.createdAt, t.id)],
);

/**
 * A class whose results of an exam are published (its students and their parents see them): an
 * exam is `published` while it has at least one such class. `reason`: the principal's, when the
 * class was published with marks missing.
 */
export const examClassPublications = pgTable(
  'exam_class_publications',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: uuid('published_by').references(() => users.id),
    reason: text('reason'),
  },
  (t) => [primaryKey({ name: 'exam_class_publications_pk', columns: [t.schoolId, t.examId, t.classId] }), index('exam_class_publications_class_idx').on(t.schoolId, t.classId)],
);

/** Per exam and student: co-scholastic grades ({ area: grade }) and the class teacher's remark. */
export const examNotes = pgTable(
  'exam_notes',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id').notNull(),
    examId: uuid('exam_id').notNull(),
    classId: uuid('class_id').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    coGrades: jsonb('co_grades').notNull().default({}),
    remark: text('remark'),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'exam_notes_pk', columns: [t.schoolId, t.examId, t.studentId] }),
    index('exam_notes_class_idx').on(t.schoolId, t.examId, t.classId),
  ],
);

/** A class's report cards in one PDF, made by the job queue for the user who asked. */
export const reportCardBatches = pgTable(
  'report_card_batches',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    lang: text('lang').notNull(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    cards: integer('cards').notNull().default(0),
    /** The PDF in the storage (private: served by the batch's own route). */
    fileName: text('file_name'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('report_card_batches_user_idx').on(t.schoolId, t.requestedBy, t.createdAt),
    index('report_card_batches_queued_idx').on(t.status, t.createdAt).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Children's data rights (issue 12)

/**
 * A parent's consent for a child, one row per action (given or withdrawn): never updated or
 * deleted, so the history is the evidence (who, when, which text, from which address and browser).
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    parentId: uuid('parent_id').references(() => users.id),
    /** given | withdrawn */
    action: text('action').notNull(),
    /** What is consented to: `data` (the school's processing of the child's data, issue 12) or `whatsapp` (messages about the child on WhatsApp, issue 24). */
    purpose: text('purpose').notNull().default('data'),
    version: text('version').notNull(),
    processing: boolean('processing').notNull(),
    photos: boolean('photos').notNull().default(false),
    notifications: boolean('notifications').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('consent_records_student_idx').on(t.schoolId, t.studentId, t.createdAt, t.id)],
);

/** Who viewed or changed a student's personal data: one row per view of a detail, export or change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id),
    actorRole: smallint('actor_role').notNull(),
    action: text('action').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    details: jsonb('details').notNull().default({}),
  },
  (t) => [
    index('audit_log_school_at_idx').on(t.schoolId, t.at, t.id),
    index('audit_log_student_idx').on(t.schoolId, t.studentId, t.at, t.id),
  ],
);

/**
 * The version of what a stored heavy read is computed from (db/versions.ts), per school and key:
 * `class:<id>` (a class, its students and subjects, its exam marks and notes), `att:<id>` (a class's
 * attendance and students), `att:<id>:<YYYY-MM>` (its attendance of a month), `roll:<id>` (a class
 * and its students, not their marks), `school` (exams, schemes, subjects, sessions, holidays, the
 * school, a person's name). Statement triggers (migrations 0022 and 0024) bump it from one sequence
 * in the transaction that changes its inputs, so a read that finds the version it was computed at
 * is not stale.
 */
export const readVersions = pgTable(
  'read_versions',
  {
    schoolId: uuid('school_id').notNull(),
    key: text('key').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.key] })],
);

// ---------------------------------------------------------------------------------------------
// Messages to phones and mail (issue 24)

/**
 * How a person is reached beyond the bell: a mobile number verified by a one-time code, WhatsApp
 * opted into (the consent itself is a consent_records row, with its text's version), STOP replies,
 * and quiet hours (minutes of the day in the school's time zone; null: the school's default).
 */
export const messageContacts = pgTable('message_contacts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  schoolId: uuid('school_id')
    .notNull()
    .references(() => schools.id),
  /** E.164 (+91 and ten digits). */
  mobile: text('mobile'),
  mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
  whatsappOptInAt: timestamp('whatsapp_opt_in_at', { withTimezone: true }),
  smsStoppedAt: timestamp('sms_stopped_at', { withTimezone: true }),
  whatsappStoppedAt: timestamp('whatsapp_stopped_at', { withTimezone: true }),
  quietFrom: smallint('quiet_from'),
  quietTo: smallint('quiet_to'),
  updatedAt: updatedAt(),
}, (t) => [index('message_contacts_mobile_idx').on(t.mobile)]);

/** A one-time code sent to a mobile number to verify it: one pending per person, hashed. */
export const mobileCodes = pgTable('mobile_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  schoolId: uuid('school_id')
    .notNull()
    .references(() => schools.id),
  mobile: text('mobile').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * Every code sent to verify a mobile (issue 39): what the limits count. A number gets at most
 * MOBILE_CODES_PER_NUMBER_DAY a day across every account and school, a school at most
 * MOBILE_CODES_PER_SCHOOL_DAY (config), by the school's day (`day`). Only today's rows count: a
 * school's earlier days are deleted at its next code. The number's index leads with the number:
 * its count is the one cross-school read (on the platform's path).
 */
export const mobileCodeSends = pgTable(
  'mobile_code_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** E.164 (+91 and ten digits). */
    mobile: text('mobile').notNull(),
    /** The school's day it was sent on. */
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mobile_code_sends_school_day_idx').on(t.schoolId, t.day), index('mobile_code_sends_mobile_day_idx').on(t.mobile, t.day)],
);

/** A person's choice for a kind of notification on a channel (absent: the school's rule). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/** A school's rule for a kind (absent: the contract's DEFAULT_CHANNEL_RULES): which channels by default, and urgent (sent at night too). */
export const channelRules = pgTable(
  'channel_rules',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    kind: text('kind').notNull(),
    sms: boolean('sms').notNull(),
    whatsapp: boolean('whatsapp').notNull(),
    email: boolean('email').notNull(),
    urgent: boolean('urgent').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.kind] })],
);

/**
 * A school's account with a provider (school_id null: the platform's, used by schools without
 * their own): what is not secret in `settings` (DLT entity id, header, templates; WhatsApp's phone
 * number id and templates), the secrets sealed (adapters/secrets.ts) and never shown again but
 * for their hint, and the token that authenticates the provider's delivery reports.
 */
export const messagingAccounts = pgTable(
  'messaging_accounts',
  {
    id: id(),
    schoolId: uuid('school_id').references(() => schools.id),
    channel: text('channel').notNull(),
    provider: text('provider').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    secrets: text('secrets').notNull(),
    secretHint: text('secret_hint').notNull(),
    reportToken: text('report_token').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('messaging_accounts_school_channel_uq').on(sql`coalesce(${t.schoolId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.channel),
    uniqueIndex('messaging_accounts_report_token_uq').on(t.reportToken),
  ],
);

/** A message a principal or system admin wrote to people (the composer): its audience, channels and schedule. */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    senderId: uuid('sender_id').references(() => users.id),
    senderName: text('sender_name').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    channels: text('channels').array().notNull(),
    attachment: text('attachment').references(() => files.name),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    status: text('status').notNull(),
    recipients: integer('recipients').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('messages_school_idx').on(t.schoolId, t.createdAt, t.id)],
);

/**
 * One notification on one channel beyond the bell (push, SMS, WhatsApp, mail) to one person (no
 * school: a platform user's push): queued in the transaction that made the notification, sent once
 * (unique per notification and channel: never twice, whatever restarts or nodes), then updated by
 * the provider's reports.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: id(),
    schoolId: uuid('school_id').references(() => schools.id),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** queued | sending | sent | delivered | read | failed | skipped (contract DELIVERY_STATUSES). */
    status: text('status').notNull().default('queued'),
    address: text('address'),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    parts: smallint('parts').notNull().default(0),
    reason: text('reason'),
    attempts: smallint('attempts').notNull().default(0),
    /** Not before (quiet hours, a retry's backoff). */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('deliveries_notification_channel_uq').on(t.notificationId, t.channel),
    index('deliveries_message_idx').on(t.schoolId, t.messageId, t.status),
    index('deliveries_provider_idx').on(t.provider, t.providerMessageId),
    index('deliveries_queued_idx').on(t.notBefore).where(sql`${t.status} = 'queued'`),
    index('deliveries_push_settled_idx').on(t.updatedAt).where(sql`${t.channel} = 'push' and ${t.status} <> 'queued' and ${t.status} <> 'sending'`),
    index('deliveries_school_month_idx').on(t.schoolId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Registers and certificates (issue 26). Rules the database keeps are in migration 0028.

/**
 * A student's register entry: the admission number (unique per school; given by the school's
 * counter when Shala admits the student, by a trigger on `users` in the same transaction, or
 * entered for a pupil admitted before Shala), the UDISE+ fields (Aadhaar: its last four digits,
 * never more; the database refuses anything else), and the leaving (a TC's date and reason).
 */
export const studentRecords = pgTable(
  'student_records',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    admissionNo: text('admission_no'),
    admissionNoAuto: boolean('admission_no_auto').notNull().default(false),
    admissionDate: date('admission_date', { mode: 'string' }),
    pen: text('pen'),
    apaarId: text('apaar_id'),
    motherTongue: text('mother_tongue'),
    minorityGroup: text('minority_group').notNull().default('none'),
    bpl: boolean('bpl').notNull().default(false),
    cwsn: boolean('cwsn').notNull().default(false),
    cwsnType: text('cwsn_type'),
    aadhaarLast4: text('aadhaar_last4'),
    nationality: text('nationality'),
    fatherName: text('father_name'),
    leftOn: date('left_on', { mode: 'string' }),
    leavingReason: text('leaving_reason'),
    leavingCertificateId: uuid('leaving_certificate_id'),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'student_records_pk', columns: [t.schoolId, t.studentId] }),
    uniqueIndex('student_records_admission_uq').on(t.schoolId, sql`lower(${t.admissionNo})`).where(sql`${t.admissionNo} is not null`),
  ],
);

/** The last admission number the school's counter gave (its row lock makes numbers gapless). */
export const admissionCounters = pgTable('admission_counters', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id),
  lastNo: integer('last_no').notNull().default(0),
});

/**
 * A certificate issued: its type and number (gapless per school and type, from
 * `certificate_counters` in the same transaction), the student, what it says as issued (`body`:
 * every field printed, so a re-print says the same whatever changed since), the unguessable token
 * of its verification page, and a cancellation (kept with its number, marked cancelled).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    type: text('type').notNull(),
    number: integer('number').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    sessionId: uuid('session_id'),
    body: jsonb('body').notNull(),
    /** The tuition fee certified (feecert), paise. */
    amount: money('amount'),
    token: text('token').notNull(),
    sharedWithParent: boolean('shared_with_parent').notNull().default(true),
    prints: integer('prints').notNull().default(0),
    /** Prints per language (`{"en": 2, "hi": 1}`): a reprint in the same language says DUPLICATE. */
    printsByLang: jsonb('prints_by_lang').notNull().default({}),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    issuedBy: uuid('issued_by').references(() => users.id),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('certificates_number_uq').on(t.schoolId, t.type, t.number),
    uniqueIndex('certificates_token_uq').on(t.token),
    index('certificates_school_idx').on(t.schoolId, t.createdAt, t.id),
    index('certificates_student_idx').on(t.schoolId, t.studentId),
    uniqueIndex('certificates_live_tc_uq').on(t.schoolId, t.studentId).where(sql`${t.type} = 'tc' and ${t.cancelledAt} is null`),
  ],
);

/** The last number given per school and certificate type. */
export const certificateCounters = pgTable(
  'certificate_counters',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    type: text('type').notNull(),
    lastNo: integer('last_no').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'certificate_counters_pk', columns: [t.schoolId, t.type] })],
);

/** A person's ID card: the token its QR code names (a new batch keeps it), and when it was last printed. */
export const idCards = pgTable(
  'id_cards',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    token: text('token').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'id_cards_pk', columns: [t.schoolId, t.userId] }), uniqueIndex('id_cards_token_uq').on(t.token)],
);

/** A batch of ID cards made by the job queue: who, in which language, and the PDF once made. */
export const idCardBatches = pgTable(
  'id_card_batches',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    kind: text('kind').notNull(),
    classId: uuid('class_id'),
    userIds: jsonb('user_ids').notNull().default([]),
    lang: text('lang').notNull().default('en'),
    status: text('status').notNull().default('queued'),
    count: integer('count').notNull().default(0),
    withoutPhoto: jsonb('without_photo').notNull().default([]),
    fileName: text('file_name'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    /** When a run took it: a running batch whose run started long ago was left by a stopped node. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('id_card_batches_school_idx').on(t.schoolId, t.createdAt)],
);

/** Staff without a sign-in (issue 42): drivers, attendants, guards, on the staff register from joining to leaving. */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    fullName: text('full_name').notNull(),
    designation: text('designation').notNull(),
    phone: text('phone'),
    joinedOn: date('joined_on', { mode: 'string' }).notNull(),
    leftOn: date('left_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_members_school_idx').on(t.schoolId, t.fullName)],
);

/**
 * A saved status of a person of the staff register on a date: a user (roles 112–114) or a staff
 * member, exactly one (a CHECK in migration 0039); one row per person and date.
 */
export const staffAttendance = pgTable(
  'staff_attendance',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    date: date('date', { mode: 'string' }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    staffMemberId: uuid('staff_member_id').references(() => staffMembers.id),
    status: text('status').notNull(),
    checkInAt: timestamp('check_in_at', { withTimezone: true }),
    lateMinutes: integer('late_minutes'),
    /** A self check-in's campus test (issue 42): inside the radius, and the phone's accuracy (metres); never the position. */
    checkInInside: boolean('check_in_inside'),
    checkInAccuracy: integer('check_in_accuracy'),
    markedBy: uuid('marked_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_attendance_user_uq').on(t.schoolId, t.date, t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('staff_attendance_member_uq').on(t.schoolId, t.date, t.staffMemberId).where(sql`${t.staffMemberId} is not null`),
  ],
);

/** The dates whose staff register was saved, by whom and when. */
export const staffAttendanceDays = pgTable(
  'staff_attendance_days',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    date: date('date', { mode: 'string' }).notNull(),
    markedBy: uuid('marked_by').references(() => users.id),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'staff_attendance_days_pk', columns: [t.schoolId, t.date] })],
);

/** The log of the staff register's saves: who saved a date, and each person's status that changed. */
export const staffAttendanceLogs = pgTable(
  'staff_attendance_logs',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    date: date('date', { mode: 'string' }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    details: jsonb('details').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_attendance_logs_school_idx').on(t.schoolId, t.date, t.createdAt)],
);

/**
 * A school's leave types (issue 42): CL, EL, ML… Day counts are kept in halves (3 = 1.5 days). The
 * code is unique in the school whatever its case.
 */
export const leaveTypes = pgTable(
  'leave_types',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameHi: text('name_hi'),
    /** Halves granted each session. */
    daysPerSession: integer('days_per_session').notNull(),
    /** At most this many halves carried into the next session. */
    carryForwardMax: integer('carry_forward_max').notNull().default(0),
    halfDayAllowed: boolean('half_day_allowed').notNull().default(true),
    /** Whole days beyond which a document is needed; null: never. */
    documentAfterDays: integer('document_after_days'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('leave_types_code_uq').on(t.schoolId, sql`lower(${t.code})`)],
);

/**
 * A person's balance of a leave type in a session, in halves: opening (carried forward), granted,
 * used (approved leave); a CHECK (migration 0040) keeps 0 <= used <= opening + granted.
 */
export const leaveBalances = pgTable(
  'leave_balances',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    leaveTypeId: uuid('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => academicSessions.id),
    opening: integer('opening').notNull().default(0),
    granted: integer('granted').notNull(),
    used: integer('used').notNull().default(0),
    /** The office set opening and granted: a change of the type's grant leaves it alone. */
    setByHand: boolean('set_by_hand').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'leave_balances_pk', columns: [t.schoolId, t.userId, t.leaveTypeId, t.sessionId] })],
);

/**
 * A leave application of a user (roles 112–114). Days, paid and unpaid in halves; an exclusion
 * constraint (migration 0040) refuses one person's overlapping pending or approved leave.
 */
export const staffLeaves = pgTable(
  'staff_leaves',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    leaveTypeId: uuid('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => academicSessions.id),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** A half day's half (first or second), else null. */
    half: text('half'),
    days: integer('days').notNull(),
    paid: integer('paid'),
    unpaid: integer('unpaid'),
    reason: text('reason').notNull(),
    /** The document (kept private, served by the leave's own route). */
    fileName: text('file_name').references(() => files.name),
    status: text('status').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_leaves_school_idx').on(t.schoolId, t.createdAt), index('staff_leaves_user_idx').on(t.schoolId, t.userId, t.createdAt)],
);

/** The school days of an approved leave (written at approval): halves (1 or 2) and paid or not; a day split between paid and unpaid has two rows. */
export const staffLeaveDays = pgTable(
  'staff_leave_days',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    leaveId: uuid('leave_id')
      .notNull()
      .references(() => staffLeaves.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    leaveTypeId: uuid('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id),
    date: date('date', { mode: 'string' }).notNull(),
    halves: smallint('halves').notNull(),
    paid: boolean('paid').notNull(),
  },
  (t) => [primaryKey({ name: 'staff_leave_days_pk', columns: [t.leaveId, t.date, t.paid] }), index('staff_leave_days_date_idx').on(t.schoolId, t.date, t.userId)],
);

/**
 * A school's staff settings (issue 42): check-in's grace and campus (a point and a radius, all three
 * set or none: a CHECK in the migration), substitution's caps. No row: STAFF_SETTINGS_DEFAULTS.
 */
export const staffSettings = pgTable('staff_settings', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id),
  graceMinutes: integer('grace_minutes').notNull(),
  campusLatitude: doublePrecision('campus_latitude'),
  campusLongitude: doublePrecision('campus_longitude'),
  campusRadius: integer('campus_radius'),
  dailyCoverCap: integer('daily_cover_cap').notNull(),
  weeklyCoverCap: integer('weekly_cover_cap').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A duty a school gives a member of staff beyond its role (issue 42): `arrangement`, the arrangement
 * (substitution) register kept by a teacher (a vice principal, the "arrangement in-charge"). The set
 * is saved with the staff settings; a CHECK (migration 0042) keeps the duty to the known ones.
 */
export const staffDuties = pgTable(
  'staff_duties',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    duty: text('duty').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'staff_duties_pk', columns: [t.schoolId, t.userId, t.duty] })],
);

/**
 * An arrangement (issue 42): on a date, a period of a class whose teacher is away is taken by a
 * substitute. One per class and period, one class per substitute and period.
 */
export const substitutions = pgTable(
  'substitutions',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    date: date('date', { mode: 'string' }).notNull(),
    periodId: uuid('period_id')
      .notNull()
      .references(() => periods.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    absentTeacherId: uuid('absent_teacher_id')
      .notNull()
      .references(() => users.id),
    substituteId: uuid('substitute_id')
      .notNull()
      .references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('substitutions_class_uq').on(t.schoolId, t.date, t.periodId, t.classId),
    uniqueIndex('substitutions_substitute_uq').on(t.schoolId, t.date, t.periodId, t.substituteId),
    index('substitutions_substitute_idx').on(t.schoolId, t.substituteId, t.date),
  ],
);

/**
 * Leave asked by parents (issue 43): a parent's request for its child, decided by the child's class
 * teacher or the principal. `class_id` is the child's class in the request's session when asked;
 * `days` the school days of the range. Overlaps of a child's pending or approved requests are
 * refused by the exclusion constraint `student_leaves_no_overlap` (migration 0043).
 */
export const studentLeaves = pgTable(
  'student_leaves',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => academicSessions.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    /** The file (a medical certificate; kept private, served by the request's own route). */
    fileName: text('file_name').references(() => files.name),
    status: text('status').notNull().default('pending'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('student_leaves_class_idx').on(t.schoolId, t.classId, t.status),
    index('student_leaves_student_idx').on(t.schoolId, t.studentId, t.fromDate),
  ],
);
