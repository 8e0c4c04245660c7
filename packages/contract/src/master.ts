import { z } from 'zod';
import { text } from './text.js';

/** A state, district or city of the Indian master data. */
export const place = z.object({ id: z.string(), name: z.string() });
export type Place = z.infer<typeof place>;

export const stateParams = z.object({ stateId: text(40).min(1) });
export const districtParams = z.object({ districtId: text(80).min(1) });
