import type { DayKind, SubstitutionDay, UncoveredPeriod } from '@shala/contract';

/** An uncovered period's key: its period and class (one arrangement each). */
export const slotKey = (p: Pick<UncoveredPeriod, 'periodId'> & { class: { assignClassId: string } }) => `${p.periodId}:${p.class.assignClassId}`;

/** The reader's picks by slot: a teacher's id, or null for "none". A slot not picked shows its saved arrangement. */
export type Picks = Record<string, string | null>;

/** The saved substitute's id of a period, or null. */
export const savedId = (p: UncoveredPeriod) => p.substitute?.teacherId ?? null;

/** The substitute a period's picker shows: the reader's pick, else the saved one. */
export const pickOf = (p: UncoveredPeriod, picks: Picks): string | null => (slotKey(p) in picks ? (picks[slotKey(p)] ?? null) : savedId(p));

/** "Fill all": each period with an empty picker takes its proposal; the rest stay as they are. Nothing is saved. */
export function fillAll(day: Pick<SubstitutionDay, 'periods'>, picks: Picks): Picks {
  const next = { ...picks };
  for (const p of day.periods) if (pickOf(p, picks) === null && p.proposedId) next[slotKey(p)] = p.proposedId;
  return next;
}

/** The items of a confirmation: only the periods whose picker differs from the saved arrangement. */
export function changedItems(day: Pick<SubstitutionDay, 'periods'>, picks: Picks) {
  return day.periods
    .filter((p) => pickOf(p, picks) !== savedId(p))
    .map((p) => ({ periodId: p.periodId, assignClassId: p.class.assignClassId, substituteId: pickOf(p, picks) }));
}

/** Why a date has no periods to arrange, as a text key; a school day (today, past or to come): null. */
export function noSchoolKey(day: Pick<SubstitutionDay, 'dayKind'>): string | null {
  const byKind: Record<Exclude<DayKind, 'school' | 'future'>, string> = {
    holiday: 'substitutions.notSchool.holiday',
    weekly_off: 'substitutions.notSchool.weekly_off',
    outside_session: 'substitutions.notSchool.outside_session',
  };
  return day.dayKind === 'school' || day.dayKind === 'future' ? null : byKind[day.dayKind];
}

/** The picker's choices: the 5 suggested first, then every other free teacher, then none. */
export function pickerGroups(p: UncoveredPeriod, teachers: SubstitutionDay['teachers']) {
  const suggested = new Set(p.candidates.map((c) => c.teacherId));
  const others = teachers.filter((t) => !suggested.has(t.teacherId) && t.teacherId !== p.absentTeacherId);
  // A saved substitute who is no longer among the free teachers is still shown as chosen.
  const saved = p.substitute && !suggested.has(p.substitute.teacherId) && !others.some((t) => t.teacherId === p.substitute?.teacherId) ? [p.substitute] : [];
  return { suggested: p.candidates, others: [...saved, ...others] };
}
