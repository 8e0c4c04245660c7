import i18next, { type TFunction } from 'i18next';
import { isApiError, type ApiError } from './http';
import { formatDateFor } from '@shala/contract/web';

// Errors are translated by code, never by the server's English text: a `reason` with its
// `params` (errors.reasons.<reason>), else the code (errors.<CODE>). The server's message is shown
// only to English readers, and only for a code the app does not know.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A reason's params as a reader reads them: a day (YYYY-MM-DD) as a date in the reader's language. */
function readable(params: Record<string, unknown> | undefined, language: string): Record<string, unknown> | undefined {
  if (!params) return params;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'string' && DAY.test(value) ? formatDateFor(language, value) : value]));
}

/** The translated text of a reason (with its params, days as dates), or null when there is none. */
export function reasonText(reason: string | null | undefined, params: Record<string, unknown> | undefined, t: TFunction): string | null {
  if (!reason) return null;
  const key = `errors.reasons.${reason}`;
  const language = (t as TFunction & { lng?: string }).lng ?? i18next.language ?? 'en';
  const text = t(key, { ...readable(params, language), interpolation: { escapeValue: false } });
  return text && text !== key ? text : null;
}

/** The translated text of the error's reason, else of its code, when there is one. */
function codeText(error: unknown, t: TFunction): string | null {
  if (!isApiError(error) || !error.code) return null;
  const byReason = reasonText(error.reason, error.params, t);
  if (byReason) return byReason;
  const key = `errors.${error.code}`;
  const text = t(key);
  return text && text !== key ? text : null;
}

/** The server's English text, for English readers only. */
function englishOnly(error: ApiError): string | null {
  return (i18next.language ?? 'en').startsWith('en') ? error.serverMessage : null;
}

/** Login failures (spec section 8). */
export function loginErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.kind === 'http' && error.status != null) {
      if (error.status === 401) return codeText(error, t) ?? englishOnly(error) ?? t('auth.login.authFailed');
      if (error.status >= 400 && error.status < 500) return codeText(error, t) ?? englishOnly(error) ?? t('auth.login.clientError');
      if (error.status >= 500) return t('auth.login.serverDown');
    }
    if (error.kind === 'network') return t('auth.login.noResponse');
  }
  return t('auth.login.unexpected');
}

/** Failures of every other call (spec section 8's shorter texts). */
export function apiErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    switch (error.kind) {
      case 'http':
        // A proxy may refuse a large or odd file before the server can answer with a code.
        if (!error.code && error.status === 413) return t('errors.PAYLOAD_TOO_LARGE');
        if (!error.code && error.status === 415) return t('errors.UNSUPPORTED_MEDIA_TYPE');
        if (error.status != null && error.status >= 500) return codeText(error, t) ?? t('common.serverError');
        return codeText(error, t) ?? englishOnly(error) ?? t('common.serverError');
      case 'network':
        return t('common.noResponse');
      case 'request':
        return t('common.requestError');
      default:
        return t('common.unexpected');
    }
  }
  return t('common.unexpected');
}
