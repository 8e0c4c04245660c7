import '@mantine/dates/styles.layer.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { formatFor, parseDate } from '../lib/format';

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser' | 'locale' | 'type'
> & {
  /** The day as YYYY-MM-DD; '' or null: none. */
  value?: string | null;
  /** The new day as YYYY-MM-DD, or '' when the reader clears the field. */
  onChange: (value: string) => void;
  /** The first and last day offered in the calendar (YYYY-MM-DD). */
  min?: string;
  max?: string;
};

/**
 * The one date input of the app. It shows the day in the reader's language, as the lists do
 * (formatDateFor: 26 Nov 2026 / 26 नव॰ 2026), reads back what is typed (that format, full month
 * names, 26/11/2026 or 2026-11-26: `parseDate`), opens a calendar in the same words, and keeps the
 * value as YYYY-MM-DD for the forms: `{...form.getInputProps('date')}` works as with a TextInput.
 * A field that is not required can be cleared.
 */
export function DateField({ value, onChange, min, max, required, popoverProps, onClick, onKeyDown, onBlur, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  // The calendar opens on a click or ArrowDown, not on focus: a form that focuses its first wrong
  // field after a refused save must not cover its own buttons with a calendar.
  const [open, setOpen] = useState(false);
  const language = i18n.language;
  const calendar = useMemo(() => {
    const fmt = formatFor(language);
    const utc = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);
    const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(fmt.locale, { ...options, timeZone: 'UTC' });
    const year = intl({ year: 'numeric' });
    const monthShort = intl({ month: 'short' });
    const weekday = intl({ weekday: 'short' });
    return {
      valueFormat: (day: string) => fmt.date(day),
      dateParser: (text: string) => parseDate(text, language),
      monthLabelFormat: (day: string) => fmt.month(day.slice(0, 7)),
      yearLabelFormat: (day: string) => year.format(utc(day)),
      decadeLabelFormat: (start: string, end: string) => `${year.format(utc(start))} – ${year.format(utc(end))}`,
      monthsListFormat: (day: string) => monthShort.format(utc(day)),
      yearsListFormat: (day: string) => year.format(utc(day)),
      weekdayFormat: (day: string) => weekday.format(utc(day)),
      getDayAriaLabel: (day: string) => fmt.longDate(day),
    };
  }, [language]);
  return (
    <DateInput
      {...props}
      {...calendar}
      required={required}
      clearable={!required}
      allowDeselect={false}
      value={value || null}
      onChange={(next) => {
        setOpen(false);
        onChange(next ? next.slice(0, 10) : '');
      }}
      popoverProps={{ ...popoverProps, opened: open }}
      onClick={(event) => {
        setOpen(true);
        onClick?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') setOpen(true);
        if (event.key === 'Escape' && open) {
          setOpen(false);
          event.stopPropagation(); // closes the calendar, not the modal around it
        }
        onKeyDown?.(event);
      }}
      onBlur={(event) => {
        setOpen(false);
        onBlur?.(event);
      }}
      // Days outside min…max are greyed out in the calendar, yet a typed one is kept: the form's
      // rules (or the server) say why it is refused, on the field.
      excludeDate={min || max ? (day: string) => (!!min && day < min) || (!!max && day > max) : undefined}
      firstDayOfWeek={1}
      leftSection={<IconCalendar size={16} aria-hidden />}
      leftSectionPointerEvents="none"
      clearButtonProps={{ 'aria-label': t('dateField.clear') }}
      ariaLabels={{
        previousMonth: t('dateField.previousMonth'),
        nextMonth: t('dateField.nextMonth'),
        previousYear: t('dateField.previousYear'),
        nextYear: t('dateField.nextYear'),
        previousDecade: t('dateField.previousDecade'),
        nextDecade: t('dateField.nextDecade'),
        monthLevelControl: t('dateField.chooseMonth'),
        yearLevelControl: t('dateField.chooseYear'),
      }}
    />
  );
}
