import type { DayKind, SubstitutionBody, SubstitutionDay, TeachingCell, UncoveredPeriod } from '@shala/contract';

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

/** A lesson the exchange may give, with the lessons it may be exchanged with. */
export interface ExchangeChoice {
  cell: TeachingCell;
  partners: TeachingCell[];
}

/**
 * "Exchange a period": the lessons of teachers present all day not yet arranged, each with its
 * partners (another teacher's lesson B such that B's teacher is free in A's period and A's teacher
 * free in B's: no lesson of its own then, unless given to someone else, the exchanged one
 * included, and no cover then), in the page's order; lessons without a partner are left out. The
 * caps are the server's to check (409 `substitute_cap`).
 */
export function exchangeChoices(day: Pick<SubstitutionDay, 'cells' | 'periods'>): ExchangeChoice[] {
  const given = new Set(day.periods.filter((p) => p.substitute).map(slotKey));
  const covers = new Set(day.periods.flatMap((p) => (p.substitute ? [`${p.substitute.teacherId}|${p.periodId}`] : [])));
  const own = new Map<string, string[]>();
  for (const c of day.cells) own.set(`${c.teacherId}|${c.periodId}`, [...(own.get(`${c.teacherId}|${c.periodId}`) ?? []), slotKey(c)]);
  /** `teacherId` free in `periodId` once its lesson `leaving` is given away. */
  const free = (teacherId: string, periodId: string, leaving: string) =>
    !covers.has(`${teacherId}|${periodId}`) && (own.get(`${teacherId}|${periodId}`) ?? []).every((k) => k === leaving || given.has(k));
  const open = day.cells.filter((c) => !given.has(slotKey(c)));
  return open
    .map((a) => ({
      cell: a,
      partners: open.filter((b) => b.teacherId !== a.teacherId && free(b.teacherId, a.periodId, slotKey(b)) && free(a.teacherId, b.periodId, slotKey(a))),
    }))
    .filter((choice) => choice.partners.length > 0);
}

/** The two arrangements of an exchange: A's lesson to B's teacher, B's lesson to A's. */
export const exchangeItems = (a: TeachingCell, b: TeachingCell): SubstitutionBody['items'] => [
  { periodId: a.periodId, assignClassId: a.class.assignClassId, substituteId: b.teacherId },
  { periodId: b.periodId, assignClassId: b.class.assignClassId, substituteId: a.teacherId },
];
