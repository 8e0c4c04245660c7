import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  BROKEN_TEXT_MESSAGE,
  CONTROL_CHARACTERS_MESSAGE,
  DATE_FORMAT_MESSAGE,
  DATE_RANGE_MESSAGE,
  MULTI_LINE_CONTROL_MESSAGE,
  PASSWORD_MESSAGES,
} from '@shala/contract';

/**
 * Form errors are stored as tokens and translated at render time, so an error already on screen
 * follows a language switch:
 *   'validation.required'        an i18n key
 *   'validation.tooLong|100'     an i18n key and its {{count}}
 *   '!Some server text'          a text without a key (shown as it is)
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
  [DATE_FORMAT_MESSAGE]: 'validation.date',
  [DATE_RANGE_MESSAGE]: 'validation.dateRange',
  [CONTROL_CHARACTERS_MESSAGE]: 'validation.controlCharacters',
  [MULTI_LINE_CONTROL_MESSAGE]: 'validation.controlCharactersMultiline',
  [BROKEN_TEXT_MESSAGE]: 'validation.brokenText',
  [PASSWORD_MESSAGES.blank]: 'validation.passwordBlank',
  [PASSWORD_MESSAGES.common]: 'validation.passwordCommon',
};

interface IssueLike {
  code?: string;
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
}

/** The token of one zod issue; `value` is the field's value (to tell "empty" from "too short"). */
export function issueToken(issue: IssueLike, value?: unknown): ErrorToken {
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

/** Field errors of a 400 VALIDATION_ERROR answer: `body.email` becomes `email`. */
export function serverFieldErrors(issues: readonly { path: string; message: string }[]): Record<string, ErrorToken> {
  const errors: Record<string, ErrorToken> = {};
  for (const issue of issues) {
    const path = issue.path.replace(/^(body|params|querystring|query)\.?/, '');
    if (path && !errors[path]) errors[path] = messageToken(issue.message);
  }
  return errors;
}

/** Translates a stored error token (or passes a plain node through). */
export function useErrorToken() {
  const { t } = useTranslation();
  return (token: unknown): string | undefined => {
    if (typeof token !== 'string' || !token) return undefined;
    if (token.startsWith('!')) return token.slice(1);
    const [key, count] = token.split('|');
    if (!key) return undefined;
    return count === undefined ? t(key) : t(key, { count: Number(count) });
  };
}

/** After a failed submit: moves the focus to the first field marked invalid (and so into view). */
export function focusFirstError(): void {
  setTimeout(() => {
    const field = document.querySelector<HTMLElement>('form [aria-invalid="true"], form [data-invalid="true"]');
    field?.focus();
  }, 0);
}
