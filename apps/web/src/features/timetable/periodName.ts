import type { TFunction } from 'i18next';

/** A period's name for the reader: a name that is only a number reads "Period 1" / "पीरियड 1". */
export function periodName(name: string, t: TFunction): string {
  const n = name.trim();
  return /^\d+$/.test(n) ? t('timetable.periodNumber', { n }) : name;
}
