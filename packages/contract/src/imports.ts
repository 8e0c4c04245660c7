import { z } from 'zod';
import { errorParams } from './envelope.js';

export const IMPORT_KINDS = ['teachers', 'students', 'parents'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_LIMITS = { bytes: 2 * 1024 * 1024, rows: 5000 } as const;

/** CSV columns per kind, in the order of the template; firstName is required. */
export const IMPORT_COLUMNS: Record<ImportKind, readonly string[]> = {
  teachers: ['firstName', 'lastName', 'email', 'contact', 'gender', 'dateOfBirth', 'qualification', 'subjects', 'address', 'state', 'district', 'city', 'zip'],
  students: ['firstName', 'lastName', 'email', 'contact', 'gender', 'dateOfBirth', 'parentLoginId', 'bloodGroup', 'motherName', 'address', 'state', 'district', 'city', 'zip'],
  parents: ['firstName', 'lastName', 'email', 'contact', 'address'],
};

export const importKindParams = z.object({ kind: z.enum(IMPORT_KINDS) });
export const importQuery = z.object({ dryRun: z.enum(['true', 'false']).default('true').transform((v) => v === 'true') });

/** One bad cell: `code` (a reason or an issue code) and `params` let the web translate it; `message` is English. */
export const importRowError = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
  code: z.string().optional(),
  params: errorParams.optional(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** Preview (dry run) or result of an import: all rows or none. */
export const importResult = z.object({
  dryRun: z.boolean(),
  total: z.number().int(),
  imported: z.number().int(),
  errors: z.array(importRowError),
  preview: z.array(z.object({ row: z.number().int(), fullName: z.string(), email: z.string().nullable() })),
  accounts: z.array(z.object({ row: z.number().int(), fullName: z.string(), loginId: z.string(), password: z.string() })),
});
export type ImportResult = z.infer<typeof importResult>;

export const exportKindParams = z.object({ kind: z.enum(['teachers', 'students', 'parents', 'principals']) });
