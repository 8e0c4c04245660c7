import type { ChatContact, ChatMessage } from '@shala/contract';
import type { TFunction } from 'i18next';
import { now as clockNow } from '../../api/clock';
import { formatTime, localeOf } from '../../lib/format';

/** A new message's id from the sending tab (crypto.randomUUID where the page is a secure context). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The local calendar day of an instant (YYYY-MM-DD), for date separators. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** "Today", "Yesterday" or the date, in local time. */
export function dayLabel(iso: string, language: string, t: TFunction, now = clockNow()): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return t('chat.today');
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return t('chat.yesterday');
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** The time of a message in local time (10:42 am / सुबह 10:42). */
export function timeLabel(iso: string, language: string): string {
  return formatTime(iso, language, null);
}

/** A list entry's time: the time today, else the short date. */
export function whenLabel(iso: string, language: string, now = clockNow()): string {
  if (dayKey(iso) === dayKey(now.toISOString())) return timeLabel(iso, language);
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** Why the caller may talk to a contact, in the reader's language (the detail is data: names, subjects). */
export function relationText(c: Pick<ChatContact, 'relation' | 'detail' | 'classTeacherOf'>, t: TFunction): string {
  switch (c.relation) {
    case 'parent':
      return c.detail ? t('chat.relation.parentOf', { children: c.detail }) : t('chat.relation.parent');
    case 'childTeacher': {
      const parts = [c.classTeacherOf ? t('chat.relation.classTeacher', { cls: c.classTeacherOf }) : null, c.detail].filter(Boolean);
      return parts.length ? parts.join(' · ') : t('chat.relation.childTeacher');
    }
    default:
      return t(`chat.relation.${c.relation}`);
  }
}

/** Messages oldest first, grouped under their local day. */
export function byDay(messages: ChatMessage[]): Array<{ day: string; first: string; items: ChatMessage[] }> {
  const groups: Array<{ day: string; first: string; items: ChatMessage[] }> = [];
  for (const m of messages) {
    const day = dayKey(m.createdAt);
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(m);
    else groups.push({ day, first: m.createdAt, items: [m] });
  }
  return groups;
}
