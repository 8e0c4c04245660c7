import { z } from 'zod';

export const loginId = z.string().trim().min(1).max(64);
export const password = z.string().min(8).max(128);

export const signinBody = z.object({
  loginId,
  password: z.string().min(1).max(128),
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
  otp: z.string().trim().regex(/^\d{6}$/, 'The code has 6 digits'),
  password,
});
export type ResetBody = z.infer<typeof resetBody>;

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: password,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

