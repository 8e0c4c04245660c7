import type { TFunction } from 'i18next';
import { notificationTextKey, notificationValues, TEMPLATED_KINDS, type Notification } from '@shala/contract';

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
  const key = notificationTextKey(item.kind as (typeof TEMPLATED_KINDS)[number], params);
  return t(`notifications.texts.${key}`, notificationValues(params, language));
}
