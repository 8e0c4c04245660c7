import type { TFunction } from 'i18next';
import { isApiError } from './client';

/** The translated text of the error code, when there is one. */
function codeText(error: unknown, t: TFunction): string | null {
  if (!isApiError(error) || !error.code) return null;
  const key = `errors.${error.code}`;
  const text = t(key);
  return text && text !== key ? text : null;
}

/** Login failures (spec section 8). */
export function loginErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.kind === 'http' && error.status != null) {
      if (error.status === 401) return codeText(error, t) ?? error.serverMessage ?? t('auth.login.authFailed');
      if (error.status >= 400 && error.status < 500) return codeText(error, t) ?? error.serverMessage ?? t('auth.login.clientError');
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
        return codeText(error, t) ?? error.serverMessage ?? t('common.serverError');
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
