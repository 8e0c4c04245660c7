import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { mobileNumber } from './people.js';
import { DAY_KINDS } from './schoolday.js';
import { dateIn, searchText, text } from './text.js';

/**
 * Staff (issue 42), first part: the day's staff register. One register covers everyone who works at
 * the school: the users of roles 112–114 (system admins, the principal, teachers) and the staff
 * without a sign-in (`staff_members`: drivers, attendants, guards, the office), so one screen and one
 * CSV serve payroll. The principal and the system admins mark it, a date at a time; everyone is
 * present until the day is saved.
 */

/** At most this many people in a school's register (a school of 2,000 pupils has about 120). */
export const STAFF_LIMIT = 500;
export const STAFF_MEMBER_LIMITS = { fullName: 100, designation: 60 } as const;

/**
 * A day's status: present, absent, half a day (the first or the second half present), on leave
 * (approved leave; issue 42's leave part writes it), on duty (away for the school: a trip, an exam
 * centre).
 */
export const STAFF_STATUSES = ['present', 'absent', 'half_first', 'half_second', 'on_leave', 'on_duty'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const staffStatus = z.enum(STAFF_STATUSES);

/** Whose row: a user of roles 112–114, or a staff member without a sign-in. */
export const STAFF_KINDS = ['user', 'member'] as const;
export type StaffKind = (typeof STAFF_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Staff without a sign-in

export const staffMemberInput = z.object({
  fullName: text(STAFF_MEMBER_LIMITS.fullName).min(1, 'Required'),
  designation: text(STAFF_MEMBER_LIMITS.designation).min(1, 'Required'),
  phone: mobileNumber.nullish(),
  joinedOn: dateIn('1950-01-01', '2100-12-31'),
  /** The last day of work; from the day after, the person is no longer on the register. */
  leftOn: dateIn('1950-01-01', '2100-12-31').nullish(),
});
export type StaffMemberInput = z.infer<typeof staffMemberInput>;

export const staffMember = z.object({
  staffMemberId: z.uuid(),
  fullName: z.string(),
  designation: z.string(),
  phone: z.string().nullable(),
  joinedOn: z.string(),
  leftOn: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** The list of staff without a sign-in: all, or those still working (`current`), searched by name. */
export const staffMemberListQuery = pageQuery.extend({
  current: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  search: searchText(),
});
export type StaffMemberListQuery = z.infer<typeof staffMemberListQuery>;

// ---------------------------------------------------------------------------------------------
// The day's register

export const staffDayQuery = z.object({ date: dateIn('2000-01-01', '2100-12-31') });

/** One person of the register on a date. */
export const staffDayRow = z.object({
  kind: z.enum(STAFF_KINDS),
  /** The user's id (kind `user`) or the staff member's (`member`). */
  personId: z.uuid(),
  fullName: z.string(),
  /** A user's role (112–114); null for a staff member. */
  roleId: z.number().int().nullable(),
  /** A staff member's designation; null for a user. */
  designation: z.string().nullable(),
  status: staffStatus,
  /** When the person checked in (self check-in, a later part of issue 42), else null. */
  checkInAt: z.iso.datetime().nullable(),
  /** Minutes late at check-in, else null. */
  lateMinutes: z.number().int().nonnegative().nullable(),
  /** Checked in inside the campus radius (true), outside it (false); null without a check-in, a radius or a position. */
  checkInInside: z.boolean().nullable(),
  /** Approved leave on this date (its type's code, e.g. `CL`), else null. */
  leaveCode: z.string().nullable(),
});
export type StaffDayRow = z.infer<typeof staffDayRow>;

export const staffCounts = z.object({
  present: z.number().int().nonnegative(),
  absent: z.number().int().nonnegative(),
  halfDay: z.number().int().nonnegative(),
  onLeave: z.number().int().nonnegative(),
  onDuty: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type StaffCounts = z.infer<typeof staffCounts>;

/** Counts of a day's rows (server and web: one rule). */
export function staffCountsOf(rows: ReadonlyArray<{ status: StaffStatus }>): StaffCounts {
  const counts: StaffCounts = { present: 0, absent: 0, halfDay: 0, onLeave: 0, onDuty: 0, total: rows.length };
  for (const { status } of rows) {
    if (status === 'present') counts.present += 1;
    else if (status === 'absent') counts.absent += 1;
    else if (status === 'half_first' || status === 'half_second') counts.halfDay += 1;
    else if (status === 'on_leave') counts.onLeave += 1;
    else counts.onDuty += 1;
  }
  return counts;
}

/** The register on a date: saved marks, or everyone present before a save. */
export const staffDay = z.object({
  date: z.string(),
  dayKind: z.enum(DAY_KINDS),
  holidayTitle: z.string().nullable(),
  /** Whether the register may be saved for this date (not a holiday, weekly off, future date or outside the session). */
  canMark: z.boolean(),
  /** True when this date was saved: the statuses are the saved ones. */
  final: z.boolean(),
  markedAt: z.iso.datetime().nullable(),
  /** Ordered: users by role then name, then staff members by name. At most STAFF_LIMIT. */
  people: z.array(staffDayRow).max(STAFF_LIMIT),
  counts: staffCounts,
});
export type StaffDay = z.infer<typeof staffDay>;

/** Saves a date's register whole: every person of it once. `on_leave` only where approved leave says so. */
export const staffDayBody = z.object({
  date: dateIn('2000-01-01', '2100-12-31'),
  marks: z
    .array(z.object({ kind: z.enum(STAFF_KINDS), personId: z.uuid(), status: staffStatus }))
    .min(1)
    .max(STAFF_LIMIT),
});
export type StaffDayBody = z.infer<typeof staffDayBody>;

// ---------------------------------------------------------------------------------------------
// The month register (payroll)

export const staffMonthQuery = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM') });
/** The month's CSV: its header and the statuses' letters' legend in English or Hindi. */
export const staffMonthCsvQuery = staffMonthQuery.extend({ lang: z.enum(['en', 'hi']).default('en') });

/** A person's month: the saved days counted by status; `marks` one letter a day (STAFF_MONTH_MARK). */
export const staffMonthRow = z.object({
  kind: z.enum(STAFF_KINDS),
  personId: z.uuid(),
  fullName: z.string(),
  roleId: z.number().int().nullable(),
  designation: z.string().nullable(),
  marks: z.string(),
  present: z.number().int().nonnegative(),
  absent: z.number().int().nonnegative(),
  halfDays: z.number().int().nonnegative(),
  onLeave: z.number().int().nonnegative(),
  onDuty: z.number().int().nonnegative(),
  late: z.number().int().nonnegative(),
  /** Approved leave days this month by the type's code (`{ CL: 2, EL: 1.5 }`), paid and unpaid together. */
  leaveByType: z.record(z.string(), z.number().nonnegative()),
  /** Of those, the days without pay (no balance left when approved). */
  withoutPay: z.number().nonnegative(),
});
export type StaffMonthRow = z.infer<typeof staffMonthRow>;

/** A day's letter in the month register; `-` unsaved or not a working day. */
export const STAFF_MONTH_MARK = { present: 'P', absent: 'A', half_first: 'H', half_second: 'H', on_leave: 'L', on_duty: 'D' } as const satisfies Record<StaffStatus, string>;

export const staffMonth = z.object({
  month: z.string(),
  days: z.array(z.object({ date: z.string(), kind: z.enum(DAY_KINDS), holidayTitle: z.string().nullable() })),
  /** Working days saved this month. */
  savedDays: z.number().int().nonnegative(),
  people: z.array(staffMonthRow).max(STAFF_LIMIT),
});
export type StaffMonth = z.infer<typeof staffMonth>;

// ---------------------------------------------------------------------------------------------
// Self check-in (issue 42): the office shows a QR that changes every 30 s; a member of staff with a
// sign-in scans it at `/checkin`. The QR's token is `<window>.<mac>`: the window is the number of
// 30-second steps since the epoch (the server's clock), the mac an HMAC-SHA256 (a key derived from
// SECRETS_KEY) of the school's id and the window, base64url. Any node checks it without state: this
// window and the previous one are accepted (a token lives 30–60 s); older, forged or another
// school's: 400 `qr_invalid`.

export const CHECKIN_WINDOW_SECONDS = 30;
/** The token in the QR: `<window>.<mac>` (mac: base64url, 22 characters: 16 bytes of the HMAC). */
export const checkinToken = z.string().regex(/^\d{1,12}\.[A-Za-z0-9_-]{22}$/, 'Not a check-in code').max(40);

export const checkinQr = z.object({
  token: checkinToken,
  /** What the QR encodes: the app's `/checkin?t=<token>` (absolute, PUBLIC_URL's origin). */
  url: z.string(),
  /** The QR of `url` as an SVG document (the server draws it: the web carries no QR library). */
  svg: z.string(),
  /** When the next token replaces it (the screen asks again then). */
  refreshAt: z.iso.datetime(),
  /** The day's check-ins so far (the office sees who came). */
  checkedIn: z.number().int().nonnegative(),
});
export type CheckinQr = z.infer<typeof checkinQr>;

/**
 * A check-in: the token read from the QR and, where the school set a campus radius, where the phone
 * was (without it there: 400 `position_needed`, and the phone asks for its position and sends again). The coordinates are used to decide "inside" and then forgotten: only `inside` and the
 * accuracy are stored (DPDP).
 */
export const checkinBody = z.object({
  token: checkinToken,
  position: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      /** The phone's accuracy, metres. */
      accuracy: z.number().min(0).max(100_000),
    })
    .nullish(),
});
export type CheckinBody = z.infer<typeof checkinBody>;

export const checkinResult = z.object({
  date: z.string(),
  checkInAt: z.iso.datetime(),
  /** Minutes after the first period's start, when past the grace; 0 on time. */
  lateMinutes: z.number().int().nonnegative(),
  /** Inside the campus radius; null when the school set none or the phone gave no position. */
  inside: z.boolean().nullable(),
});
export type CheckinResult = z.infer<typeof checkinResult>;

/** The school's staff settings: check-in's grace and campus, substitution's caps, who keeps the arrangement register. */
export const STAFF_SETTINGS_DEFAULTS = { graceMinutes: 10, dailyCoverCap: 2, weeklyCoverCap: 6 } as const;
/** At most this many teachers have the arrangement duty (the arrangement in-charge and stand-ins). */
export const ARRANGERS_MAX = 5;
/** The settings' own fields (one row of the school's). */
export const staffSettingsFields = z.object({
  /** Minutes after the first period's start before a check-in is late. */
  graceMinutes: z.number().int().min(0).max(240),
  /** The campus: a point and a radius (metres); null: check-in anywhere, no position asked. */
  campus: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      radiusMetres: z.number().int().min(20).max(5000),
    })
    .nullable(),
  /** At most this many substitutions a teacher takes a day, and in a week (Monday to Sunday). */
  dailyCoverCap: z.number().int().min(1).max(8),
  weeklyCoverCap: z.number().int().min(1).max(40),
});
export type StaffSettingsFields = z.infer<typeof staffSettingsFields>;

/**
 * Saving the settings. `arrangers`: the teachers with the arrangement duty (active teachers of the
 * school: another school's id 404, any other user 400 `not_a_teacher`), the whole set, replaced
 * with the settings; left out, the set stays as it is.
 */
export const staffSettingsInput = staffSettingsFields.extend({
  arrangers: z.array(z.uuid()).max(ARRANGERS_MAX).optional(),
});
export type StaffSettingsInput = z.infer<typeof staffSettingsInput>;

/** The settings with the teachers who keep the arrangement register (by name). */
export const staffSettings = staffSettingsFields.extend({
  arrangers: z.array(z.object({ userId: z.uuid(), fullName: z.string() })).max(ARRANGERS_MAX),
});
export type StaffSettings = z.infer<typeof staffSettings>;
