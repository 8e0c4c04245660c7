import { z } from 'zod';

/** Where uploaded images are served; the avatar is this base path plus the image name. */
export const IMAGE_BASE_PATH = '/api/uploads/';

export const profile = z.object({
  userId: z.uuid(),
  loginId: z.string(),
  roleId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  contact: z.string().nullable(),
  address: z.string().nullable(),
  image: z.string().nullable(),
  status: z.boolean(),
  schoolId: z.uuid().nullable(),
  schoolName: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

export const userIdParams = z.object({ userId: z.uuid() });
