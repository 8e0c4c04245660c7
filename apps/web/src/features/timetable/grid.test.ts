import { describe, expect, it } from 'vitest';
import type { BusySlot } from '@shala/contract';
import { bodyOf, cellKey, clashesOf, copyDay, failedCell, gridOf, setCell, teacherOf } from './grid';

const P1 = '00000000-0000-4000-8000-000000000001';
const P2 = '00000000-0000-4000-8000-000000000002';
const LUNCH = '00000000-0000-4000-8000-000000000003';
const periods = [
  { periodId: P1, isBreak: false },
  { periodId: LUNCH, isBreak: true },
  { periodId: P2, isBreak: false },
];
const ravi = { userId: 'ravi', fullName: 'Ravi', loginId: 'T1' };
const kavya = { userId: 'kavya', fullName: 'Kavya', loginId: 'T2' };
const subjects = new Map([
  ['maths', { teacher: ravi }],
  ['hindi', { teacher: kavya }],
  ['art', { teacher: null }],
]);
const otherClass = { assignClassId: 'c2', masterClass: '5', className: '5', section: 'B' };

describe('the timetable grid', () => {
  it('a chosen subject takes its teacher in the class; a saved cell keeps its own', () => {
    const saved = gridOf({ cells: [{ day: 1, periodId: P1, subject: { subjectId: 'maths', name: 'Maths', masterCode: null }, teacher: kavya }] });
    expect(teacherOf(saved.get(cellKey(1, P1)), subjects)).toBe('kavya');
    const changed = setCell(saved, cellKey(1, P1), 'maths');
    expect(teacherOf(changed.get(cellKey(1, P1)), subjects)).toBe('ravi');
    expect(teacherOf(setCell(changed, cellKey(1, P1), 'art').get(cellKey(1, P1)), subjects)).toBeNull();
    expect(setCell(changed, cellKey(1, P1), null).size).toBe(0);
  });

  it('flags a cell whose teacher is busy in another class at that day and period', () => {
    const busy: BusySlot[] = [{ teacherId: 'ravi', day: 2, periodId: P1, class: otherClass }];
    const grid = setCell(setCell(new Map(), cellKey(2, P1), 'maths'), cellKey(3, P1), 'maths');
    const clashes = clashesOf(grid, subjects, busy);
    expect([...clashes.keys()]).toEqual([cellKey(2, P1)]);
    expect(clashes.get(cellKey(2, P1))).toEqual(otherClass);
    expect(clashesOf(setCell(grid, cellKey(2, P1), 'hindi'), subjects, busy).size).toBe(0);
  });

  it('copies a day onto others (replacing their cells, never a break) and sends every cell by day and period', () => {
    let grid = setCell(new Map(), cellKey(1, P2), 'hindi');
    grid = setCell(grid, cellKey(1, P1), 'maths');
    grid = setCell(grid, cellKey(3, P2), 'art');
    const copied = copyDay(grid, 1, [2, 3], periods);
    expect(bodyOf(copied, periods).cells.map((c) => `${c.day}${c.periodId === P1 ? 'P1' : 'P2'}${c.subjectId}`)).toEqual([
      '1P1maths',
      '1P2hindi',
      '2P1maths',
      '2P2hindi',
      '3P1maths',
      '3P2hindi',
    ]);
  });

  it('finds the cell a refused save names', () => {
    const body = bodyOf(setCell(setCell(new Map(), cellKey(1, P1), 'maths'), cellKey(2, P2), 'hindi'), periods);
    expect(failedCell('cells.1', body)).toBe(cellKey(2, P2));
    expect(failedCell('cells.0.subjectId', body)).toBe(cellKey(1, P1));
    expect(failedCell(null, body)).toBeNull();
    expect(failedCell('cells.9', body)).toBeNull();
  });
});
