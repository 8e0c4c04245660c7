import { ROLE } from './roles.js';
import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { isoDate, optionalText, safeString, searchText, text } from './text.js';

const opt = optionalText;

export const GENDERS = ['male', 'female', 'other'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const MARITAL_STATUSES = ['single', 'married', 'widowed', 'divorced'] as const;
export const CATEGORIES = ['general', 'obc', 'sc', 'st', 'ews', 'other'] as const;

/** Indian mobile or landline: digits, spaces, +, -, 7 to 20 characters. */
export const phone = safeString()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{6,18}$/, 'Enter a valid phone number')
  .or(z.literal('').transform(() => null))
  .nullish();
/**
 * An Indian mobile number as SMS and WhatsApp take it (E.164: `+91` and ten digits, the first 6–9).
 * Typed forms are accepted as people write them (`98765 43210`, `+91-98765-43210`, `09876543210`,
 * `919876543210`, `0091 98765 43210`); anything else (a landline, a foreign or short number) is
 * null. The one rule for a number Shala will message: the zod fields below and the server's
 * providers all use it.
 */
export function toIndianMobile(raw: string): string | null {
  const digits = raw.trim().replace(/[\s().-]/g, '');
  const m = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(digits);
  return m ? `+91${m[1]}` : null;
}
/** True for a number already in the form `toIndianMobile` gives (`+919876543210`). */
export const isIndianMobile = (value: string): boolean => /^\+91[6-9]\d{9}$/.test(value);
/** A required mobile number for messages, normalised to `+91XXXXXXXXXX`; a bad one is a 400 naming the field. */
export const mobileNumber = safeString()
  .trim()
  .transform((v, ctx) => {
    const mobile = toIndianMobile(v);
    if (mobile) return mobile;
    ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number', params: { code: 'mobile' } });
    return z.NEVER;
  });
/** The same, optional: an empty string is null. */
export const optionalMobileNumber = mobileNumber.or(z.literal('').transform(() => null)).nullish();
export const email = safeString()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email'))
  .or(z.literal('').transform(() => null))
  .nullish();
/** Indian PIN code: 6 digits, not starting with 0. */
export const zip = safeString()
  .trim()
  .regex(/^[1-9][0-9]{5}$/, 'Enter a 6-digit PIN code')
  .or(z.literal('').transform(() => null))
  .nullish();
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).or(z.literal('').transform(() => null)).nullish();

/** The personal fields of spec section 3 shared by admins, teachers and students. */
export const personFields = z.object({
  firstName: text(100).min(1, 'Required'),
  lastName: text(100).optional(),
  email,
  contact: phone,
  gender: choice(GENDERS),
  dateOfBirth: isoDate,
  address: opt(300, { multiline: true }),
  state: opt(100),
  district: opt(100),
  city: opt(100),
  zip,
  qualification: opt(200),
  subjects: opt(300),
  maritalStatus: choice(MARITAL_STATUSES),
  category: choice(CATEGORIES),
  religion: opt(100),
  bloodGroup: choice(BLOOD_GROUPS),
  fatherOccupation: opt(100),
  motherName: opt(100),
  motherOccupation: opt(100),
  image: opt(200),
});
export type PersonFields = z.infer<typeof personFields>;

/** The fields of an adult that do not fit a child: a student's form does not ask them. */
export const ADULT_ONLY_FIELDS = ['maritalStatus', 'qualification', 'subjects'] as const;

/**
 * A student: the personal fields without the adult ones, and a link to a parent (a 115 account of
 * the same school). Strict: a body that sends an adult-only field (or any unknown one) answers 400
 * naming it, so a client never believes it stored a marital status for a child.
 */
export const studentFields = personFields
  .omit({ maritalStatus: true, qualification: true, subjects: true })
  .extend({ parentId: z.uuid().nullish() })
  .strict();
export type StudentFields = z.infer<typeof studentFields>;

/** A parent: name, email, contact (spec section 3). */
export const parentFields = z.object({
  firstName: text(100).min(1, 'Required'),
  lastName: text(100).optional(),
  email,
  contact: phone,
  address: opt(300, { multiline: true }),
  image: opt(200),
});
export type ParentFields = z.infer<typeof parentFields>;

export const PEOPLE_KINDS = ['systemAdmins', 'principals', 'teachers', 'students', 'parents'] as const;
export type PeopleKind = (typeof PEOPLE_KINDS)[number];
/** The role code each kind of person has. */
export const KIND_ROLE = { systemAdmins: ROLE.SYSTEM_ADMIN, principals: ROLE.PRINCIPAL, teachers: ROLE.TEACHER, students: ROLE.STUDENT, parents: ROLE.PARENT } as const;
/**
 * The kind of person a user record is, from its role code (null: the platform owner, or not a role):
 * what a record is, not what its reader may do (that is the server's policies').
 */
export function kindOfRole(role: number): PeopleKind | null {
  return PEOPLE_KINDS.find((kind) => KIND_ROLE[kind] === role) ?? null;
}
/**
 * Who may list, read, edit and export each kind of person: the one table that the people routes
 * and the export's per-kind check both read.
 */
export const KIND_MANAGERS = {
  systemAdmins: [ROLE.OWNER],
  principals: [ROLE.SYSTEM_ADMIN],
  teachers: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL],
  students: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL],
  parents: [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL],
} as const satisfies Record<PeopleKind, readonly (111 | 112 | 113)[]>;

/**
 * A student's place in a session: its class, section and roll number (academics). Present on
 * student rows when the list names a session; null when the student is in no class of it.
 */
export const studentPlacement = z.object({
  assignClassId: z.uuid(),
  masterClass: z.string(),
  className: z.string(),
  section: z.string(),
  rollNo: z.number().int().nullable(),
});
export type StudentPlacement = z.infer<typeof studentPlacement>;

/** One row of a people list. */
export const personSummary = z.object({
  userId: z.uuid(),
  loginId: z.string(),
  roleId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  contact: z.string().nullable(),
  image: z.string().nullable(),
  status: z.boolean(),
  schoolId: z.uuid().nullable(),
  schoolName: z.string().nullable(),
  parentId: z.uuid().nullable(),
  parentName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  placement: studentPlacement.nullish(),
});
export type PersonSummary = z.infer<typeof personSummary>;

/** Every field of one person. */
export const personDetail = personSummary.extend({
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  qualification: z.string().nullable(),
  subjects: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  category: z.string().nullable(),
  religion: z.string().nullable(),
  bloodGroup: z.string().nullable(),
  fatherOccupation: z.string().nullable(),
  motherName: z.string().nullable(),
  motherOccupation: z.string().nullable(),
  children: z.array(personSummary.pick({ userId: true, loginId: true, fullName: true, status: true })).optional(),
});
export type PersonDetail = z.infer<typeof personDetail>;

/** Answer to creating an account: the first password is shown once, here only. */
export const createdAccount = z.object({
  person: personDetail,
  loginId: z.string(),
  password: z.string(),
  mailed: z.boolean(),
});
export type CreatedAccount = z.infer<typeof createdAccount>;

export const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export const listQuery = pageQuery.extend({
  search: searchText(),
  status: z.enum(STATUS_FILTERS).default('all'),
});
export type ListQuery = z.infer<typeof listQuery>;
/** Students: the list of a session shows each one's class; `assignClassId` keeps one class. */
export const studentListQuery = listQuery.extend({
  sessionId: z.uuid().optional(),
  assignClassId: z.uuid().optional(),
});
export type StudentListQuery = z.infer<typeof studentListQuery>;

export const statusBody = z.object({ status: z.boolean() });
export type StatusBody = z.infer<typeof statusBody>;
