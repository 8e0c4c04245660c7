import { z } from 'zod';
import { ERROR_CODES } from './errors.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './paging.js';

export { ERROR_CODES, ISSUE_CODES, issueInfo } from './errors.js';
export { ERROR_REASONS } from './error-reasons.js';
export type { ErrorCode, ErrorParams, IssueCode } from './errors.js';
export type { ErrorReason } from './error-reasons.js';

export const errorParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** One field problem of a 400: where, the English text, a stable code and its params. */
export const errorIssue = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
  params: errorParams.optional(),
});
export type ErrorIssue = z.infer<typeof errorIssue>;

/**
 * Failure envelope (DESIGN section 5): `error` is the code; `reason` and `params` say why, finer
 * (translated by the web); `field` names the input at fault; `issues` lists field problems of a 400.
 * `message` is the English fallback, never shown to a reader of another language.
 */
export const errorEnvelope = z.object({
  error: z.enum(ERROR_CODES),
  message: z.string(),
  reason: z.string().optional(),
  field: z.string().optional(),
  params: errorParams.optional(),
  issues: z.array(errorIssue).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Success envelope: `{ message?, result }`. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({ message: z.string().optional(), result });
}

export const messageOnly = z.object({ message: z.string(), result: z.null().optional() });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * A search counts its matches up to this many: past it, a list answers `total: SEARCH_COUNT_CAP`
 * with `totalCapped: true` (shown as "1,000+"), so a broad search reads its page, not every match.
 */
export const SEARCH_COUNT_CAP = 1000;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** How many items the list has in all; with `totalCapped`, at least this many (more than it). */
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    /** True when a search matched more than SEARCH_COUNT_CAP: `total` is the cap (absent otherwise). */
    totalCapped: z.boolean().optional(),
  });
}

export const uuid = z.uuid();
