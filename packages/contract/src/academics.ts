import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { dateIn, searchText, text } from './text.js';

/**
 * Academics (issue 7): sessions, master data, subjects, classes and sections ("assigned classes":
 * a class and section in one session, `assignClassId`), the subjects and teachers of a class,
 * students in classes with roll numbers, and year-end promotion.
 */

// ---------------------------------------------------------------------------------------------
// Master data (fixed with a release; names in English and Hindi)

export interface MasterItem {
  code: string;
  name: string;
  nameHi: string;
}

/** Classes of Indian schools, in order: promotion moves a class to the next one. */
export const MASTER_CLASSES = [
  { code: 'NUR', name: 'Nursery', nameHi: 'नर्सरी' },
  { code: 'LKG', name: 'LKG', nameHi: 'एल.के.जी.' },
  { code: 'UKG', name: 'UKG', nameHi: 'यू.के.जी.' },
  ...Array.from({ length: 12 }, (_, i) => ({ code: String(i + 1), name: String(i + 1), nameHi: String(i + 1) })),
] as const satisfies readonly MasterItem[];
export const MASTER_CLASS_CODES = MASTER_CLASSES.map((c) => c.code) as [string, ...string[]];

/** The next class in the master order (promotion's default target), or null after 12. */
export function nextMasterClass(code: string): string | null {
  const i = MASTER_CLASS_CODES.indexOf(code);
  return i >= 0 && i + 1 < MASTER_CLASS_CODES.length ? MASTER_CLASS_CODES[i + 1]! : null;
}

/** Subjects of Indian boards (CBSE, ICSE, state boards). */
export const MASTER_SUBJECTS = [
  { code: 'ENG', name: 'English', nameHi: 'अंग्रेज़ी' },
  { code: 'HIN', name: 'Hindi', nameHi: 'हिन्दी' },
  { code: 'MATH', name: 'Mathematics', nameHi: 'गणित' },
  { code: 'EVS', name: 'Environmental Studies (EVS)', nameHi: 'पर्यावरण अध्ययन' },
  { code: 'SCI', name: 'Science', nameHi: 'विज्ञान' },
  { code: 'SST', name: 'Social Science', nameHi: 'सामाजिक विज्ञान' },
  { code: 'SKT', name: 'Sanskrit', nameHi: 'संस्कृत' },
  { code: 'CS', name: 'Computer Science', nameHi: 'कंप्यूटर विज्ञान' },
  { code: 'IP', name: 'Informatics Practices', nameHi: 'सूचना विज्ञान अभ्यास' },
  { code: 'PHY', name: 'Physics', nameHi: 'भौतिक विज्ञान' },
  { code: 'CHEM', name: 'Chemistry', nameHi: 'रसायन विज्ञान' },
  { code: 'BIO', name: 'Biology', nameHi: 'जीव विज्ञान' },
  { code: 'ACC', name: 'Accountancy', nameHi: 'लेखाशास्त्र' },
  { code: 'BST', name: 'Business Studies', nameHi: 'व्यवसाय अध्ययन' },
  { code: 'ECO', name: 'Economics', nameHi: 'अर्थशास्त्र' },
  { code: 'HIST', name: 'History', nameHi: 'इतिहास' },
  { code: 'GEO', name: 'Geography', nameHi: 'भूगोल' },
  { code: 'POL', name: 'Political Science', nameHi: 'राजनीति विज्ञान' },
  { code: 'SOC', name: 'Sociology', nameHi: 'समाजशास्त्र' },
  { code: 'PSY', name: 'Psychology', nameHi: 'मनोविज्ञान' },
  { code: 'HSC', name: 'Home Science', nameHi: 'गृह विज्ञान' },
  { code: 'PE', name: 'Physical Education', nameHi: 'शारीरिक शिक्षा' },
  { code: 'ART', name: 'Art', nameHi: 'कला' },
  { code: 'MUS', name: 'Music', nameHi: 'संगीत' },
  { code: 'GK', name: 'General Knowledge', nameHi: 'सामान्य ज्ञान' },
  { code: 'MORAL', name: 'Moral Science', nameHi: 'नैतिक शिक्षा' },
  { code: 'WE', name: 'Work Education', nameHi: 'कार्य शिक्षा' },
  { code: 'URDU', name: 'Urdu', nameHi: 'उर्दू' },
  { code: 'PUN', name: 'Punjabi', nameHi: 'पंजाबी' },
  { code: 'BEN', name: 'Bengali', nameHi: 'बांग्ला' },
  { code: 'MAR', name: 'Marathi', nameHi: 'मराठी' },
  { code: 'GUJ', name: 'Gujarati', nameHi: 'गुजराती' },
  { code: 'TAM', name: 'Tamil', nameHi: 'तमिल' },
  { code: 'TEL', name: 'Telugu', nameHi: 'तेलुगु' },
  { code: 'KAN', name: 'Kannada', nameHi: 'कन्नड़' },
  { code: 'MAL', name: 'Malayalam', nameHi: 'मलयालम' },
  { code: 'FRE', name: 'French', nameHi: 'फ़्रेंच' },
  { code: 'ENTR', name: 'Entrepreneurship', nameHi: 'उद्यमिता' },
] as const satisfies readonly MasterItem[];
export const MASTER_SUBJECT_CODES = MASTER_SUBJECTS.map((s) => s.code) as [string, ...string[]];

const SUBJECT_BY_CODE = new Map<string, MasterItem>(MASTER_SUBJECTS.map((s) => [s.code, s]));

/**
 * A subject's name in a language: a subject of the master list keeps its Hindi name in Hindi,
 * unless the school renamed it; a school's own subject keeps the name it was given.
 */
export function subjectNameIn(subject: { name: string; masterCode?: string | null }, lang: string): string {
  const master = subject.masterCode ? SUBJECT_BY_CODE.get(subject.masterCode) : undefined;
  if (!master || master.name !== subject.name) return subject.name;
  return lang === 'hi' ? master.nameHi : master.name;
}

/** Days of the week, ISO numbers (1 Monday … 7 Sunday). Monday to Saturday are school days. */
export const WEEK_DAYS = [
  { day: 1, code: 'mon', name: 'Monday', nameHi: 'सोमवार' },
  { day: 2, code: 'tue', name: 'Tuesday', nameHi: 'मंगलवार' },
  { day: 3, code: 'wed', name: 'Wednesday', nameHi: 'बुधवार' },
  { day: 4, code: 'thu', name: 'Thursday', nameHi: 'गुरुवार' },
  { day: 5, code: 'fri', name: 'Friday', nameHi: 'शुक्रवार' },
  { day: 6, code: 'sat', name: 'Saturday', nameHi: 'शनिवार' },
  { day: 7, code: 'sun', name: 'Sunday', nameHi: 'रविवार' },
] as const;

export const masterItem = z.object({ code: z.string(), name: z.string(), nameHi: z.string() });
export const masterData = z.object({ masterClass: z.array(masterItem) });
export const masterWeek = z.object({
  day: z.number().int().min(1).max(7),
  code: z.string(),
  name: z.string(),
  nameHi: z.string(),
  isSchoolDay: z.boolean(),
});
export type MasterWeek = z.infer<typeof masterWeek>;
/** A school keeps Monday to Saturday; it chooses whether Sunday is a school day. */
export const masterWeeksBody = z.object({ sundayWorking: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Sessions

/** `2026-27`: the second year follows the first. */
export const sessionLabel = text(7)
  .regex(/^\d{4}-\d{2}$/, 'Enter the year as 2026-27')
  .refine((v) => !/^\d{4}-\d{2}$/.test(v) || (Number(v.slice(0, 4)) + 1) % 100 === Number(v.slice(5)), {
    message: 'The second year must follow the first (2026-27)',
    params: { code: 'session_label' },
  });

const sessionFields = z.object({
  label: sessionLabel,
  startDate: dateIn('2000-01-01', '2100-12-31'),
  endDate: dateIn('2000-01-01', '2100-12-31'),
});
const endAfterStart = (v: { startDate?: string; endDate?: string }) => !v.startDate || !v.endDate || v.endDate > v.startDate;
const END_AFTER_START = { message: 'The end date must be after the start date', path: ['endDate'], params: { code: 'end_before_start' } };

export const sessionInput = sessionFields.extend({ isCurrent: z.boolean().default(false) }).refine(endAfterStart, END_AFTER_START);
export type SessionInput = z.infer<typeof sessionInput>;
export const sessionUpdate = sessionFields.partial().refine(endAfterStart, END_AFTER_START);
export type SessionUpdate = z.infer<typeof sessionUpdate>;
export const sessionIdParams = z.object({ sessionId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Subjects

export const subject = z.object({
  subjectId: z.uuid(),
  name: z.string(),
  /** The master subject it was added from (its Hindi name shows in Hindi), or null for a custom one. */
  masterCode: z.string().nullable(),
  status: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Subject = z.infer<typeof subject>;

export const subjectInput = z.object({
  name: text(60).min(1, 'Required'),
  masterCode: z.enum(MASTER_SUBJECT_CODES).nullish(),
});
export type SubjectInput = z.infer<typeof subjectInput>;
export const subjectUpdate = subjectInput.partial();
export const subjectIdParams = z.object({ subjectId: z.uuid() });
export const subjectListQuery = pageQuery.extend({
  search: searchText(),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
});
export type SubjectListQuery = z.infer<typeof subjectListQuery>;

// ---------------------------------------------------------------------------------------------
// Classes and sections ("assigned classes")

export const CLASS_LIMIT_MAX = 200;
export const CLASS_SUBJECTS_MAX = 40;
/** Students assigned, moved or promoted in one request, at most. */
export const BULK_STUDENTS_MAX = CLASS_LIMIT_MAX;

/** A, B, … or a short code (A1, ROSE is too long): upper-cased. */
export const sectionName = text(3)
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,3}$/, 'Use up to 3 letters or digits (A, B, A1)');

export const ASSIGN_STATUSES = ['complete', 'pending', 'incomplete'] as const;
export type AssignStatus = (typeof ASSIGN_STATUSES)[number];

export const personRef = z.object({ userId: z.uuid(), fullName: z.string(), loginId: z.string() });
export type PersonRef = z.infer<typeof personRef>;

/** One class and section of a session, with what is assigned to it. */
export const classSummary = z.object({
  assignClassId: z.uuid(),
  sessionId: z.uuid(),
  sessionYear: z.string(),
  /** Master class code ('NUR', 'LKG', 'UKG', '1' … '12'): the class id of spec section 3. */
  masterClass: z.string(),
  className: z.string(),
  section: z.string(),
  classLimit: z.number().int(),
  classTeacher: personRef.nullable(),
  students: z.number().int().nonnegative(),
  teachers: z.number().int().nonnegative(),
  subjects: z.number().int().nonnegative(),
  /** Complete: a class teacher, a teacher for every subject, a student; Pending: nothing; else Incomplete. */
  status: z.enum(ASSIGN_STATUSES),
  createdAt: z.iso.datetime(),
});
export type ClassSummary = z.infer<typeof classSummary>;

export const classSubject = z.object({
  subjectId: z.uuid(),
  name: z.string(),
  masterCode: z.string().nullable(),
  teacher: personRef.nullable(),
});
export type ClassSubject = z.infer<typeof classSubject>;

export const classStudent = z.object({
  userId: z.uuid(),
  loginId: z.string(),
  fullName: z.string(),
  image: z.string().nullable(),
  status: z.boolean(),
  rollNo: z.number().int().nullable(),
  /** When the student was admitted (account created): one way to order roll numbers. */
  admittedAt: z.iso.datetime(),
});
export type ClassStudent = z.infer<typeof classStudent>;

/** The details screen: the class, its subjects with teachers, and its students by roll number. */
export const classDetail = classSummary.extend({
  subjectList: z.array(classSubject),
  /** Every student of the class (bounded by the class limit), by roll number then name. */
  studentList: z.array(classStudent),
});
export type ClassDetail = z.infer<typeof classDetail>;

export const assignClassParams = z.object({ assignClassId: z.uuid() });

export const classInput = z.object({
  sessionId: z.uuid(),
  masterClass: z.enum(MASTER_CLASS_CODES),
  /** One or more sections created together (all or none). */
  sections: z
    .array(
      z.object({
        section: sectionName,
        classLimit: z.number().int().min(1).max(CLASS_LIMIT_MAX),
        classTeacherId: z.uuid().nullish(),
      }),
    )
    .min(1)
    .max(26),
});
export type ClassInput = z.infer<typeof classInput>;

export const classUpdate = z.object({
  section: sectionName.optional(),
  classLimit: z.number().int().min(1).max(CLASS_LIMIT_MAX).optional(),
  classTeacherId: z.uuid().nullish(),
});
export type ClassUpdate = z.infer<typeof classUpdate>;

export const classListQuery = pageQuery.extend({
  sessionId: z.uuid(),
  search: searchText(),
  status: z.enum(['all', ...ASSIGN_STATUSES]).default('all'),
});
export type ClassListQuery = z.infer<typeof classListQuery>;
/** `getallassignclass/:sessionId`: the same list, the session in the path (spec section 7). */
export const assignedClassListQuery = classListQuery.omit({ sessionId: true });

/** The subjects taught in a class (replaces the set) and, optionally, its class teacher. */
export const assignClassBody = z.object({
  assignClassId: z.uuid(),
  subjectIds: z.array(z.uuid()).max(CLASS_SUBJECTS_MAX),
  classTeacherId: z.uuid().nullish(),
});
export type AssignClassBody = z.infer<typeof assignClassBody>;

/** The teacher of each subject of a class, saved in one transaction (spec: `{ assignments }`). */
export const teacherSubjectBody = z.object({
  assignClassId: z.uuid(),
  assignments: z
    .array(z.object({ subjectId: z.uuid(), teacherId: z.uuid().nullable() }))
    .min(1)
    .max(CLASS_SUBJECTS_MAX),
});
export type TeacherSubjectBody = z.infer<typeof teacherSubjectBody>;

/** A teacher's classes and subjects in a session (teacher's own view and the admins' view). */
export const teacherClass = z.object({
  assignClassId: z.uuid(),
  masterClass: z.string(),
  className: z.string(),
  section: z.string(),
  isClassTeacher: z.boolean(),
  subjects: z.array(z.object({ subjectId: z.uuid(), name: z.string(), masterCode: z.string().nullable() })),
  students: z.number().int().nonnegative(),
});
export type TeacherClass = z.infer<typeof teacherClass>;
export const teacherClassesQuery = z.object({
  sessionId: z.uuid(),
  /** Admins name the teacher; a teacher sees its own (another id answers 404). */
  teacherId: z.uuid().optional(),
});

// ---------------------------------------------------------------------------------------------
// Students in classes, roll numbers, promotion

export const assignStudentsBody = z.object({
  assignClassId: z.uuid(),
  studentIds: z.array(z.uuid()).min(1).max(BULK_STUDENTS_MAX),
});
export type AssignStudentsBody = z.infer<typeof assignStudentsBody>;

export const moveStudentBody = z.object({ assignClassId: z.uuid() });
export const studentParams = z.object({ userId: z.uuid() });
export const sessionQuery = z.object({ sessionId: z.uuid() });

/** Students of the school not yet in a class of the session (to pick from). */
export const unassignedQuery = pageQuery.extend({ search: searchText() });

export const ROLL_ORDERS = ['name', 'admission'] as const;
export const autoRollBody = z.object({ assignClassId: z.uuid(), order: z.enum(ROLL_ORDERS) });
export const ROLL_NO_MAX = 999;
export const manualRollBody = z.object({
  assignClassId: z.uuid(),
  rollNumbers: z
    .array(z.object({ userId: z.uuid(), rollNo: z.number().int().min(1).max(ROLL_NO_MAX) }))
    .min(1)
    .max(CLASS_LIMIT_MAX),
});
export type ManualRollBody = z.infer<typeof manualRollBody>;

export const promotionBody = z.object({
  fromAssignClassId: z.uuid(),
  toAssignClassId: z.uuid(),
  /** Students who stay back: not promoted. */
  heldBackIds: z.array(z.uuid()).max(CLASS_LIMIT_MAX).default([]),
  /** Preview only: what would happen, nothing saved. */
  dryRun: z.boolean().default(false),
});
export type PromotionBody = z.infer<typeof promotionBody>;
export const promotionResult = z.object({
  dryRun: z.boolean(),
  promoted: z.array(classStudent),
  heldBack: z.array(classStudent),
  target: classSummary,
});
export type PromotionResult = z.infer<typeof promotionResult>;

/** A student's (or a parent's child's) class in a session: null class = not yet assigned. */
export const studentClassView = z.object({
  student: personRef,
  sessionId: z.uuid(),
  class: classSummary.nullable(),
  rollNo: z.number().int().nullable(),
  subjects: z.array(classSubject),
});
export type StudentClassView = z.infer<typeof studentClassView>;

