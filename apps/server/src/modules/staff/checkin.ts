import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CHECKIN_WINDOW_SECONDS, STAFF_SETTINGS_DEFAULTS, WEB_BASE_PATH, type CheckinBody, type CheckinQr, type CheckinResult, type StaffSettings, type StaffSettingsFields, type StaffSettingsInput } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Config } from '../../config.js';
import { publicBase } from '../../config.js';
import { deviceSecret } from '../../auth/device.js';
import { nowMs } from '../../clock.js';
import { AppError } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { rowsOf } from '../../db/rows.js';
import { schoolToday } from './sql.js';
import { arrangersJson, saveArrangers } from './duties.js';
import { loadDayRules, markRefusal } from '../calendar/index.js';

/**
 * Self check-in (issue 42): the office shows a QR of `<window>.<mac>` that changes every 30 s; a
 * member of staff with a sign-in scans it and checks in, once a day, on a school day. The mac is
 * checked without state on any node: this window and the previous one are accepted (a token lives
 * 30–60 s). Where the school set a campus, the phone's position decides "inside" and is forgotten:
 * only inside-or-not and the accuracy are stored (DPDP).
 *
 * Statements: the QR, one; a check-in, three (the school's today, session, settings, first period
 * and the caller's row; the day's rules; the write); reading the settings, one; saving them, one
 * transaction (the upsert; with arrangers, their check, the old ones removed, the new ones added;
 * the answer's read).
 */

const WINDOW_MS = CHECKIN_WINDOW_SECONDS * 1000;
const INFO = 'shala staff check-in';

const keys = new WeakMap<Config, Buffer>();

/**
 * The check-in's HMAC key: HKDF-SHA256 of SECRETS_KEY (info 'shala staff check-in'). Without
 * SECRETS_KEY (the default `npm start`), of the device cookies' secret (`deviceSecret`:
 * DEVICE_COOKIE_SECRET, which several nodes must share anyway, else the key kept in DATA_DIR), so
 * that a single node works out of the box and several nodes agree as their sign-ins already must.
 */
export function checkinKey(deps: Pick<Deps, 'secretsKey' | 'config'>): Buffer {
  const cached = keys.get(deps.config);
  if (cached) return cached;
  const ikm = deps.secretsKey ?? Buffer.from(deviceSecret(deps.config), 'utf8');
  const key = Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), INFO, 32));
  keys.set(deps.config, key);
  return key;
}

const macOf = (key: Buffer, schoolId: string, window: number) => createHmac('sha256', key).update(`${schoolId}.${window}`).digest().subarray(0, 16).toString('base64url');

/** The token of a school at an instant (ms since the epoch): `<window>.<mac>`. Tests and journeys make theirs with it. */
export function checkinTokenAt(keyOrDeps: Buffer | Pick<Deps, 'secretsKey' | 'config'>, schoolId: string, atMs: number): string {
  const key = Buffer.isBuffer(keyOrDeps) ? keyOrDeps : checkinKey(keyOrDeps);
  const window = Math.floor(atMs / WINDOW_MS);
  return `${window}.${macOf(key, schoolId, window)}`;
}

const qrInvalid = () => new AppError('BAD_REQUEST', 'This check-in code is not valid any more: scan the code on the office screen again.', { reason: 'qr_invalid', field: 'token' });

/** Checks a token: the school's, of this window or the previous one, compared in constant time; else 400 `qr_invalid`. */
export function verifyCheckinToken(deps: Pick<Deps, 'secretsKey' | 'config'>, schoolId: string, token: string): void {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) throw qrInvalid();
  const window = Number(match[1]);
  const current = Math.floor(nowMs() / WINDOW_MS);
  if (window !== current && window !== current - 1) throw qrInvalid();
  const expected = Buffer.from(macOf(checkinKey(deps), schoolId, window));
  const given = Buffer.from(match[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw qrInvalid();
}

/** `GET staffattendance/qr`: the office's QR (this window's token), when it changes, and today's check-ins. */
export async function checkinQr(deps: Deps, caller: Caller): Promise<CheckinQr> {
  const schoolId = schoolOf(caller);
  const at = nowMs();
  const token = checkinTokenAt(deps, schoolId, at);
  const url = `${publicBase(deps.config)}${WEB_BASE_PATH}/checkin?t=${token}`;
  const [rows, svg] = await Promise.all([
    tenantDb(deps, schoolId).execute(sql`select count(*)::int as n from staff_attendance a
      where a.school_id = ${schoolId} and a.check_in_at is not null
        and a.date = ${schoolToday(schoolId, new Date(at))}`),
    import('qrcode').then(({ default: QRCode }) => QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })),
  ]);
  const refreshAt = new Date((Math.floor(at / WINDOW_MS) + 1) * WINDOW_MS).toISOString();
  return { token, url, svg, refreshAt, checkedIn: rowsOf<{ n: number }>(rows)[0]?.n ?? 0 };
}

/** Metres between two points on the earth (haversine, mean radius). */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface SettingsRow {
  graceMinutes: number;
  campusLatitude: number | null;
  campusLongitude: number | null;
  campusRadius: number | null;
  dailyCoverCap: number;
  weeklyCoverCap: number;
}

/** The school's settings row as the contract's settings (no row: the defaults). */
export function presentSettings(row: SettingsRow | null | undefined): StaffSettingsFields {
  if (!row) return { ...STAFF_SETTINGS_DEFAULTS, campus: null };
  return {
    graceMinutes: row.graceMinutes,
    campus:
      row.campusLatitude !== null && row.campusLongitude !== null && row.campusRadius !== null
        ? { latitude: Number(row.campusLatitude), longitude: Number(row.campusLongitude), radiusMetres: row.campusRadius }
        : null,
    dailyCoverCap: row.dailyCoverCap,
    weeklyCoverCap: row.weeklyCoverCap,
  };
}

/** A JSON object of the school's settings row (SQL, null when there is none). */
export const settingsJson = (schoolId: string) => sql`(select json_build_object('graceMinutes', st.grace_minutes, 'campusLatitude', st.campus_latitude,
  'campusLongitude', st.campus_longitude, 'campusRadius', st.campus_radius, 'dailyCoverCap', st.daily_cover_cap, 'weeklyCoverCap', st.weekly_cover_cap)
  from staff_settings st where st.school_id = ${schoolId})`;

/**
 * `POST staffattendance/checkin`: the caller checks itself in. The token first (400 `qr_invalid`,
 * nothing read), then the day (409 `checkin_not_school_day`), once a day (409 `already_checked_in`
 * with the time), the campus (400 `position_needed`); late by the minutes after the first teaching
 * period's start when past the grace. Writes the caller's row of today: a new row `present`, or
 * only the check-in columns of a row already there (the day saved, or leave) that has none.
 */
export async function checkIn(deps: Deps, caller: Caller, body: CheckinBody): Promise<CheckinResult> {
  const schoolId = schoolOf(caller);
  verifyCheckinToken(deps, schoolId, body.token);
  const db = tenantDb(deps, schoolId);
  const at = new Date(nowMs()).toISOString();
  const [state] = rowsOf<{ today: string; minute: number; sessionId: string | null; firstStart: number | null; settings: SettingsRow | null; checkedAt: string | null }>(
    await db.execute(sql`
      with here as (
        select (${at}::timestamptz at time zone s.time_zone) as local from schools s where s.id = ${schoolId}
      ), day as (
        select local::date as today, (extract(hour from local) * 60 + extract(minute from local))::int as minute from here
      ), session as (
        select ss.id from academic_sessions ss, day where ss.school_id = ${schoolId} and ss.start_date <= day.today and ss.end_date >= day.today
        order by ss.is_current desc, ss.start_date desc limit 1
      )
      select to_char(day.today, 'YYYY-MM-DD') as today, day.minute, (select id from session) as "sessionId",
        (select min(p.start_minute)::int from periods p where p.school_id = ${schoolId} and p.session_id = (select id from session) and not p.is_break) as "firstStart",
        ${settingsJson(schoolId)} as settings,
        (select a.check_in_at from staff_attendance a where a.school_id = ${schoolId} and a.date = day.today and a.user_id = ${caller.userId}) as "checkedAt"
      from day`),
  );
  if (!state) throw new AppError('NOT_FOUND', 'School not found.');
  const notSchoolDay = () =>
    new AppError('CONFLICT', 'Today is not a school day: there is no check-in.', { reason: 'checkin_not_school_day' });
  if (!state.sessionId) throw notSchoolDay();
  const rules = await loadDayRules(db, schoolId, state.sessionId, state.today, state.today, new Date(at));
  if (markRefusal(rules, state.today)) throw notSchoolDay();
  const already = (time: string) =>
    new AppError('CONFLICT', 'You have checked in today already.', { reason: 'already_checked_in', params: { time: new Date(time).toISOString() } });
  if (state.checkedAt) throw already(state.checkedAt);

  const settings = presentSettings(state.settings);
  let inside: boolean | null = null;
  let accuracy: number | null = null;
  if (settings.campus) {
    if (!body.position) throw new AppError('BAD_REQUEST', 'Your position is needed to check in at this school.', { reason: 'position_needed', field: 'position' });
    inside = distanceMetres(body.position, settings.campus) <= settings.campus.radiusMetres;
    accuracy = Math.round(body.position.accuracy);
  }
  const after = state.firstStart === null ? 0 : state.minute - state.firstStart;
  const lateMinutes = after > settings.graceMinutes ? after : 0;

  const written = rowsOf<{ checkInAt: string }>(
    await db.execute(sql`
      insert into staff_attendance (school_id, date, user_id, status, check_in_at, late_minutes, check_in_inside, check_in_accuracy, updated_at)
      values (${schoolId}, ${state.today}::date, ${caller.userId}, 'present', ${at}::timestamptz, ${lateMinutes}, ${inside}, ${accuracy}, ${at}::timestamptz)
      on conflict (school_id, date, user_id) where user_id is not null do update set
        check_in_at = excluded.check_in_at, late_minutes = excluded.late_minutes, check_in_inside = excluded.check_in_inside,
        check_in_accuracy = excluded.check_in_accuracy, updated_at = excluded.updated_at
        where staff_attendance.check_in_at is null
      returning check_in_at as "checkInAt"`),
  );
  // A second check-in of the same moment (a double tap on two phones) lost the race.
  if (!written[0]) throw already(at);
  return { date: state.today, checkInAt: at, lateMinutes, inside };
}

/** The school's settings with its arrangers (one statement). */
async function readSettings(db: DbOrTx, schoolId: string): Promise<StaffSettings> {
  const [row] = rowsOf<{ settings: SettingsRow | null; arrangers: StaffSettings['arrangers'] }>(
    await db.execute(sql`select ${settingsJson(schoolId)} as settings, ${arrangersJson(schoolId)} as arrangers`),
  );
  return { ...presentSettings(row?.settings), arrangers: row?.arrangers ?? [] };
}

/** `GET staffsettings`. */
export async function getStaffSettings(deps: Deps, caller: Caller): Promise<StaffSettings> {
  const schoolId = schoolOf(caller);
  return readSettings(tenantDb(deps, schoolId), schoolId);
}

/**
 * `PUT staffsettings`: saves the whole settings (one upsert) and, when given, the set of arrangers
 * (the teachers with the arrangement duty), all or none in one transaction.
 */
export async function saveStaffSettings(deps: Deps, caller: Caller, body: StaffSettingsInput): Promise<StaffSettings> {
  const schoolId = schoolOf(caller);
  const c = body.campus;
  return inTenant(deps, schoolId, async (tx) => {
    if (body.arrangers) await saveArrangers(tx, caller, schoolId, body.arrangers);
    await tx.execute(sql`
      insert into staff_settings (school_id, grace_minutes, campus_latitude, campus_longitude, campus_radius, daily_cover_cap, weekly_cover_cap, updated_at)
      values (${schoolId}, ${body.graceMinutes}, ${c?.latitude ?? null}, ${c?.longitude ?? null}, ${c?.radiusMetres ?? null}, ${body.dailyCoverCap}, ${body.weeklyCoverCap}, ${new Date(nowMs()).toISOString()}::timestamptz)
      on conflict (school_id) do update set grace_minutes = excluded.grace_minutes, campus_latitude = excluded.campus_latitude,
        campus_longitude = excluded.campus_longitude, campus_radius = excluded.campus_radius, daily_cover_cap = excluded.daily_cover_cap,
        weekly_cover_cap = excluded.weekly_cover_cap, updated_at = excluded.updated_at`);
    return readSettings(tx, schoolId);
  });
}
