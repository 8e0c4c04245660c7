/** Locale of number and date formatting for a UI language. */
export function localeOf(language: string): string {
  return language === 'hi' ? 'hi-IN' : 'en-IN';
}

/** A date (YYYY-MM-DD) or timestamp as a short local date; '' for none or an unreadable value. */
export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}
