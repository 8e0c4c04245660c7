import i18n from 'i18next';
import { notifications } from '@mantine/notifications';
import { apiErrorText } from '../api/errors';

/**
 * Toasts, so that no screen writes one by hand (top-right, 5 s; see components/Toasts.tsx):
 *
 *   notifySaved(t('x.saved', { name }))            // green
 *   notifySaved(text, { check: true })              // green with a check mark
 *   notifySaved(text, { color: 'blue' })            // an "already done" answer
 *   notifyWarning(text)                             // yellow: a request only partly done
 *   notifyError(error)                              // red: the error's translated text (api/errors.ts)
 *   notifyError(error, t('x.saveFailed'))           // red: a title, the error's text under it
 *   notifyFailure(title, message)                   // red: a title and a line of your own
 *
 * Texts are translated by the caller (`t`); the error's text by its code and reason.
 */

/** The check mark of a saved toast: a character, so the login page's chunk brings no icon set. */
const CHECK = <span aria-hidden>✓</span>;

export function notifySaved(message: string, options: { check?: boolean; color?: string } = {}): void {
  notifications.show({ color: options.color ?? 'green', message, ...(options.check ? { icon: CHECK } : {}) });
}

export function notifyWarning(message: string): void {
  notifications.show({ color: 'yellow', message });
}

export function notifyError(error: unknown, title?: string): void {
  const message = apiErrorText(error, i18n.t.bind(i18n));
  notifications.show(title ? { color: 'red', title, message } : { color: 'red', message });
}

export function notifyFailure(title: string, message: string): void {
  notifications.show({ color: 'red', title, message });
}

/** Red: a translated line without a title (the sign-in screens' own error texts). */
export function notifyErrorText(message: string): void {
  notifications.show({ color: 'red', message });
}

/**
 * A mutation's callbacks that toast how it went: `done` on success, the error (under `failed`)
 * otherwise: `remove.mutate(id, toastOutcome(t('x.removed', { name }), t('x.removeFailed')))`.
 */
export function toastOutcome(done: string, failed?: string) {
  return { onSuccess: () => notifySaved(done), onError: (error: unknown) => notifyError(error, failed) };
}
