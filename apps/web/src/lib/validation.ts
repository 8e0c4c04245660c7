import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ERROR_REASONS, type ErrorParams } from '@shala/contract/web';
import type { ApiIssue } from '../api/http';

/**
 * Form errors are stored as tokens and translated at render time, so an error already on screen
 * follows a language switch:
 *   'validation.required'        an i18n key
 *   'validation.tooLong|100'     an i18n key and its {{count}}
 *   'errors.reasons.x|{"row":2}' an i18n key and its params (JSON)
 *   '!Some server text'          a text without a key (shown to English readers only)
 */
export type ErrorToken = string;

/** The contract's own messages (packages/contract: people.ts, schools.ts, auth.ts). */
const MESSAGE_KEYS: Record<string, string> = {
  Required: 'validation.required',
  'Enter a valid email': 'validation.email',
  'Enter a valid phone number': 'validation.phone',
  'Enter a 6-digit PIN code': 'validation.zip',
  'The code has 6 digits': 'validation.otp',
  'Invalid ISO date': 'validation.date',
  'Enter a time as HH:MM': 'validation.time',
  'Enter a month as YYYY-MM': 'validation.month',
};

interface IssueLike {
  code?: string;
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  origin?: string;
  params?: Record<string, unknown>;
}

/** Our own issue codes (a custom issue's `params.code`) and their texts. */
const OWN_CODES: Record<string, string> = {
  control_chars: 'validation.controlCharacters',
  control_chars_multiline: 'validation.controlCharactersMultiline',
  broken_text: 'validation.brokenText',
  date_range: 'validation.dateRange',
  password_common: 'validation.password_common',
  password_whitespace: 'validation.password_whitespace',
  password_mismatch: 'validation.passwordMismatch',
  session_label: 'validation.session_label',
  end_before_start: 'validation.end_before_start',
  end_before_start_time: 'validation.end_before_start_time',
  fee_value_range: 'validation.fee_value_range',
  fee_value_zero: 'validation.fee_value_zero',
  range_too_long: 'validation.range_too_long',
  due_before_date: 'validation.due_before_date',
  each_once: 'validation.each_once',
  one_decimal: 'validation.one_decimal',
  grade_min_once: 'validation.grade_min_once',
  grade_from_zero: 'validation.grade_from_zero',
  digits: 'validation.digits',
  no_spaces: 'validation.no_spaces',
  dlt_header: 'validation.dlt_header',
  template_id: 'validation.template_id',
  template_name: 'validation.template_name',
  template_vars: 'validation.template_vars',
  template_param: 'validation.template_param',
  late_fee_value: 'validation.late_fee_value',
  late_fee_cap: 'validation.late_fee_cap',
  upi_vpa: 'validation.upi_vpa',
  upi_reference: 'validation.upi_reference',
  admission_no: 'validation.admission_no',
  pen: 'validation.pen',
  apaar: 'validation.apaar',
  aadhaar_last4: 'validation.aadhaar_last4',
  apaar_consent: 'validation.apaar_consent',
};

/** The token of one zod issue; `value` is the field's value (to tell "empty" from "too short"). */
export function issueToken(issue: IssueLike, value?: unknown): ErrorToken {
  const own = issue.code === 'custom' ? issue.params?.code : issue.code;
  if (typeof own === 'string' && OWN_CODES[own]) return OWN_CODES[own];
  if (issue.code === 'too_small' && issue.origin === 'number') return `validation.tooSmallNumber|${Number(issue.minimum)}`;
  if (issue.code === 'too_big' && issue.origin === 'number') return `validation.tooBigNumber|${Number(issue.maximum)}`;
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    const empty = value == null || (typeof value === 'string' && value.trim() === '');
    if (empty || !(min > 1)) return 'validation.required';
    return `validation.tooShort|${min}`;
  }
  const known = MESSAGE_KEYS[issue.message];
  if (known) return known;
  switch (issue.code) {
    case 'too_big':
      return `validation.tooLong|${Number(issue.maximum)}`;
    case 'invalid_union':
    case 'invalid_value':
      return 'validation.invalidChoice';
    case 'invalid_format':
      if (issue.format === 'email') return 'validation.email';
      if (issue.format === 'date') return 'validation.date';
      return 'validation.invalid';
    case 'invalid_type':
      return 'validation.invalid';
    default:
      return messageToken(issue.message);
  }
}

/** A server's issue message (English) as a token: known messages get their key. */
export function messageToken(message: string): ErrorToken {
  const known = MESSAGE_KEYS[message];
  if (known) return known;
  const tooBig = /^Too big: expected string to have <=\s?(\d+)/.exec(message);
  if (tooBig) return `validation.tooLong|${tooBig[1]}`;
  if (/^Invalid option/.test(message)) return 'validation.invalidChoice';
  return `!${message}`;
}

function valueAt(values: unknown, path: PropertyKey[]): unknown {
  let current: unknown = values;
  for (const key of path) {
    if (current == null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** A Mantine form `validate` function from a zod schema: first issue of each field, as tokens. */
export function zodValidate<V>(schema: z.ZodType, prepare: (values: V) => unknown = (v) => v) {
  return (values: V): Record<string, ErrorToken> => {
    const input = prepare(values);
    const result = schema.safeParse(input);
    if (result.success) return {};
    const errors: Record<string, ErrorToken> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!path || errors[path]) continue;
      errors[path] = issueToken(issue as IssueLike, valueAt(input, issue.path));
    }
    return errors;
  };
}

/** The token of a server issue: by its stable `code` and `params`, the English text only as a last resort. */
export function serverIssueToken(issue: Omit<ApiIssue, 'path'>, value?: unknown): ErrorToken {
  if (!issue.code) return messageToken(issue.message);
  const p = issue.params ?? {};
  return issueToken(
    { code: issue.code, message: issue.message, minimum: p.minimum, maximum: p.maximum, format: p.format as string | undefined, origin: p.origin as string | undefined },
    value,
  );
}

/** Field errors of a 400 VALIDATION_ERROR answer: `body.email` becomes `email`. */
export function serverFieldErrors(issues: readonly ApiIssue[], values?: unknown): Record<string, ErrorToken> {
  const errors: Record<string, ErrorToken> = {};
  for (const issue of issues) {
    const path = issue.path.replace(/^(body|params|querystring|query)\.?/, '');
    if (path && !errors[path]) errors[path] = serverIssueToken(issue, valueAt(values, path.split('.')));
  }
  return errors;
}

/** The token of an error reason (`errors.reasons.<reason>`) with its params. */
export function reasonToken(reason: string, params: ErrorParams = {}): ErrorToken {
  return Object.keys(params).length ? `errors.reasons.${reason}|${JSON.stringify(params)}` : `errors.reasons.${reason}`;
}

/** The token of one CSV import row error: its code is a reason or an issue code. */
export function importErrorToken(error: { message: string; code?: string; params?: ErrorParams }): ErrorToken {
  if (error.code && (ERROR_REASONS as readonly string[]).includes(error.code)) return reasonToken(error.code, error.params);
  return serverIssueToken(error);
}

/** Translates a stored error token (or passes a plain node through). */
export function useErrorToken() {
  const { t, i18n } = useTranslation();
  return (token: unknown): string | undefined => {
    if (typeof token !== 'string' || !token) return undefined;
    // A server's English text is never shown in another language.
    if (token.startsWith('!')) return i18n.language.startsWith('en') ? token.slice(1) : t('validation.invalid');
    const bar = token.indexOf('|');
    const key = bar < 0 ? token : token.slice(0, bar);
    const arg = bar < 0 ? undefined : token.slice(bar + 1);
    if (!key) return undefined;
    if (arg === undefined) return t(key);
    if (arg.startsWith('{')) {
      try {
        return t(key, { ...(JSON.parse(arg) as object), interpolation: { escapeValue: false } });
      } catch {
        return t(key);
      }
    }
    return t(key, { count: Number(arg) });
  };
}

/** After a failed submit: moves the focus to the first field marked invalid (and so into view). */
export function focusFirstError(): void {
  setTimeout(() => {
    const field = document.querySelector<HTMLElement>('form [aria-invalid="true"], form [data-invalid="true"]');
    field?.focus();
  }, 0);
}
