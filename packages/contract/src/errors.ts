/**
 * Error codes, reasons and issue codes: schema-free (no zod at run time), so the web's login page
 * can use them without loading the schemas.
 */

/** Stable error codes; the web client translates them, the message is the English fallback. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_INACTIVE',
  'SCHOOL_INACTIVE',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INVALID_OTP',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Values that fill an error text: `{ minimum: 8 }`, `{ row: 3 }`. */
export type ErrorParams = Record<string, string | number>;

/**
 * Stable codes of a field problem: zod's issue codes, plus our own (a custom issue names its code
 * in `params.code`: `control_chars`, `password_common`, …).
 */
export const ISSUE_CODES = [
  'too_small',
  'too_big',
  'invalid_type',
  'invalid_format',
  'invalid_value',
  'invalid_union',
  'unrecognized_keys',
  'not_multiple_of',
  'custom',
  'control_chars',
  'control_chars_multiline',
  'broken_text',
  'date_range',
  'mobile', // not an Indian mobile number (people.ts mobileNumber)
  'password_common',
  'password_whitespace',
  'session_label',
  'end_before_start',
  'end_before_start_time',
  'fee_value_range',
  'fee_value_zero',
  'emi_plan_shape',
  'emi_dates_order',
  'range_too_long',
  'due_before_date',
  'each_once',
  'one_decimal',
  'grade_min_once',
  'grade_from_zero',
  'digits',
  'no_spaces',
  'dlt_header',
  'template_id',
  'template_name',
  'template_vars',
  'template_param',
  'late_fee_value', // a late-fee rule without its amount (or percent)
  'late_fee_cap', // a late fee per day without a cap
  'upi_vpa',
  'upi_reference',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number] | (string & {});

/** The shape of a zod issue this module reads (no zod import, so it stays light). */
interface IssueLike {
  code?: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  origin?: string;
  params?: Record<string, unknown>;
  inclusive?: boolean;
}

const scalar = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** A zod issue as a stable `code` and its `params` (minimum, maximum, format, our own params). */
export function issueInfo(issue: IssueLike): { code: IssueCode; params?: ErrorParams } {
  const params: ErrorParams = {};
  let code: IssueCode = issue.code ?? 'custom';
  if (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint') params.minimum = Number(issue.minimum);
  if (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint') params.maximum = Number(issue.maximum);
  if (issue.format) params.format = issue.format;
  // What a size limit is about (a number's value, a string's length, an array's items).
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin) params.origin = issue.origin;
  if (issue.code === 'custom' && issue.params) {
    for (const [k, v] of Object.entries(issue.params)) {
      if (k === 'code' && typeof v === 'string') code = v;
      else if (scalar(v)) params[k] = v;
    }
  }
  return Object.keys(params).length ? { code, params } : { code };
}
