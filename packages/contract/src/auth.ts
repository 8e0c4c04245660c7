import { z } from 'zod';
import { safeString, text } from './text.js';
import { PASSWORD_RULES } from './public-api.js';

export const loginId = text(64).min(1);
export const PASSWORD_MESSAGES = {
  blank: 'The password cannot be only spaces',
  common: 'This password is too common: choose another',
} as const;

/**
 * The most common passwords, lower-cased. Empty in the browser (the list is large); the server
 * fills it at start, so the check runs there and its 400 names the field.
 */
let commonPasswords: ReadonlySet<string> = new Set();
export function setCommonPasswords(list: Iterable<string>): void {
  commonPasswords = new Set(Array.from(list, (p) => p.toLowerCase()));
}
export function isCommonPassword(candidate: string): boolean {
  return commonPasswords.has(candidate.toLowerCase()) || commonPasswords.has(candidate.trim().toLowerCase());
}

export const password = safeString()
  .min(PASSWORD_RULES.minLength)
  .max(PASSWORD_RULES.maxLength)
  .refine((p) => p.trim().length > 0, { message: PASSWORD_MESSAGES.blank, params: { code: 'password_whitespace' } })
  .refine((p) => !isCommonPassword(p), { message: PASSWORD_MESSAGES.common, params: { code: 'password_common' } });

export const signinBody = z.object({
  loginId,
  password: safeString().min(1).max(128),
});
export type SigninBody = z.infer<typeof signinBody>;

/** Login result of spec section 3. */
export const signinResult = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  userId: z.uuid(),
  loginId: z.string(),
  roleId: z.number().int(),
  name: z.string(),
  schoolId: z.uuid().nullable(),
  schoolName: z.string().nullable(),
});
export type SigninResult = z.infer<typeof signinResult>;

export const forgotBody = z.object({ loginId });
export type ForgotBody = z.infer<typeof forgotBody>;

/** One-time code step: id, code and the new password. */
export const resetBody = z.object({
  loginId,
  otp: safeString().trim().regex(/^\d{6}$/, 'The code has 6 digits'),
  password,
});
export type ResetBody = z.infer<typeof resetBody>;

export const changePasswordBody = z.object({
  currentPassword: safeString().min(1).max(128),
  newPassword: password,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

