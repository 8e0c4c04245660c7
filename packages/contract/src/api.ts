import { z } from 'zod';
import type { Role } from './roles.js';
import { envelope, messageOnly, pageQuery } from './envelope.js';
import { changePasswordBody, forgotBody, resetBody, signinBody, signinResult } from './auth.js';
import { profile, userIdParams } from './account.js';
import { academicSession } from './sessions.js';
import { notificationPage } from './notifications.js';
import { dashboardCounts } from './dashboard.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One API route: path, method, who may call it and the shapes it takes and gives.
 * `roles: 'public'` needs no session; otherwise the caller's role must be listed.
 * The server registers its routes from this table and the authorization tests walk it.
 */
export interface ApiRoute {
  method: HttpMethod;
  url: string;
  roles: 'public' | readonly Role[];
  summary: string;
  body?: z.ZodType;
  params?: z.ZodType;
  querystring?: z.ZodType;
  response: z.ZodType;
  /** Rate-limited per client address and login id (sign-in and one-time-code routes). */
  authRateLimit?: boolean;
}

const ALL: readonly Role[] = [111, 112, 113, 114, 115, 116];

function route<T extends ApiRoute>(def: T): T {
  return def;
}

export const API = {
  health: route({
    method: 'GET',
    url: '/api/health',
    roles: 'public',
    summary: 'Liveness and database check',
    response: envelope(z.object({ status: z.literal('ok'), database: z.literal('ok') })),
  }),
  signin: route({
    method: 'POST',
    url: '/api/signin',
    roles: 'public',
    summary: 'Sign in with login id and password',
    body: signinBody,
    response: envelope(signinResult),
    authRateLimit: true,
  }),
  forgot: route({
    method: 'POST',
    url: '/api/forgot',
    roles: 'public',
    summary: 'Send a one-time code to the account email (same answer for unknown ids)',
    body: forgotBody,
    response: messageOnly,
    authRateLimit: true,
  }),
  reset: route({
    method: 'PATCH',
    url: '/api/reset',
    roles: 'public',
    summary: 'Set a new password with a one-time code; revokes all sessions of the user',
    body: resetBody,
    response: messageOnly,
    authRateLimit: true,
  }),
  signout: route({
    method: 'POST',
    url: '/api/signout',
    roles: ALL,
    summary: 'Revoke the current session',
    response: messageOnly,
  }),
  changePassword: route({
    method: 'PATCH',
    url: '/api/account/password',
    roles: ALL,
    summary: 'Change the own password; other sessions are revoked',
    body: changePasswordBody,
    response: messageOnly,
    authRateLimit: true,
  }),
  profile: route({
    method: 'GET',
    url: '/api/account/:userId',
    roles: ALL,
    summary: 'Profile for the header (own account)',
    params: userIdParams,
    response: envelope(profile),
  }),
  sessions: route({
    method: 'GET',
    url: '/api/school/session',
    roles: ALL,
    summary: "Academic sessions of the caller's school, newest first",
    response: envelope(z.array(academicSession)),
  }),
  notifications: route({
    method: 'GET',
    url: '/api/notifications',
    roles: ALL,
    summary: 'Own notifications, newest first, with the unread count',
    querystring: pageQuery,
    response: envelope(notificationPage),
  }),
  notificationsRead: route({
    method: 'PATCH',
    url: '/api/notifications/read',
    roles: ALL,
    summary: 'Mark all own notifications read',
    response: envelope(z.object({ unread: z.literal(0) })),
  }),
  dashboard: route({
    method: 'GET',
    url: '/api/dashboard',
    roles: ALL,
    summary: "Counts for the caller's dashboard",
    response: envelope(dashboardCounts),
  }),
} as const satisfies Record<string, ApiRoute>;

export type ApiName = keyof typeof API;
export type ApiResult<N extends ApiName> = z.infer<(typeof API)[N]['response']>;
