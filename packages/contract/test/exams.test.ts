import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CBSE_GRADES, computeResults, gradeOf, gradeScale, round2, type GradeBand, type MarkValue, type ResultInput, type ResultMark, type StudentResult } from '../src/exams.js';

/**
 * Property tests of the one function that turns marks into percentages, grades and ranks
 * (`computeResults`) and of `gradeOf` (issue 11): grade boundaries, weights, Absent and Exempt,
 * ranks, passing. Fixed seeds, so a failure is reproducible.
 */

const RUNS = { numRuns: Number(process.env.RUNS ?? 300), seed: Number(process.env.SEED ?? 11) } as const;

// ---------------------------------------------------------------------------------------------
// Generators

/** A valid grading scale: 2–12 bands with distinct minimums (one of them 0), named G0, G1, … */
const scaleArb: fc.Arbitrary<GradeBand[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 11 })
  .map((mins) => gradeScale.parse([0, ...mins.map((m) => m / 100)].map((min, i) => ({ grade: `G${i}`, min }))));

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

const markArb = (max: number): fc.Arbitrary<MarkValue | null> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 5, arbitrary: fc.integer({ min: 0, max: max * 10 }).map((t): MarkValue => ({ status: 'marked', marks: t / 10 })) },
    { weight: 1, arbitrary: fc.constant<MarkValue>({ status: 'absent' }) },
    { weight: 1, arbitrary: fc.constant<MarkValue>({ status: 'exempt' }) },
  );

/** A class's exams, subjects, students and marks on a scale, with a pass mark. */
const inputArb: fc.Arbitrary<ResultInput> = fc
  .record({
    passPercent: fc.integer({ min: 0, max: 100 }),
    grades: fc.oneof(fc.constant([...CBSE_GRADES]), scaleArb),
    exams: fc.array(fc.record({ weight: fc.integer({ min: 0, max: 100 }), maxMarks: fc.integer({ min: 1, max: 1000 }), otherMax: fc.option(fc.integer({ min: 1, max: 200 })) }), {
      minLength: 1,
      maxLength: 4,
    }),
    subjects: fc.integer({ min: 1, max: 3 }),
    students: fc.integer({ min: 1, max: 6 }),
  })
  .chain(({ passPercent, grades, exams, subjects, students }) => {
    const subjectIds = ids('sub', subjects);
    const studentIds = ids('stu', students);
    const examList = exams.map((e, i) => ({
      examId: `ex${i}`,
      weight: e.weight,
      maxMarks: e.maxMarks,
      // The first subject may have its own maximum in an exam.
      subjectMax: e.otherMax === null ? [] : [{ subjectId: subjectIds[0]!, maxMarks: e.otherMax }],
    }));
    const slots = studentIds.flatMap((studentId) =>
      subjectIds.flatMap((subjectId) => examList.map((e) => ({ studentId, subjectId, examId: e.examId, max: e.subjectMax.find((s) => s.subjectId === subjectId)?.maxMarks ?? e.maxMarks }))),
    );
    return fc.tuple(...slots.map((s) => markArb(s.max))).map((marks) => ({
      passPercent,
      grades,
      exams: examList,
      subjectIds,
      studentIds,
      marks: slots.flatMap((s, i): ResultMark[] => (marks[i] ? [{ studentId: s.studentId, subjectId: s.subjectId, examId: s.examId, mark: marks[i] }] : [])),
    }));
  });

const maxOf = (input: ResultInput, subjectId: string, examId: string) => {
  const e = input.exams.find((x) => x.examId === examId)!;
  return e.subjectMax.find((s) => s.subjectId === subjectId)?.maxMarks ?? e.maxMarks;
};

/** The unrounded percentages of a student's counted exams in a subject, with their exams' weights. */
function counted(input: ResultInput, studentId: string, subjectId: string) {
  return input.exams.flatMap((e) => {
    const m = input.marks.find((x) => x.studentId === studentId && x.subjectId === subjectId && x.examId === e.examId)?.mark;
    if (!m || m.status === 'exempt') return [];
    return [{ weight: e.weight, percent: ((m.status === 'marked' ? m.marks : 0) / maxOf(input, subjectId, e.examId)) * 100 }];
  });
}

/** What is graded and ranked: the percentages, grades, ranks and passing (not the cells). */
const summary = (r: StudentResult[]) => r.map((s) => ({ ...s, subjects: s.subjects.map(({ subjectId, percent, grade, passed }) => ({ subjectId, percent, grade, passed })), exams: [] }));

// ---------------------------------------------------------------------------------------------
// gradeOf

describe('gradeOf', () => {
  const boundaries = (scale: readonly GradeBand[]) => {
    const bands = [...scale].sort((a, b) => b.min - a.min);
    bands.forEach((band, i) => {
      expect(gradeOf(band.min, scale)).toBe(band.grade);
      const lower = bands[i + 1];
      if (lower) expect(gradeOf(round2(band.min - 0.01), scale)).toBe(lower.grade);
    });
  };

  it('gives each band its grade from its minimum, and the next lower band’s just below it (CBSE)', () => {
    boundaries(CBSE_GRADES);
    expect(gradeOf(100, CBSE_GRADES)).toBe('A1');
    expect(gradeOf(90.99, CBSE_GRADES)).toBe('A2');
    expect(gradeOf(32.99, CBSE_GRADES)).toBe('E');
    expect(gradeOf(0, CBSE_GRADES)).toBe('E');
  });

  it('does the same on any valid scale, whatever the order of its bands', () => {
    fc.assert(
      fc.property(scaleArb, fc.integer(), (scale, shuffle) => {
        boundaries(scale);
        const shuffled = [...scale].sort((a, b) => ((a.min * 7919 + shuffle) % 13) - ((b.min * 7919 + shuffle) % 13));
        boundaries(shuffled);
      }),
      RUNS,
    );
  });

  it('gives every percentage from 0 to 100 exactly one grade: the band it falls in', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant([...CBSE_GRADES]), scaleArb), fc.integer({ min: 0, max: 10_000 }), (scale, hundredths) => {
        const p = hundredths / 100;
        const bands = [...scale].sort((a, b) => b.min - a.min);
        const holding = bands.filter((b, i) => p >= b.min && (i === 0 || p < bands[i - 1]!.min));
        expect(holding).toHaveLength(1);
        expect(gradeOf(p, scale)).toBe(holding[0]!.grade);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// computeResults: weights, Absent and Exempt

describe('computeResults: weights', () => {
  it('changes nothing when every exam’s weight is multiplied by the same positive integer', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 2, max: 50 }), (input, k) => {
        const scaled = { ...input, exams: input.exams.map((e) => ({ ...e, weight: e.weight * k })) };
        expect(computeResults(scaled)).toEqual(computeResults(input));
      }),
      RUNS,
    );
  });

  it('puts a subject’s percentage between the lowest and highest of its counted exams', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const r of computeResults(input)) {
          for (const s of r.subjects) {
            const cells = s.exams.map((c) => c.percent).filter((p): p is number => p !== null);
            if (!cells.length) {
              expect(s.percent).toBeNull();
              continue;
            }
            expect(s.percent).not.toBeNull();
            expect(s.percent!).toBeGreaterThanOrEqual(Math.min(...cells));
            expect(s.percent!).toBeLessThanOrEqual(Math.max(...cells));
          }
        }
      }),
      RUNS,
    );
  });

  it('is the plain mean of the exams counted when their weights are equal (zero weights too)', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 100 }), (input, w) => {
        const equal = { ...input, exams: input.exams.map((e) => ({ ...e, weight: w })) };
        const results = computeResults(equal);
        equal.studentIds.forEach((studentId, i) => {
          equal.subjectIds.forEach((subjectId, j) => {
            const c = counted(equal, studentId, subjectId);
            const got = results[i]!.subjects[j]!.percent;
            if (!c.length) return expect(got).toBeNull();
            expect(got).toBe(round2(c.reduce((a, x) => a + x.percent, 0) / c.length));
          });
        });
      }),
      RUNS,
    );
  });

  it('counts exams that all weigh 0 equally, and a 0-weight exam among weighted ones not at all', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const zero = { ...input, exams: input.exams.map((e) => ({ ...e, weight: 0 })) };
        const one = { ...input, exams: input.exams.map((e) => ({ ...e, weight: 1 })) };
        expect(summary(computeResults(zero))).toEqual(summary(computeResults(one)));

        // The first exam weighs 0 and another weighs something: the first's marks do not matter.
        if (input.exams.length < 2) return;
        const mixed = { ...input, exams: input.exams.map((e, i) => ({ ...e, weight: i === 0 ? 0 : Math.max(1, e.weight) })) };
        const without = { ...mixed, marks: mixed.marks.filter((m) => m.examId !== 'ex0') };
        const a = computeResults(mixed);
        const b = computeResults(without);
        a.forEach((r, i) =>
          r.subjects.forEach((s, j) => {
            // Unless ex0 is the only exam counted in that subject.
            if (b[i]!.subjects[j]!.percent !== null) expect(s.percent).toBe(b[i]!.subjects[j]!.percent);
          }),
        );
      }),
      RUNS,
    );
  });

  it('leaves an Exempt exam out (as if not entered) and counts Absent as 0', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const exempt = { ...input, marks: input.marks.map((m) => ({ ...m, mark: m.mark.status === 'marked' && m.mark.marks > 0 ? m.mark : ({ status: 'exempt' } as const) })) };
        const missing = { ...exempt, marks: exempt.marks.filter((m) => m.mark.status !== 'exempt') };
        const [a, b] = [computeResults(exempt), computeResults(missing)];
        expect(summary(a)).toEqual(summary(b));
        expect(a.map((r) => r.exams)).toEqual(b.map((r) => r.exams));

        const absent = { ...input, marks: input.marks.map((m) => (m.mark.status === 'marked' && m.mark.marks === 0 ? { ...m, mark: { status: 'absent' } as const } : m)) };
        const zero = { ...input, marks: input.marks.map((m) => (m.mark.status === 'absent' ? { ...m, mark: { status: 'marked', marks: 0 } as const } : m)) };
        const strip = (r: StudentResult[]) => r.map((s) => ({ ...s, subjects: s.subjects.map((x) => ({ ...x, exams: x.exams.map((c) => ({ ...c, mark: null })) })) }));
        expect(strip(computeResults(absent))).toEqual(strip(computeResults(zero)));
      }),
      RUNS,
    );
  });

  it('answers null percentage, grade, rank and passing for a student without marks', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const silent = { ...input, studentIds: [...input.studentIds, 'nobody'] };
        const r = computeResults(silent).at(-1)!;
        expect(r).toMatchObject({ studentId: 'nobody', percent: null, grade: null, rank: null, passed: null, failedSubjects: [] });
        expect(r.subjects.every((s) => s.percent === null && s.grade === null && s.passed === null)).toBe(true);
        expect(r.exams.every((e) => e.percent === null && e.grade === null && e.obtained === 0 && e.max === 0)).toBe(true);
      }),
      RUNS,
    );
  });

  it('rounds a true half up whatever the weights (67.125 with weights 85 and 35, or 4080 and 1680)', () => {
    const input = (k: number): ResultInput => ({
      passPercent: 33,
      grades: CBSE_GRADES,
      exams: [
        { examId: 'a', weight: 85 * k, maxMarks: 150, subjectMax: [] },
        { examId: 'b', weight: 35 * k, maxMarks: 54, subjectMax: [] },
      ],
      subjectIds: ['m'],
      studentIds: ['s'],
      marks: [
        { studentId: 's', subjectId: 'm', examId: 'a', mark: { status: 'marked', marks: 119.5 } },
        { studentId: 's', subjectId: 'm', examId: 'b', mark: { status: 'marked', marks: 19.8 } },
      ],
    });
    expect(computeResults(input(1))[0]!.percent).toBe(67.13);
    expect(computeResults(input(48))[0]!.percent).toBe(67.13);
    expect(round2(0.125)).toBe(0.13);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(67.12499999999999)).toBe(67.13);
    expect(round2(67.1249)).toBe(67.12);
  });

  it('weighs the exams: PT1 10% of 20 marks, Half-Yearly 40% of 80 (a worked example)', () => {
    const [r] = computeResults({
      passPercent: 33,
      grades: CBSE_GRADES,
      exams: [
        { examId: 'pt1', weight: 10, maxMarks: 20, subjectMax: [] },
        { examId: 'hy', weight: 40, maxMarks: 80, subjectMax: [] },
      ],
      subjectIds: ['m'],
      studentIds: ['s'],
      marks: [
        { studentId: 's', subjectId: 'm', examId: 'pt1', mark: { status: 'marked', marks: 20 } },
        { studentId: 's', subjectId: 'm', examId: 'hy', mark: { status: 'marked', marks: 40 } },
      ],
    });
    // (10 × 100 + 40 × 50) / 50 = 60.
    expect(r!.subjects[0]).toMatchObject({ percent: 60, grade: 'C1', passed: true });
    expect(r!.exams.map((e) => e.percent)).toEqual([100, 50]);
  });
});

// ---------------------------------------------------------------------------------------------
// computeResults: ranks and passing

describe('computeResults: ranks and passing', () => {
  it('ranks by competition: 1 + the students with a strictly higher percentage; equal percentages share a rank', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const results = computeResults(input);
        for (const r of results) {
          if (r.percent === null) {
            expect(r.rank).toBeNull();
            continue;
          }
          expect(r.rank).toBe(1 + results.filter((o) => o.percent !== null && o.percent > r.percent!).length);
          for (const o of results) if (o.percent === r.percent) expect(o.rank).toBe(r.rank);
        }
      }),
      RUNS,
    );
  });

  it('ranks 1, 2, 2, 4', () => {
    const marks = [20, 15, 15, 10].map((m, i): ResultMark => ({ studentId: `s${i}`, subjectId: 'm', examId: 'e', mark: { status: 'marked', marks: m } }));
    const r = computeResults({ passPercent: 33, grades: CBSE_GRADES, exams: [{ examId: 'e', weight: 1, maxMarks: 20, subjectMax: [] }], subjectIds: ['m'], studentIds: ['s0', 's1', 's2', 's3'], marks });
    expect(r.map((x) => x.rank)).toEqual([1, 2, 2, 4]);
  });

  it('passes a student iff every counted subject is at or above the pass mark; failedSubjects are exactly those below', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const r of computeResults(input)) {
          const countedSubjects = r.subjects.filter((s) => s.percent !== null);
          const below = countedSubjects.filter((s) => s.percent! < input.passPercent).map((s) => s.subjectId);
          expect(r.failedSubjects).toEqual(below);
          for (const s of r.subjects) expect(s.passed).toBe(s.percent === null ? null : s.percent >= input.passPercent);
          expect(r.passed).toBe(countedSubjects.length ? below.length === 0 : null);
        }
      }),
      RUNS,
    );
  });

  it('grades every percentage it answers on the scale given', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const r of computeResults(input)) {
          expect(r.grade).toBe(r.percent === null ? null : gradeOf(r.percent, input.grades));
          for (const s of r.subjects) {
            expect(s.grade).toBe(s.percent === null ? null : gradeOf(s.percent, input.grades));
            for (const c of s.exams) expect(c.grade).toBe(c.percent === null ? null : gradeOf(c.percent, input.grades));
          }
        }
      }),
      RUNS,
    );
  });
});
