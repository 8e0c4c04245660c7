import { NOTICE_ROLES, type Notice, type NoticeInput } from '@shala/contract';

/** The notice form's values as typed (the roles as the multi-select's strings). */
export interface NoticeFormValues {
  title: string;
  description: string;
  date: string;
  roles: string[];
}

/** A new notice: dated the school's today, for no role yet. */
export const emptyNotice = (today: string): NoticeFormValues => ({ title: '', description: '', date: today, roles: [] });

export function noticeValues(n: Notice): NoticeFormValues {
  return { title: n.title, description: n.description, date: n.date, roles: n.roles.map(String) };
}

/** The body of a publish or an edit: trimmed text, the roles as numbers in the form's order of roles. */
export function noticeBody(v: NoticeFormValues): NoticeInput {
  const chosen = new Set(v.roles.map(Number));
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    date: v.date,
    roles: NOTICE_ROLES.filter((r) => chosen.has(r)),
  };
}
