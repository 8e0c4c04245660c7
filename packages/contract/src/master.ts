import { z } from 'zod';

/** A state, district or city of the Indian master data. */
export const place = z.object({ id: z.string(), name: z.string() });
export type Place = z.infer<typeof place>;

export const stateParams = z.object({ stateId: z.string().trim().min(1).max(40) });
export const districtParams = z.object({ districtId: z.string().trim().min(1).max(80) });
