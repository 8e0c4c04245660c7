import { ROLE } from './roles.js';
import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { dateIn, searchText, text } from './text.js';

/**
 * The notice board (issue 10, spec sections 2–4): a principal (113) writes notices targeted at
 * roles (112–116); each user sees the active notices for its role, newest first.
 */

/** The roles a notice can be addressed to (the role selector of the notice form). */
export const NOTICE_ROLES = [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT, ROLE.STUDENT] as const;
export type NoticeRole = (typeof NOTICE_ROLES)[number];
export const NOTICE_LIMITS = { title: 150, description: 4000 } as const;

export const noticeInput = z.object({
  title: text(NOTICE_LIMITS.title).min(1, 'Required'),
  description: text(NOTICE_LIMITS.description, { multiline: true }).min(1, 'Required'),
  date: dateIn('2000-01-01', '2100-12-31'),
  /** At least one role; each once. */
  roles: z
    .array(z.literal(NOTICE_ROLES))
    .min(1, 'Choose at least one role')
    .max(NOTICE_ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, { message: 'Each role once', params: { code: 'each_once' } }),
});
export type NoticeInput = z.infer<typeof noticeInput>;
export const noticeUpdate = noticeInput.partial();
export type NoticeUpdate = z.infer<typeof noticeUpdate>;

export const noticeParams = z.object({ noticeId: z.uuid() });

export const notice = z.object({
  noticeId: z.uuid(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  roles: z.array(z.number().int()),
  status: z.boolean(),
  /** Who wrote it (shown on the board). */
  authorName: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Notice = z.infer<typeof notice>;

/** The principal's list (/viewall_notice): every notice, filtered by status and searched by title. */
export const noticeListQuery = pageQuery.extend({
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  search: searchText(),
});
export type NoticeListQuery = z.infer<typeof noticeListQuery>;
