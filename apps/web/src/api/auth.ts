import { useSyncExternalStore } from 'react';
import type { SigninResult } from '@shala/contract';
import { parseRole, type Role } from '@shala/contract/web';
import { deviceTime } from './clock';
import { getCookie, removeCookie, setCookie } from './cookies';
import { COOKIE, LOCAL_KEY, local } from './storage';

/** What the browser remembers about the signed-in user (cookies of spec section 3). */
export interface AuthState {
  token: string | null;
  userId: string | null;
  role: Role | null;
  schoolId: string | null;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function readAuth(): AuthState {
  return {
    token: getCookie(COOKIE.token),
    userId: getCookie(COOKIE.userId),
    role: parseRole(getCookie(COOKIE.role)),
    schoolId: getCookie(COOKIE.schoolId),
  };
}

/** Signed in means a token and a valid role code are stored. */
export function isSignedIn(state: AuthState = readAuth()): boolean {
  return !!state.token && state.role != null;
}

export function saveAuth(result: SigninResult): void {
  // The server's expiry is by the school's clock; the browser ends the cookie by the device's.
  const expires = deviceTime(Date.parse(result.expiresAt));
  const options = Number.isNaN(expires.getTime()) ? {} : { expires };
  setCookie(COOKIE.token, result.token, options);
  setCookie(COOKIE.userId, result.userId, options);
  setCookie(COOKIE.role, String(result.roleId), options);
  if (result.schoolId) setCookie(COOKIE.schoolId, result.schoolId, options);
  else removeCookie(COOKIE.schoolId);
  if (result.schoolName) local.set(LOCAL_KEY.schoolName, result.schoolName);
  else local.remove(LOCAL_KEY.schoolName);
  notify();
}

/** Logout and expired sessions: the cookies token, UserID, role and schoolId are removed. */
export function clearAuth(): void {
  removeCookie(COOKIE.token);
  removeCookie(COOKIE.userId);
  removeCookie(COOKIE.role);
  removeCookie(COOKIE.schoolId);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

/** The auth cookies, re-read whenever they change through saveAuth / clearAuth. */
export function useAuth(): AuthState {
  // The cookie string is the snapshot: stable while nothing changes, new after a write.
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return readAuth();
}
