import { describe, expect, it } from 'vitest';
import { classInput, subjectInput } from '@shala/contract';
import { classBody, nextSectionName, sectionRow } from './classForm';
import { labelOf, nextSession } from './sessionForm';
import { masterOptions, subjectBody, takenOf } from './subjectForm';

const session = (label: string, startDate: string, endDate: string) => ({ sessionId: label, sessionYear: label, startDate, endDate, isCurrent: false });

describe('session form', () => {
  it('labels a year as 2026-27, across the century too', () => {
    expect(labelOf(2026)).toBe('2026-27');
    expect(labelOf(2099)).toBe('2099-00');
  });

  it('suggests the year after the latest session, on the same days', () => {
    const sessions = [session('2025-26', '2025-04-01', '2026-03-31'), session('2027-28', '2027-06-01', '2028-02-29'), session('2026-27', '2026-04-01', '2027-03-31')];
    expect(nextSession(sessions)).toEqual({ label: '2028-29', startDate: '2028-06-01', endDate: '2029-02-28', isCurrent: false });
  });

  it('suggests April to March of this academic year when there is none', () => {
    expect(nextSession([], new Date(2026, 1, 10))).toMatchObject({ label: '2025-26', startDate: '2025-04-01', endDate: '2026-03-31' });
    expect(nextSession([], new Date(2026, 5, 10))).toMatchObject({ label: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31' });
  });
});

describe('class form', () => {
  it('names the next section after the last letter used', () => {
    expect(nextSectionName([])).toBe('A');
    expect(nextSectionName([{ section: 'A' }])).toBe('B');
    expect(nextSectionName([{ section: 'a' }, { section: 'C' }])).toBe('D');
    expect(nextSectionName([{ section: 'Z' }])).toBe('');
    expect(nextSectionName([{ section: 'A1' }])).toBe('');
  });

  it('sends upper-cased sections, numbers and no empty teacher; the contract accepts it', () => {
    const body = classBody({ masterClass: '5', sections: [{ ...sectionRow(' a '), classTeacherId: '' as unknown as null }, sectionRow('b', '35')] }, '0d9c3a52-6e2b-4f0e-8d3c-1a2b3c4d5e6f');
    expect(body).toEqual({
      sessionId: '0d9c3a52-6e2b-4f0e-8d3c-1a2b3c4d5e6f',
      masterClass: '5',
      sections: [
        { section: 'A', classLimit: 40, classTeacherId: null },
        { section: 'B', classLimit: 35, classTeacherId: null },
      ],
    });
    expect(classInput.safeParse(body).success).toBe(true);
    const empty = classBody({ masterClass: null, sections: [sectionRow('A', '')] }, '0d9c3a52-6e2b-4f0e-8d3c-1a2b3c4d5e6f');
    const issues = classInput.safeParse(empty).error?.issues.map((i) => i.path.join('.'));
    expect(issues).toEqual(expect.arrayContaining(['masterClass', 'sections.0.classLimit']));
  });
});

describe('subject form', () => {
  it('sends a master subject by its English name and code; a typed master name keeps the code', () => {
    expect(subjectBody({ mode: 'master', masterCode: 'MATH', name: '' })).toEqual({ name: 'Mathematics', masterCode: 'MATH' });
    expect(subjectBody({ mode: 'custom', masterCode: 'MATH', name: '  hindi ' })).toEqual({ name: 'hindi', masterCode: 'HIN' });
    expect(subjectBody({ mode: 'custom', masterCode: null, name: 'Robotics' })).toEqual({ name: 'Robotics', masterCode: null });
    // Nothing chosen: the contract says the name is required.
    expect(subjectInput.safeParse(subjectBody({ mode: 'master', masterCode: null, name: '' })).error?.issues[0]?.path).toEqual(['name']);
  });

  it('disables and marks the subjects the school has (by code or by name in any case); Hindi shows both names', () => {
    const taken = takenOf([
      { name: 'Mathematics', masterCode: 'MATH' },
      { name: 'SCIENCE', masterCode: null },
    ]);
    const en = masterOptions(taken, false, 'already added');
    expect(en.find((o) => o.value === 'MATH')).toEqual({ value: 'MATH', label: 'Mathematics · already added', disabled: true });
    expect(en.find((o) => o.value === 'SCI')).toMatchObject({ disabled: true });
    expect(en.find((o) => o.value === 'HIN')).toEqual({ value: 'HIN', label: 'Hindi', disabled: false });
    const hi = masterOptions(taken, true, 'पहले से जोड़ा गया');
    expect(hi.find((o) => o.value === 'HIN')?.label).toBe('हिन्दी (Hindi)');
  });
});
