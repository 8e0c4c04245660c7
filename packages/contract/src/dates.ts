/**
 * The one date format of each language (web lists and inputs, PDFs, notifications): day first,
 * short month, in the language's own words. `formatDateFor('en', '2026-11-26')` is "26 Nov 2026",
 * `formatDateFor('hi', '2026-11-26')` is "26 नव॰ 2026". A day (YYYY-MM-DD, or the date part of
 * an ISO instant) is shown as that calendar day, whatever the time zone of the machine.
 */

/** Locale of number and date formatting for a UI language (Indian English unless Hindi). */
export const dateLocaleOf = (language: string): string => (language === 'hi' ? 'hi-IN' : 'en-IN');

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const formats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(language: string): Intl.DateTimeFormat {
  const locale = dateLocaleOf(language);
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    formats.set(locale, format);
  }
  return format;
}

/** A day (YYYY-MM-DD, or an ISO instant's date part) in the language's format; '' for none, the value itself when unreadable. */
export function formatDateFor(language: string, iso: string | null | undefined): string {
  if (!iso) return '';
  const m = DAY.exec(iso);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!date || Number.isNaN(date.getTime())) return iso;
  return dayFormat(language).format(date);
}
