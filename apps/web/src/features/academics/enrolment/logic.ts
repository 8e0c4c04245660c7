import { nextMasterClass, type AcademicSession, type ClassStudent, type ClassSummary } from '@shala/contract';

/** The decisions of the enrolment screens, apart from React so they can be tested alone. */

/** Places left in a class (never below 0). */
export function freePlaces(c: Pick<ClassSummary, 'classLimit' | 'students'>): number {
  return Math.max(0, c.classLimit - c.students);
}

/** Whether the rows of this page are all, some or none of the selected ones. */
export function pageSelection(selected: ReadonlySet<string>, pageIds: readonly string[]): 'all' | 'some' | 'none' {
  const n = pageIds.filter((id) => selected.has(id)).length;
  return n === 0 ? 'none' : n === pageIds.length ? 'all' : 'some';
}

/** Selects or clears every row of a page; the selection on other pages stays. */
export function selectPage(selected: ReadonlySet<string>, pageIds: readonly string[], on: boolean): Set<string> {
  const next = new Set(selected);
  for (const id of pageIds) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

export function toggle(selected: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  return selectPage(selected, [id], on);
}

/** The other sections of the same class in the same session: where a student may be moved. */
export function siblingSections(classes: readonly ClassSummary[], of: ClassSummary): ClassSummary[] {
  return classes.filter((c) => c.sessionId === of.sessionId && c.masterClass === of.masterClass && c.assignClassId !== of.assignClassId);
}

/** Sessions that start after the given one, earliest first: where a class may be promoted to. */
export function laterSessions(sessions: readonly AcademicSession[], after: AcademicSession | null): AcademicSession[] {
  if (!after) return [];
  return sessions.filter((s) => s.startDate > after.startDate).sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/** Promotion's default target: the next master class, same section; else the next class's first section. */
export function defaultTarget(targets: readonly ClassSummary[], source: ClassSummary | null): ClassSummary | null {
  if (!source) return null;
  const next = nextMasterClass(source.masterClass);
  if (!next) return null;
  const candidates = targets.filter((c) => c.masterClass === next);
  return candidates.find((c) => c.section === source.section) ?? candidates.sort((a, b) => a.section.localeCompare(b.section))[0] ?? null;
}

/** The roll numbers as typed: a student's edited value, else its saved one (empty: no number). */
export type RollEdits = Readonly<Record<string, number | '' | undefined>>;

export function rollOf(student: Pick<ClassStudent, 'userId' | 'rollNo'>, edits: RollEdits): number | null {
  const edited = edits[student.userId];
  if (edited === undefined) return student.rollNo;
  return edited === '' ? null : edited;
}

/**
 * The body of "save roll numbers": every student that has a number, so numbers can be swapped in
 * one request (the server checks uniqueness against the whole class at the end of the statement).
 */
export function rollNumbersBody(students: readonly ClassStudent[], edits: RollEdits): Array<{ userId: string; rollNo: number }> {
  return students.flatMap((s) => {
    const rollNo = rollOf(s, edits);
    return rollNo === null ? [] : [{ userId: s.userId, rollNo }];
  });
}

/** Whether any number differs from the saved one. */
export function rollsChanged(students: readonly ClassStudent[], edits: RollEdits): boolean {
  return students.some((s) => rollOf(s, edits) !== s.rollNo);
}
