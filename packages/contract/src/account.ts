import { z } from 'zod';
import { personFields, personSummary } from './people.js';
import { STAFF_DUTIES } from './roles.js';

/** The signed-in person's own account: a person's summary with the address. */
export const profile = personSummary
  .pick({ userId: true, loginId: true, roleId: true, firstName: true, lastName: true, fullName: true, email: true, contact: true, image: true, status: true, schoolId: true, schoolName: true })
  .extend({
    address: z.string().nullable(),
    /** The caller's duties beyond its role (issue 42: `arrangement`); empty for most. */
    duties: z.array(z.enum(STAFF_DUTIES)),
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
