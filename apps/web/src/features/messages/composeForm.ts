import { COMPOSER_CHANNELS, messageInput, type MessageInput } from '@shala/contract';
import { AUDIENCE_ROLES, AUDIENCE_ROLE_NAMES, type AudienceRole } from './parts';

/** The India Standard Time offset: the school's clock (India keeps no summer time). */
const SCHOOL_OFFSET = '+05:30';

export interface PickedPerson {
  value: string;
  label: string;
}

/** The composer's values as typed. */
export interface ComposeValues {
  title: string;
  body: string;
  audienceKind: 'roles' | 'classes' | 'people';
  roles: AudienceRole[];
  classIds: string[];
  who: 'parents' | 'students';
  people: PickedPerson[];
  sms: boolean;
  whatsapp: boolean;
  email: boolean;
  later: boolean;
  /** YYYY-MM-DD and HH:MM in the school's time. */
  date: string;
  time: string;
}

export const emptyCompose = (): ComposeValues => ({
  title: '',
  body: '',
  audienceKind: 'classes',
  roles: [],
  classIds: [],
  who: 'parents',
  people: [],
  sms: false,
  whatsapp: false,
  email: false,
  later: false,
  date: '',
  time: '',
});

/** A day and time on the school's clock as an instant (ISO); '' when either is missing or not a time. */
export function schoolInstant(date: string, time: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return '';
  const at = new Date(`${date}T${time}:00${SCHOOL_OFFSET}`);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

/** The body of a preview or a send: the chosen audience only, the roles as numbers, the time as an instant, the file uploaded (its stored name). */
export function composeBody(v: ComposeValues, attachment?: string): MessageInput {
  const audience: MessageInput['audience'] =
    v.audienceKind === 'roles'
      ? { kind: 'roles', roles: AUDIENCE_ROLE_NAMES.filter((name) => v.roles.includes(name)).flatMap((name) => [...AUDIENCE_ROLES[name]]) }
      : v.audienceKind === 'classes'
        ? { kind: 'classes', classIds: v.classIds, who: v.who }
        : { kind: 'people', userIds: v.people.map((p) => p.value) };
  return {
    title: v.title.trim(),
    body: v.body.trim(),
    audience,
    channels: COMPOSER_CHANNELS.filter((c) => v[c]),
    ...(v.later ? { scheduledFor: schoolInstant(v.date, v.time) } : {}),
    ...(attachment ? { attachment } : {}),
  };
}

/** What the preview is asked for once the text and audience are complete (the time does not change it), else null. */
export function previewBody(v: ComposeValues): MessageInput | null {
  const body = composeBody({ ...v, later: false });
  return messageInput.safeParse(body).success ? body : null;
}
