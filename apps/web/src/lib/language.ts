/**
 * The reader's language, without any formatter: what the public pages (sign-in, forgot password)
 * need, so their chunk does not bring the formatters and the contract's schemas (the login page's
 * JavaScript budget, e2e/budget.spec.ts). `lib/format.ts` re-exports these.
 */

/** Locale of number and date formatting for a UI language. */
export function localeOf(language: string): string {
  return language === 'hi' ? 'hi-IN' : 'en-IN';
}

/** Is the reader's language Hindi (texts with a Hindi form: master class and subject names). */
export function isHindi(language: string): boolean {
  return language === 'hi';
}
