import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '@shala/contract';
import { isHindi, localeOf } from './language';

/**
 * One formatter per locale: numbers, dates and rupees in the reader's language.
 *
 *   const fmt = useFormat();            // reads the current language once per render
 *   fmt.number(1234)                    // "1,234" / "१,२३४"
 *   fmt.number(12.5, { maximumFractionDigits: 1 })
 *   fmt.date('2026-11-08')              // "8 Nov 2026" (a YYYY-MM-DD day, or an instant in local time)
 *   fmt.longDate('2026-11-08')          // "Sunday, 8 November 2026"
 *   fmt.month('2026-11')                // "November 2026"
 *   fmt.dateTime(iso)                   // "8 Nov 2026, 10:42 am" (dateStyle medium, timeStyle short)
 *   fmt.rupees(12_345_00)               // "₹12,345.00" (the contract's formatRupees; paise in)
 *   fmt.language ('en' | 'hi' …), fmt.locale ('en-IN' | 'hi-IN'), fmt.hindi (boolean)
 *
 * Outside React (tests, plain functions), the same with a language: `localeOf`, `formatDate`,
 * `formatInstant`. Features never compare `i18n.language` themselves.
 */

export { isHindi, localeOf } from './language';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date (YYYY-MM-DD) or timestamp as a short local date; '' for none, the value itself when unreadable. */
export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const date = DAY.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** An instant as the reader's date and time. */
export function formatInstant(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
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
  rupees: (paise: number) => string;
}

/** The formatters of a language (what `useFormat` gives; for code outside React). */
export function formatFor(language: string): Format {
  const locale = localeOf(language);
  const numbers = new Intl.NumberFormat(locale);
  return {
    language,
    locale,
    hindi: isHindi(language),
    number: (n, options) => (options ? new Intl.NumberFormat(locale, options) : numbers).format(n),
    date: (value) => formatDate(value, language),
    longDate: (day) => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(day)),
    month: (yearMonth) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(`${yearMonth}-01`)),
    dateTime: (iso) => formatInstant(iso, language),
    rupees: (paise) => formatRupees(paise),
  };
}

/** The formatters of the reader's language; a new set when the language changes. */
export function useFormat(): Format {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => formatFor(language), [language]);
}
