import { STAFF_STATUSES, staffCountsOf, type DayKind, type ErrorReason, type StaffDay, type StaffStatus } from '@shala/contract';

/** The statuses the register may choose; `on_leave` comes only from approved leave (shown, never chosen). */
export const CHOOSABLE: readonly StaffStatus[] = STAFF_STATUSES.filter((s) => s !== 'on_leave');

export const STATUS_COLOR: Record<StaffStatus, string> = { present: 'green', absent: 'red', half_first: 'orange', half_second: 'orange', on_leave: 'blue', on_duty: 'grape' };

/** A person's key in the register: kind and id (a user and a member never share one, but keep them apart). */
export const personKey = (p: { kind: string; personId: string }) => `${p.kind}:${p.personId}`;

export type StaffMarks = Record<string, StaffStatus>;

/** Each person's status as the screen shows it: the reader's choice, else the loaded one. */
export function effectiveStatuses(day: Pick<StaffDay, 'people'>, changes: StaffMarks): StaffMarks {
  const out: StaffMarks = {};
  for (const p of day.people) out[personKey(p)] = p.status === 'on_leave' ? 'on_leave' : (changes[personKey(p)] ?? p.status);
  return out;
}

/** How many shown statuses differ from the loaded ones. */
export function changedCount(day: Pick<StaffDay, 'people'>, changes: StaffMarks): number {
  return day.people.filter((p) => p.status !== 'on_leave' && changes[personKey(p)] !== undefined && changes[personKey(p)] !== p.status).length;
}

/** "All present": everyone present but those on approved leave. */
export function allPresent(day: Pick<StaffDay, 'people'>): StaffMarks {
  return Object.fromEntries(day.people.filter((p) => p.status !== 'on_leave').map((p) => [personKey(p), 'present' as const]));
}

/** The body of a save: the whole day, everyone once. */
export function dayBody(day: Pick<StaffDay, 'date' | 'people'>, changes: StaffMarks) {
  const shown = effectiveStatuses(day, changes);
  return { date: day.date, marks: day.people.map((p) => ({ kind: p.kind, personId: p.personId, status: shown[personKey(p)] ?? p.status })) };
}

export const countsOf = (day: Pick<StaffDay, 'people'>, changes: StaffMarks) => staffCountsOf(Object.values(effectiveStatuses(day, changes)).map((status) => ({ status })));

/** Why a day cannot be marked, as an error reason (the class register's texts serve the staff's too). */
export function refusalReason(day: Pick<StaffDay, 'canMark' | 'dayKind'>): ErrorReason | null {
  if (day.canMark || day.dayKind === 'school') return null;
  const byKind: Record<Exclude<DayKind, 'school'>, ErrorReason> = {
    holiday: 'attendance_holiday',
    weekly_off: 'attendance_weekly_off',
    future: 'attendance_future',
    outside_session: 'attendance_outside_session',
  };
  return byKind[day.dayKind];
}

/** The months offered in the month view: this one and the eleven before it, newest first. */
export function recentMonths(today: string, count = 12): string[] {
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}
