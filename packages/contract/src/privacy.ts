import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { searchText, text } from './text.js';

/**
 * Children's data rights (issue 12; India's Digital Personal Data Protection Act 2023: a child's
 * data needs its parent's verifiable consent). A parent (115) gives or withdraws consent per child
 * against a versioned consent text; every change is a new row (history, never deleted). The
 * principal (113) and the system admin (112) see each student's consent, export everything held
 * about a student (JSON and PDF; a parent: its own child), erase a former student, and read the
 * audit log of who viewed or changed a student's personal data.
 */

/**
 * The version of the consent text a parent agrees to (the web shows `privacy.consentText`); a new
 * text gets a new version, and a consent given to an older version shows as such.
 */
export const CONSENT_VERSION = '2026-1';

/** What a consent covers: processing by the school (always), photos and notifications (optional). */
export const consentInput = z.object({
  /** The version of the text the parent read: an old page cannot consent to a text it never showed. */
  version: z.literal(CONSENT_VERSION),
  photos: z.boolean().default(false),
  notifications: z.boolean().default(false),
});
export type ConsentInput = z.infer<typeof consentInput>;

export const CONSENT_ACTIONS = ['given', 'withdrawn'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];
/** A student's consent now: the last action, or none yet. */
export const CONSENT_STATES = ['given', 'withdrawn', 'missing'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

export const privacyStudentParams = z.object({ studentId: z.uuid() });

/** One recorded consent action, with its evidence (who, when, from which address and browser). */
export const consentRecord = z.object({
  consentId: z.uuid(),
  action: z.enum(CONSENT_ACTIONS),
  version: z.string(),
  processing: z.boolean(),
  photos: z.boolean(),
  notifications: z.boolean(),
  parentId: z.uuid().nullable(),
  parentName: z.string(),
  at: z.iso.datetime(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecord>;

/** At most this many consent actions are shown or exported per student (newest first). */
export const CONSENT_HISTORY_MAX = 50;

/** A child's consent: its state, the action in force and the history, newest first. */
export const childConsent = z.object({
  studentId: z.uuid(),
  studentName: z.string(),
  status: z.enum(CONSENT_STATES),
  current: consentRecord.nullable(),
  history: z.array(consentRecord),
});
export type ChildConsent = z.infer<typeof childConsent>;

export const CONSENT_FILTERS = ['all', ...CONSENT_STATES] as const;
export type ConsentFilter = (typeof CONSENT_FILTERS)[number];

/** The admins' consent report: students by consent state, searched by name or login id. */
export const consentReportQuery = pageQuery.extend({
  status: z.enum(CONSENT_FILTERS).default('all'),
  search: searchText(),
});
export type ConsentReportQuery = z.infer<typeof consentReportQuery>;

export const consentRow = z.object({
  studentId: z.uuid(),
  loginId: z.string(),
  fullName: z.string(),
  /** The student's account is active (a former student is inactive; only those may be erased). */
  active: z.boolean(),
  erased: z.boolean(),
  parentName: z.string().nullable(),
  consent: z.enum(CONSENT_STATES),
  version: z.string().nullable(),
  photos: z.boolean(),
  notifications: z.boolean(),
  at: z.iso.datetime().nullable(),
});
export type ConsentRow = z.infer<typeof consentRow>;

export const consentReport = z.object({
  /** The school's students by consent state (every student, whatever the filter). */
  counts: z.object({ students: z.number().int(), given: z.number().int(), withdrawn: z.number().int(), missing: z.number().int() }),
  items: z.array(consentRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ConsentReport = z.infer<typeof consentReport>;

/** What the audit log records about a student's personal data. */
export const AUDIT_ACTIONS = ['view', 'create', 'edit', 'status', 'export', 'erase', 'consent_given', 'consent_withdrawn', 'results_published', 'results_withdrawn', 'certificate_issued', 'certificate_cancelled'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What a `view` entry saw, beyond the student's details (`details.of`): its report card, the card
 * as a PDF, its fees. These are recorded for the school's staff only (not its parent or itself).
 */
export const AUDIT_VIEWS = ['reportcard', 'reportcardPdf', 'fees'] as const;
export type AuditView = (typeof AUDIT_VIEWS)[number];
export const isAuditView = (value: unknown): value is AuditView => (AUDIT_VIEWS as readonly unknown[]).includes(value);

export const auditListQuery = pageQuery.extend({
  studentId: z.uuid().optional(),
  /** A student's name or login id (part of it). */
  search: searchText(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditEntry = z.object({
  auditId: z.uuid(),
  at: z.iso.datetime(),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  studentId: z.uuid(),
  studentName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const EXPORT_FORMATS = ['json', 'pdf'] as const;
export const privacyExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).default('json'),
  lang: z.enum(['en', 'hi']).default('en'),
});
export type PrivacyExportQuery = z.infer<typeof privacyExportQuery>;

/** Rows of one kind an export carries at most (a year of period attendance fits). */
export const EXPORT_MAX_ROWS = 5000;

/** Erasing asks for the student's name, typed, as a confirmation. */
export const eraseInput = z.object({ confirmName: text(200).min(1, 'Required') });
export type EraseInput = z.infer<typeof eraseInput>;

export const eraseResult = z.object({
  studentId: z.uuid(),
  fullName: z.string(),
  /** The parent account was anonymised too (it had no other child in the school). */
  parentErased: z.boolean(),
});
export type EraseResult = z.infer<typeof eraseResult>;
