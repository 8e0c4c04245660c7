import { z } from 'zod';

/**
 * Safe text: the one building block of every text input (bodies, query strings, params, CSV
 * cells). Control characters (NUL, escapes, C1 codes) and unpaired UTF-16 halves never reach the
 * database: they are refused with a 400 that names the field. A multi-line field (an address)
 * keeps line breaks and tabs; a Windows line break (\r\n) becomes \n.
 */
/** Control characters (Cc: U+0000–001F, U+007F–009F) and the Unicode line separators. */
const SINGLE_LINE_BAD = /[\p{Cc}\u2028\u2029]/u;
/** The same, less tab and line feed. */
const MULTI_LINE_BAD = /[^\P{Cc}\t\n]|[\u2028\u2029]/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Remove control characters (such as NUL or line breaks)';
export const MULTI_LINE_CONTROL_MESSAGE = 'Remove control characters (such as NUL)';
export const BROKEN_TEXT_MESSAGE = 'Contains broken characters';

export interface TextOptions {
  /** Allow \n and \t (an address); single-line fields allow no control character. */
  multiline?: boolean;
}

/** True when `value` has no character that `safeString` refuses. */
export function isSafeText(value: string, opts: TextOptions = {}): boolean {
  return !(opts.multiline ? MULTI_LINE_BAD : SINGLE_LINE_BAD).test(value) && !LONE_SURROGATE.test(value);
}

/** A string without control characters, untrimmed (passwords, codes). */
export function safeString(opts: TextOptions = {}) {
  const bad = opts.multiline ? MULTI_LINE_BAD : SINGLE_LINE_BAD;
  const base = opts.multiline ? z.string().overwrite((v) => v.replace(/\r\n?/g, '\n')) : z.string();
  return base
    .refine((v) => !bad.test(v), {
      message: opts.multiline ? MULTI_LINE_CONTROL_MESSAGE : CONTROL_CHARACTERS_MESSAGE,
      params: { code: opts.multiline ? 'control_chars_multiline' : 'control_chars' },
    })
    .refine((v) => !LONE_SURROGATE.test(v), { message: BROKEN_TEXT_MESSAGE, params: { code: 'broken_text' } });
}

/** Trimmed safe text of at most `max` characters. */
export const text = (max = 200, opts: TextOptions = {}) => safeString(opts).trim().max(max);

/** Optional safe text: empty strings become null. */
export const optionalText = (max = 200, opts: TextOptions = {}) =>
  text(max, opts)
    .transform((v) => (v === '' ? null : v))
    .nullish();

/** A search term of a list query: trimmed safe text, absent when empty. */
export const searchText = (max = 100) => text(max).optional();

export const DATE_RANGE = { min: '1900-01-01', max: '2100-12-31' } as const;
export const DATE_FORMAT_MESSAGE = 'Enter a date as YYYY-MM-DD';
const rangeMessage = (min: string, max: string) => `Enter a date between ${min} and ${max}`;
export const DATE_RANGE_MESSAGE = rangeMessage(DATE_RANGE.min, DATE_RANGE.max);

/** A real calendar date `YYYY-MM-DD` between `min` and `max` (1900-01-01 to 2100-12-31 by default). */
export const dateIn = (min: string = DATE_RANGE.min, max: string = DATE_RANGE.max) =>
  z.iso
    .date(DATE_FORMAT_MESSAGE)
    .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || (v >= min && v <= max), {
      message: rangeMessage(min, max),
      params: { code: 'date_range', min, max },
    });

/** Optional date field: empty strings become null. */
export const isoDate = dateIn().or(z.literal('').transform(() => null)).nullish();
