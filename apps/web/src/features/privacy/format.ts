import { localeOf } from '../people/format';

/** An instant as the reader's date and time (school staff read the log in their own zone). */
export function formatInstant(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** Does the typed confirmation name the student? Case, and spaces around and between words, do not matter (as on the server). */
export function namesMatch(typed: string, name: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(typed) !== '' && norm(typed) === norm(name);
}
