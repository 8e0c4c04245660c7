import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { dateIn, searchText, text } from './text.js';

/**
 * The school's registers and its certificates (issue 26).
 *
 * Registers: every student has an admission number, unique per school: the next of the school's
 * counter when Shala admits it (gapless, in the admission's transaction), or the number a pupil
 * admitted before Shala already had, entered with its admission date. The UDISE+ fields of a
 * student (PEN, APAAR id, mother tongue, minority group, BPL, CWSN and its type, the last four
 * digits of Aadhaar, never the whole number) are kept beside them.
 *
 * Certificates: a transfer certificate (TC), a bonafide, a character and a tuition-fee certificate
 * for a financial year, each with a number gapless per school and type, what it says kept as it was
 * issued, a PDF in English or Hindi, and a verification page (`/verify/:token`) that shows only its
 * type, number, date, school and the student's name, or that it was cancelled.
 */

// ---------------------------------------------------------------------------------------------
// The student's register entry

/** An admission number as schools write them: letters, digits and / - . (e.g. 1024, ADM/2019/117). */
export const ADMISSION_NO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/.-]{0,29}$/;
/** PEN (Permanent Education Number of UDISE+): 11 digits. */
export const PEN_PATTERN = /^\d{11}$/;
/** APAAR id: 12 digits. */
export const APAAR_PATTERN = /^\d{12}$/;
/**
 * Whether a string of digits passes the Verhoeff check, as every Aadhaar number does (its last
 * digit is the check digit of the others).
 */
export function verhoeffValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  const d = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
    [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
    [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
    [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
    [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
    [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
    [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
    [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
    [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
  ];
  const p = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
    [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
    [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
    [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
    [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
    [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
    [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
  ];
  let c = 0;
  [...digits].reverse().forEach((ch, i) => {
    c = d[c]![p[i % 8]![Number(ch)]!]!;
  });
  return c === 0;
}

/**
 * An APAAR id that could be an Aadhaar number (12 digits, not starting with 0 or 1, passing the
 * Verhoeff check): the form and the saved entry warn that it looks like one. Not refused: a real
 * APAAR id passes the check one time in ten.
 */
export const apaarLooksLikeAadhaar = (apaarId: string | null | undefined): boolean => !!apaarId && /^[2-9]\d{11}$/.test(apaarId) && verhoeffValid(apaarId);
/** What a saved register entry may warn of (not refused). */
export const REGISTER_WARNINGS = ['apaar_looks_like_aadhaar'] as const;
export type RegisterWarning = (typeof REGISTER_WARNINGS)[number];

/** Only the last four digits of Aadhaar are ever kept. */
export const AADHAAR_LAST4_PATTERN = /^\d{4}$/;

/** UDISE+ minority groups (Data Capture Format, item "Minority group"). */
export const MINORITY_GROUPS = ['none', 'muslim', 'christian', 'sikh', 'buddhist', 'parsi', 'jain'] as const;
export type MinorityGroup = (typeof MINORITY_GROUPS)[number];
/** UDISE+ impairment types of a child with special needs (the DCF's list, shortened to its groups). */
export const CWSN_TYPES = [
  'blindness',
  'low_vision',
  'hearing',
  'speech_language',
  'locomotor',
  'intellectual',
  'learning',
  'autism',
  'cerebral_palsy',
  'multiple',
  'other',
] as const;
export type CwsnType = (typeof CWSN_TYPES)[number];
/** The consent text a parent agrees to for the child's APAAR id (web i18n `registers.apaarConsent`): a new text, a new version. */
export const APAAR_CONSENT_VERSION = 'apaar-2026-11';

const optionalPattern = (pattern: RegExp, code: string, message: string, max: number) =>
  text(max).refine((v) => v === '' || pattern.test(v), { message, params: { code } });

/**
 * `PUT /api/school/students/:studentId/register`: the register entry (empty text: not known).
 * An admission number left empty keeps the one the student has.
 */
export const studentRegisterInput = z
  .object({
    admissionNo: optionalPattern(ADMISSION_NO_PATTERN, 'admission_no', 'Letters, digits and / - . only', 30),
    admissionDate: dateIn().or(z.literal('')),
    pen: optionalPattern(PEN_PATTERN, 'pen', 'A PEN has 11 digits', 11),
    apaarId: optionalPattern(APAAR_PATTERN, 'apaar', 'An APAAR id has 12 digits', 12),
    /** The parent's consent to the APAAR id, given on the signed form (recorded with its text version). */
    apaarConsent: z.boolean().default(false),
    motherTongue: text(40),
    minorityGroup: z.enum(MINORITY_GROUPS).default('none'),
    bpl: z.boolean().default(false),
    cwsn: z.boolean().default(false),
    cwsnType: z.enum(CWSN_TYPES).nullable().default(null),
    /** The last four digits of Aadhaar: a longer number is refused, never cut and kept. */
    aadhaarLast4: optionalPattern(AADHAAR_LAST4_PATTERN, 'aadhaar_last4', 'Only the last 4 digits of Aadhaar', 4),
    nationality: text(40),
    fatherName: text(100),
  })
  .refine((v) => !v.cwsn || v.cwsnType !== null, { message: 'Required', path: ['cwsnType'] })
  .refine((v) => v.apaarId === '' || v.apaarConsent, { message: "An APAAR id needs the parent's consent", path: ['apaarConsent'], params: { code: 'apaar_consent' } });
export type StudentRegisterInput = z.infer<typeof studentRegisterInput>;

/** A student's register entry as staff see it. */
export const studentRegister = z.object({
  studentId: z.uuid(),
  admissionNo: z.string().nullable(),
  admissionDate: z.string().nullable(),
  /** Numbered by Shala's counter (false: entered for a pupil admitted before Shala). */
  admissionNoAuto: z.boolean(),
  pen: z.string().nullable(),
  apaarId: z.string().nullable(),
  /** The parent's APAAR consent as recorded (null: none). */
  apaarConsent: z.object({ version: z.string(), at: z.string() }).nullable(),
  motherTongue: z.string().nullable(),
  minorityGroup: z.enum(MINORITY_GROUPS),
  bpl: z.boolean(),
  cwsn: z.boolean(),
  cwsnType: z.enum(CWSN_TYPES).nullable(),
  aadhaarLast4: z.string().nullable(),
  nationality: z.string().nullable(),
  fatherName: z.string().nullable(),
  /** Left the school: the date and the TC that says so (null: on the rolls). */
  left: z.object({ on: z.string(), reason: z.string(), certificateId: z.uuid().nullable() }).nullable(),
  updatedAt: z.string().nullable(),
  /** What to check again (saved anyway): an APAAR id that looks like an Aadhaar number. */
  warnings: z.array(z.enum(REGISTER_WARNINGS)),
});
export type StudentRegister = z.infer<typeof studentRegister>;
export const studentRegisterParams = z.object({ studentId: z.uuid() });

/** `GET /api/school/admissionregister`: by admission number (search: number, name, login id). */
export const admissionRegisterQuery = pageQuery.extend({
  search: searchText(100),
  /** Only those admitted in this session's dates. */
  sessionId: z.uuid().optional(),
});
export const admissionRegisterRow = z.object({
  studentId: z.uuid(),
  admissionNo: z.string().nullable(),
  admissionDate: z.string().nullable(),
  fullName: z.string(),
  loginId: z.string(),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  fatherName: z.string().nullable(),
  motherName: z.string().nullable(),
  /** The class now (of the current session), or null. */
  className: z.string().nullable(),
  active: z.boolean(),
  leftOn: z.string().nullable(),
});
export type AdmissionRegisterRow = z.infer<typeof admissionRegisterRow>;

// ---------------------------------------------------------------------------------------------
// Certificates

export const CERTIFICATE_TYPES = ['tc', 'bonafide', 'character', 'feecert'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];
export const CERTIFICATE_STATUSES = ['issued', 'cancelled'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
/** The TC's layouts: CBSE's (the default) and a state board's. */
export const TC_TEMPLATES = ['cbse', 'state'] as const;
export type TcTemplate = (typeof TC_TEMPLATES)[number];
/** Whether the student qualified for promotion to the next class. */
export const PROMOTION_ANSWERS = ['yes', 'no', 'na'] as const;
export const CERTIFICATE_LANGS = ['en', 'hi'] as const;
export type CertificateLang = (typeof CERTIFICATE_LANGS)[number];

/** What a TC asks when it is issued; the rest comes from the records. */
export const tcFields = z.object({
  template: z.enum(TC_TEMPLATES).default('cbse'),
  applicationDate: dateIn(),
  leavingDate: dateIn(),
  reason: text(200).min(1),
  lastExam: text(200),
  result: text(100),
  qualifiedForPromotion: z.enum(PROMOTION_ANSWERS).default('yes'),
  /** Subjects studied; empty: those of the student's class. */
  subjects: text(300),
  activities: text(200),
  conduct: text(60).min(1),
  remarks: text(300),
  /** Issuing with dues outstanding needs the principal's reason (kept, never printed). */
  duesOverride: text(200),
  /** Print the dues outstanding on the TC (off unless the principal asks). */
  printDues: z.boolean().default(false),
});
export type TcFields = z.infer<typeof tcFields>;

export const bonafideFields = z.object({ purpose: text(200).min(1) });
export const characterFields = z.object({ conduct: text(60).min(1), remarks: text(300) });
/** The financial year by its first calendar year: 2026 is 1 April 2026 to 31 March 2027. */
export const feeCertFields = z.object({ financialYear: z.number().int().min(2000).max(2100) });

/** `POST /api/school/certificates`: one certificate for one student. */
export const certificateInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tc'), studentId: z.uuid(), fields: tcFields, shareWithParent: z.boolean().default(true) }),
  z.object({ type: z.literal('bonafide'), studentId: z.uuid(), fields: bonafideFields, shareWithParent: z.boolean().default(true) }),
  z.object({ type: z.literal('character'), studentId: z.uuid(), fields: characterFields, shareWithParent: z.boolean().default(true) }),
  z.object({ type: z.literal('feecert'), studentId: z.uuid(), fields: feeCertFields, shareWithParent: z.boolean().default(true) }),
]);
export type CertificateInput = z.infer<typeof certificateInput>;

/** A certificate in the register. */
export const certificate = z.object({
  certificateId: z.uuid(),
  type: z.enum(CERTIFICATE_TYPES),
  /** Gapless per school and type. */
  number: z.number().int(),
  status: z.enum(CERTIFICATE_STATUSES),
  /** `erased`: the student's personal data was erased (a TC is then cancelled without restoring it). */
  student: z.object({ userId: z.uuid(), fullName: z.string(), loginId: z.string(), admissionNo: z.string().nullable(), erased: z.boolean() }),
  issuedOn: z.string(),
  issuedBy: z.string().nullable(),
  sessionName: z.string().nullable(),
  sharedWithParent: z.boolean(),
  /** How many times it was printed, in either language (a reprint in the same language says DUPLICATE). */
  prints: z.number().int(),
  /** The tuition fee certified (feecert, paise) or null. */
  amount: z.number().int().nullable(),
  cancelled: z.object({ at: z.string(), by: z.string().nullable(), reason: z.string() }).nullable(),
  /** The path of the public verification page (`/verify/<token>`). */
  verifyPath: z.string(),
});
export type Certificate = z.infer<typeof certificate>;

export const certificateListQuery = pageQuery.extend({
  type: z.enum(CERTIFICATE_TYPES).optional(),
  sessionId: z.uuid().optional(),
  studentId: z.uuid().optional(),
  status: z.enum(CERTIFICATE_STATUSES).optional(),
  search: searchText(100),
});
export const certificateParams = z.object({ certificateId: z.uuid() });
export const certificatePdfQuery = z.object({ lang: z.enum(CERTIFICATE_LANGS).default('en') });
/**
 * Cancelling a certificate. A TC issued in error: `restoreStudent` (the default) puts the student
 * back on the rolls (active again, the register's leaving date and reason cleared, in the audit
 * log); false cancels the paper only, the student stays left.
 */
export const certificateCancelBody = z.object({ reason: text(200).min(1), restoreStudent: z.boolean().default(true) });

/** What a TC would say before it is issued: dues, fees paid up to, the class, the subjects (the form fills itself). */
export const certificatePreviewQuery = z.object({ type: z.enum(CERTIFICATE_TYPES), studentId: z.uuid(), financialYear: z.coerce.number().int().min(2000).max(2100).optional() });
export const certificatePreview = z.object({
  student: z.object({ userId: z.uuid(), fullName: z.string(), loginId: z.string(), admissionNo: z.string().nullable(), active: z.boolean() }),
  className: z.string().nullable(),
  subjects: z.string(),
  /** Fees due and unpaid now (paise), which a TC needs overridden. */
  dues: z.number().int(),
  /** The last month whose instalments are all paid (YYYY-MM), or null. */
  feesPaidUpTo: z.string().nullable(),
  /** Tuition fee paid in the financial year asked (feecert), paise. */
  tuitionPaid: z.number().int().nullable(),
  /** What the register still misses for this certificate (field names). */
  missing: z.array(z.string()),
  /** A TC already issued and not cancelled (a second is refused). */
  existingTc: z.object({ certificateId: z.uuid(), number: z.number().int() }).nullable(),
});
export type CertificatePreview = z.infer<typeof certificatePreview>;

/** `GET /api/verify/:token`: the public page's five facts, and nothing else about the child. */
export const verifyParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
export const certificateVerification = z.object({
  /** A certificate's type, or an ID card: a student's (`idcard`) or staff's (`staffcard`). */
  kind: z.enum([...CERTIFICATE_TYPES, 'idcard', 'staffcard']),
  number: z.number().int().nullable(),
  issuedOn: z.string(),
  schoolName: z.string(),
  /** Null when the pupil's personal data was erased (the certificate stays valid; its page names nobody). */
  studentName: z.string().nullable(),
  status: z.enum(['valid', 'cancelled']),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

// ---------------------------------------------------------------------------------------------
// ID cards

/** ID cards are made for students (a class, or chosen ones) or for staff (chosen, or every active one). */
export const ID_CARD_KINDS = ['students', 'staff'] as const;
export type IdCardKind = (typeof ID_CARD_KINDS)[number];
/** At most this many cards in one batch (fifty A4 sheets). */
export const ID_CARD_BATCH_MAX = 500;
export const idCardBatchInput = z
  .object({
    kind: z.enum(ID_CARD_KINDS),
    /** Students: a class of the school, or chosen students (`userIds`). */
    classId: z.uuid().optional(),
    /** Chosen people (students, or staff); staff without a class or people: every active member of staff. */
    userIds: z.array(z.uuid()).min(1).max(ID_CARD_BATCH_MAX).optional(),
    lang: z.enum(CERTIFICATE_LANGS).default('en'),
  })
  .refine((v) => !(v.classId && v.userIds), { message: 'Choose a class or people, not both', path: ['classId'] })
  .refine((v) => v.kind === 'staff' || Boolean(v.classId) || Boolean(v.userIds), { message: 'Choose a class', path: ['classId'] })
  .refine((v) => v.kind === 'students' || !v.classId, { message: 'Staff cards are not made by class', path: ['classId'] });
export type IdCardBatchInput = z.input<typeof idCardBatchInput>;
export const idCardBatchParams = z.object({ batchId: z.uuid() });
export const idCardListQuery = pageQuery;
export const ID_CARD_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type IdCardStatus = (typeof ID_CARD_STATUSES)[number];
export const idCardBatch = z.object({
  batchId: z.uuid(),
  kind: z.enum(ID_CARD_KINDS),
  /** The class's name and section (`5-A`) for a class's cards, else null. */
  className: z.string().nullable(),
  lang: z.enum(CERTIFICATE_LANGS),
  status: z.enum(ID_CARD_STATUSES),
  count: z.number().int(),
  /** Those without a photo a card can print (JPEG or PNG): their cards come first on the sheets. */
  withoutPhoto: z.array(z.object({ userId: z.uuid(), fullName: z.string() })),
  /** The PDF's download path, once done. */
  fileUrl: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type IdCardBatch = z.infer<typeof idCardBatch>;

// ---------------------------------------------------------------------------------------------
// UDISE+

export const udiseExportQuery = z.object({ sessionId: z.uuid(), classId: z.uuid().optional(), format: z.enum(['csv', 'xlsx', 'check']).default('csv') });
/** `format=check`: what is missing per student before the export. */
export const udiseCheckRow = z.object({ studentId: z.uuid(), fullName: z.string(), className: z.string(), missing: z.array(z.string()) });
export type UdiseCheckRow = z.infer<typeof udiseCheckRow>;
