import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateFor, formatRupees, groupIndian } from '@shala/contract';
import { isHindi, localeOf } from './language';

/**
 * One formatter per locale: numbers, dates and rupees in the reader's language.
 *
 *   const fmt = useFormat();            // reads the current language once per render
 *   fmt.number(1234)                    // "1,234" / "१,२३४"
 *   fmt.number(12.5, { maximumFractionDigits: 1 })
 *   fmt.date('2026-11-08')              // "8 Nov 2026" / "8 नव॰ 2026" (a YYYY-MM-DD day, or an instant's day at the school)
 *   fmt.longDate('2026-11-08')          // "Sunday, 8 November 2026"
 *   fmt.month('2026-11')                // "November 2026"
 *   fmt.dateTime(iso)                   // "8 Nov 2026, 10:42 am" / "8 नव॰ 2026, सुबह 10:42" (the school's time zone)
 *   fmt.time(iso)                       // "10:42 am" / "सुबह 10:42"
 *   fmt.rupees(12_345_00)               // "₹12,345.00" (the contract's formatRupees; paise in)
 *   fmt.language ('en' | 'hi' …), fmt.locale ('en-IN' | 'hi-IN'), fmt.hindi (boolean)
 *
 * Outside React (tests, plain functions), the same with a language: `localeOf`, `formatDate`,
 * `formatInstant`, `parseDate`. Features never compare `i18n.language` themselves.
 *
 * The web's one date format is the contract's `formatDateFor` (day first, short month in the
 * language's words: the server's PDFs and notifications use it too); the date inputs
 * (components/DateField) show it and read it back with `parseDate`.
 */

export { isHindi, localeOf } from './language';

/**
 * The school's time zone (the spec's default; every school uses it today): its "today", and the
 * time of an instant (a payment, a message, a closing) as the office reads it, whatever zone the
 * reader's device is set to.
 */
export const SCHOOL_TIME_ZONE = 'Asia/Kolkata';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date (YYYY-MM-DD) or timestamp as a short date (an instant's day at the school); '' for none, the value itself when unreadable. */
export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '';
  if (DAY.test(value)) return formatDateFor(language, value);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: SCHOOL_TIME_ZONE }).format(date);
}

const monthNames = new Map<string, Map<string, number>>();
/** Month names (short and long, English and the language's own) → month number 1…12. */
function monthsOf(language: string): Map<string, number> {
  let names = monthNames.get(language);
  if (!names) {
    names = new Map();
    for (const locale of new Set(['en-IN', localeOf(language)])) {
      for (const month of ['short', 'long'] as const) {
        const format = new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' });
        for (let m = 1; m <= 12; m += 1) names.set(monthKey(format.format(Date.UTC(2024, m - 1, 1))), m);
      }
    }
    monthNames.set(language, names);
  }
  return names;
}
const monthKey = (name: string) => name.toLocaleLowerCase().replace(/[.॰]/g, '');

function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A typed date back to YYYY-MM-DD, or null while it is not a whole date: the format shown
 * (26 Nov 2026, 26 नव॰ 2026, full month names too), day-first digits (26/11/2026, 26-11-2026,
 * 26.11.2026) and YYYY-MM-DD.
 */
export function parseDate(text: string, language: string): string | null {
  const value = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (m) return isoOf(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[\s,]+([^\d\s,]+)[\s,]+(\d{4})$/u.exec(value);
  const month = m ? monthsOf(language).get(monthKey(m[2]!)) : undefined;
  return m && month ? isoOf(Number(m[3]), month, Number(m[1])) : null;
}

/**
 * The options of a time of day in a language: Hindi names the part of the day before it, as Hindi
 * reads ("सुबह 10:36", "शाम 6:05"; Intl's hi-IN `timeStyle` writes "10:36 am"), English "10:36 am".
 */
const timeOptions = (language: string): Intl.DateTimeFormatOptions =>
  isHindi(language) ? { hour: 'numeric', minute: '2-digit', dayPeriod: 'short' } : { hour: 'numeric', minute: '2-digit', hour12: true };

/** A time of day in the reader's language: "10:36 am" / "सुबह 10:36" (at the school unless a zone is given; `null`: the device's). */
export function formatTime(value: Date | string, language: string, timeZone: string | null = SCHOOL_TIME_ZONE): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(localeOf(language), { ...timeOptions(language), ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** An instant as a date and time at the school, in the reader's language ("26 Nov 2026, 10:02 am" / "26 नव॰ 2026, सुबह 10:02"); the value itself when unreadable. */
export function formatInstant(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (isHindi(language)) return `${formatDate(iso, language)}, ${formatTime(date, language)}`;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: SCHOOL_TIME_ZONE }).format(date);
}

const utcDay = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

export interface Format {
  language: string;
  locale: string;
  hindi: boolean;
  number: (n: number, options?: Intl.NumberFormatOptions) => string;
  date: (value: string | null | undefined) => string;
  longDate: (day: string) => string;
  month: (yearMonth: string) => string;
  dateTime: (iso: string) => string;
  time: (iso: string) => string;
  rupees: (paise: number) => string;
}

/**
 * A whole number as both languages write it (Latin digits, Indian grouping: "12,34,567", what
 * en-IN's and hi-IN's NumberFormat give), without a NumberFormat: the first one a page makes
 * builds its locale's data, a tenth of a second of a phone's CPU on the way to the dashboard's
 * counts. Other numbers go to NumberFormat.
 */
function formatWhole(n: number): string | null {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return null;
  return `${n < 0 ? '-' : ''}${groupIndian(String(Math.abs(n)))}`;
}

/** The formatters of a language (what `useFormat` gives; for code outside React). */
export function formatFor(language: string): Format {
  const locale = localeOf(language);
  let numbers: Intl.NumberFormat | undefined;
  return {
    language,
    locale,
    hindi: isHindi(language),
    number: (n, options) => (options ? new Intl.NumberFormat(locale, options).format(n) : (formatWhole(n) ?? (numbers ??= new Intl.NumberFormat(locale)).format(n))),
    date: (value) => formatDate(value, language),
    longDate: (day) => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(day)),
    month: (yearMonth) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(`${yearMonth}-01`)),
    dateTime: (iso) => formatInstant(iso, language),
    time: (iso) => formatTime(iso, language),
    rupees: (paise) => formatRupees(paise),
  };
}

/** The formatters of the reader's language; a new set when the language changes. */
export function useFormat(): Format {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => formatFor(language), [language]);
}
