import type { BusySlot, ClassRef, ClassSubject, Period, TimetableBody, TimetableView } from '@shala/contract';

/**
 * The editor's grid as data: a cell per `day:periodId`, each a subject of the class and, when the
 * saved grid named one, its teacher (else the subject's teacher in the class).
 */
export interface GridCell {
  subjectId: string;
  /** The saved cell's teacher; undefined: the subject's teacher (the server's default). */
  teacherId?: string | null;
}
export type Grid = ReadonlyMap<string, GridCell>;

export const cellKey = (day: number, periodId: string) => `${day}:${periodId}`;

export function gridOf(view: Pick<TimetableView, 'cells'>): Grid {
  return new Map(view.cells.map((c) => [cellKey(c.day, c.periodId), { subjectId: c.subject.subjectId, teacherId: c.teacher?.userId ?? null }]));
}

/** A new grid with one cell chosen (a new subject takes its teacher in the class) or cleared. */
export function setCell(grid: Grid, key: string, subjectId: string | null): Grid {
  const next = new Map(grid);
  if (subjectId) next.set(key, { subjectId });
  else next.delete(key);
  return next;
}

/** The teacher who would teach a cell: the saved one, else the subject's teacher in the class. */
export function teacherOf(cell: GridCell | undefined, subjects: ReadonlyMap<string, Pick<ClassSubject, 'teacher'>>): string | null {
  if (!cell) return null;
  if (cell.teacherId !== undefined) return cell.teacherId ?? subjects.get(cell.subjectId)?.teacher?.userId ?? null;
  return subjects.get(cell.subjectId)?.teacher?.userId ?? null;
}

/**
 * The cells whose teacher already teaches another class at that day and period (from the busy
 * slots the server gave), by cell key: what the grid flags before saving.
 */
export function clashesOf(grid: Grid, subjects: ReadonlyMap<string, Pick<ClassSubject, 'teacher'>>, busy: readonly BusySlot[]): Map<string, ClassRef> {
  const taken = new Map(busy.map((b) => [`${b.teacherId}|${b.day}|${b.periodId}`, b.class]));
  const out = new Map<string, ClassRef>();
  for (const [key, cell] of grid) {
    const teacher = teacherOf(cell, subjects);
    if (!teacher) continue;
    const [day, periodId] = key.split(':');
    const other = taken.get(`${teacher}|${day}|${periodId}`);
    if (other) out.set(key, other);
  }
  return out;
}

/** Copies one day's teaching cells onto other days (their cells are replaced; breaks are never cells). */
export function copyDay(grid: Grid, from: number, to: readonly number[], periods: readonly Pick<Period, 'periodId' | 'isBreak'>[]): Grid {
  const next = new Map(grid);
  for (const day of to) {
    if (day === from) continue;
    for (const p of periods) {
      if (p.isBreak) continue;
      const source = grid.get(cellKey(from, p.periodId));
      if (source) next.set(cellKey(day, p.periodId), { ...source });
      else next.delete(cellKey(day, p.periodId));
    }
  }
  return next;
}

/** The body of a save: every cell of the grid, by day then period order. */
export function bodyOf(grid: Grid, periods: readonly Pick<Period, 'periodId'>[]): TimetableBody {
  const order = new Map(periods.map((p, i) => [p.periodId, i]));
  const cells = [...grid].map(([key, cell]) => {
    const [day, periodId] = key.split(':') as [string, string];
    return { day: Number(day), periodId, subjectId: cell.subjectId, ...(cell.teacherId ? { teacherId: cell.teacherId } : {}) };
  });
  cells.sort((a, b) => a.day - b.day || (order.get(a.periodId) ?? 0) - (order.get(b.periodId) ?? 0));
  return { cells };
}

/** The cell a refused save names (`cells.3.subjectId` → the key of the fourth cell sent). */
export function failedCell(field: string | null, body: TimetableBody): string | null {
  const m = field ? /^cells\.(\d+)/.exec(field) : null;
  const cell = m ? body.cells[Number(m[1])] : undefined;
  return cell ? cellKey(cell.day, cell.periodId) : null;
}

/** Whether two grids hold the same cells (unsaved changes). */
export function sameGrid(a: Grid, b: Grid): boolean {
  if (a.size !== b.size) return false;
  for (const [key, cell] of a) {
    const other = b.get(key);
    if (!other || other.subjectId !== cell.subjectId) return false;
  }
  return true;
}
