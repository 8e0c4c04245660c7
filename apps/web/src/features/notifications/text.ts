import type { TFunction } from 'i18next';
import { formatRupees, TEMPLATED_KINDS, type Notification } from '@shala/contract';
import { formatDate } from '../../lib/format';

const templated = new Set<string>(TEMPLATED_KINDS);

/**
 * A notification's text in the reader's language: its kind's `notifications.texts.<kind>` with its
 * params (dates and amounts formatted, a name's Hindi form in Hindi), the half of an old
 * "English / Hindi" text, or the sender's own words (a chat message, a notice's title).
 */
export function notificationText(item: Pick<Notification, 'kind' | 'params' | 'message'>, t: TFunction, language: string): string {
  const params = item.params ?? {};
  if (typeof params.en === 'string') return String((language === 'hi' ? params.hi : undefined) ?? params.en);
  if (!templated.has(item.kind)) return item.message;
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith('Hi')) continue;
    const hindi = params[`${key}Hi`];
    if (language === 'hi' && hindi !== undefined) values[key] = String(hindi);
    else if (key === 'amount' && typeof value === 'number') values[key] = formatRupees(value);
    else if (/date$/i.test(key) && typeof value === 'string') values[key] = formatDate(value, language);
    else values[key] = String(value);
  }
  const key = item.kind === 'holiday' && params.endDate !== undefined && params.endDate !== params.startDate ? 'holiday_range' : item.kind;
  return t(`notifications.texts.${key}`, values);
}
