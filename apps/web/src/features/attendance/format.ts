import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant, localeOf } from '../../lib/format';

/** Dates and times of attendance in the reader's language (dates are school-local `YYYY-MM-DD`). */
export function useAttendanceFormat() {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const date = useCallback(
    (d: string) => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)),
    [locale],
  );
  const dateTime = useCallback((iso: string) => formatInstant(iso, i18n.language), [i18n.language]);
  const number = useCallback((n: number) => new Intl.NumberFormat(locale).format(n), [locale]);
  return { date, dateTime, number };
}
