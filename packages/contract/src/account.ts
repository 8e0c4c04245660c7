import { z } from 'zod';
import { personFields } from './people.js';

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

/**
 * What a person may change of its own account: how to reach it and its photo. Names, birth date,
 * category, religion and the rest are the school's record, edited by the school's admins. Any
 * other field answers 400 naming it (strict), so a client never believes it changed them.
 */
export const selfProfileFields = personFields.pick({ email: true, contact: true, address: true, image: true }).partial().strict();
export type SelfProfileFields = z.infer<typeof selfProfileFields>;
