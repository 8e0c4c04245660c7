import { z } from 'zod';
import { email, phone, zip } from './people.js';
import { optionalText as opt, searchText, text } from './text.js';
import { pageQuery } from './envelope.js';

/** A school's fields (spec section 3); `isDraft` saves it without publishing. */
export const schoolInput = z.object({
  name: text(200).min(2, 'Required'),
  websiteName: opt(200),
  email,
  phone,
  address: opt(300, { multiline: true }),
  state: opt(100),
  district: opt(100),
  city: opt(100),
  zipCode: zip,
  /** The board's affiliation or recognition number (CBSE: 7 digits; a state board's own form). */
  affiliationNo: opt(40),
  /** The school's UDISE code: 11 digits. */
  udiseCode: text(11)
    .regex(/^(\d{11})?$/, 'Enter the 11-digit UDISE code')
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  image: opt(200),
  isDraft: z.boolean().optional(),
});
export type SchoolInput = z.infer<typeof schoolInput>;
export const schoolUpdate = schoolInput.partial();
export type SchoolUpdate = z.infer<typeof schoolUpdate>;

export const school = z.object({
  schoolId: z.uuid(),
  code: z.string(),
  name: z.string(),
  websiteName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  affiliationNo: z.string().nullable(),
  udiseCode: z.string().nullable(),
  image: z.string().nullable(),
  status: z.boolean(),
  isDraft: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type School = z.infer<typeof school>;

export const schoolListQuery = pageQuery.extend({
  search: searchText(),
  status: z.enum(['all', 'active', 'inactive', 'draft']).default('all'),
});
export type SchoolListQuery = z.infer<typeof schoolListQuery>;

export const schoolIdParams = z.object({ schoolId: z.uuid() });
