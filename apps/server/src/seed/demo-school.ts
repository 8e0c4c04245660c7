import { adultOf, familyOf, unit, type Address, type DemoAdult, type DemoChild } from './demo-people.js';

/**
 * The demo school's structure, as data and pure functions (no database): its sections, what each
 * class studies, who teaches what, its class teachers, and its students in families. The first 30
 * students (DEMO-S0001 … S0030, three in each section of classes 1–5) and the first six teachers
 * are the demo of earlier versions, kept as they were: the journeys read them by name.
 */

/** Sections of the current session and how many students each has (300 in all). */
export const SECTIONS: Array<{ key: string; size: number }> = [
  ...['1', '2', '3', '4', '5'].flatMap((c) => ['A', 'B'].map((s) => ({ key: `${c}-${s}`, size: 16 }))),
  ...['6', '7', '8', '9', '10', '11', '12'].map((c) => ({ key: `${c}-A`, size: 20 })),
];
/** The next session's sections (empty): class 6 opens a second section. */
export const NEXT_SECTIONS = [...['1', '2', '3', '4', '5', '6'].flatMap((c) => [`${c}-A`, `${c}-B`]), ...['7', '8', '9', '10', '11', '12'].map((c) => `${c}-A`)];
export const classOf = (key: string) => key.split('-')[0]!;
export const sectionOf = (key: string) => key.split('-')[1]!;

/** What each section studies (master subject codes); 11 and 12 are the science stream. */
export function syllabusOf(key: string): string[] {
  const n = Number(classOf(key));
  if (n <= 2) return ['ENG', 'HIN', 'MATH', 'EVS', 'ART'];
  if (n <= 5) return ['ENG', 'HIN', 'MATH', 'SCI', 'SST', 'CS', 'ART'];
  if (n <= 8) return ['ENG', 'HIN', 'SKT', 'MATH', 'SCI', 'SST', 'CS', 'ART'];
  if (n <= 10) return ['ENG', 'HIN', 'MATH', 'SCI', 'SST', 'CS', 'PE'];
  return ['ENG', 'PHY', 'CHEM', 'MATH', 'BIO', 'PE'];
}
export const SUBJECT_CODES = [...new Set(SECTIONS.flatMap((s) => syllabusOf(s.key)))];

/** A subject's weight in the week: its share of a section's 48 periods is its weight over the syllabus's. */
export const WEIGHT: Record<string, number> = { ENG: 7, HIN: 6, MATH: 8, EVS: 6, SCI: 7, SST: 6, SKT: 3, CS: 3, ART: 3, PE: 3, PHY: 8, CHEM: 8, BIO: 8 };
/** Periods a week of a subject in a section. */
export const periodsOf = (key: string, subject: string) => (48 * WEIGHT[subject]!) / syllabusOf(key).reduce((sum, s) => sum + WEIGHT[s]!, 0);

/** The first six teachers (the earlier demo's): DEMO-T0001 … T0006. */
const FIRST_TEACHERS: Array<[first: string, last: string]> = [
  ['Ravi', 'Kumar'],
  ['Priya', 'Nair'],
  ['Sanjay', 'Gupta'],
  ['Fatima', 'Sheikh'],
  ['Deepak', 'Joshi'],
  ['Lakshmi', 'Rao'],
];
/**
 * What each teacher can teach, DEMO-T0001 onwards (20 teachers). DEMO-T0001 teaches Mathematics in
 * classes 4 and 5 and nothing else (the journeys' demo teacher); the others take a subject's
 * sections by least load.
 */
const SPECIALTIES: string[][] = [
  ['MATH'],
  ['ENG'],
  ['HIN', 'SKT'],
  ['SCI'],
  ['SST'],
  ['MATH'],
  ['ENG'],
  ['HIN'],
  ['EVS', 'SCI'],
  ['ART'],
  ['MATH'],
  ['PHY', 'SCI'],
  ['CHEM', 'BIO', 'SCI'],
  ['MATH'],
  ['SST'],
  ['CS'],
  ['PE', 'ART'],
  ['ENG'],
  ['SKT', 'HIN'],
  ['ENG'],
];
const QUALIFICATION: Record<string, string> = {
  MATH: 'M.Sc. Mathematics, B.Ed.',
  ENG: 'M.A. English, B.Ed.',
  HIN: 'M.A. Hindi, B.Ed.',
  SKT: 'M.A. Sanskrit, B.Ed.',
  SCI: 'M.Sc., B.Ed.',
  BIO: 'M.Sc. Botany, B.Ed.',
  SST: 'M.A. History, B.Ed.',
  EVS: 'B.Sc., B.Ed.',
  ART: 'B.F.A.',
  PHY: 'M.Sc. Physics, B.Ed.',
  CHEM: 'M.Sc. Chemistry, B.Ed.',
  ACC: 'M.Com., B.Ed.',
  ECO: 'M.A. Economics, B.Ed.',
  CS: 'MCA',
  PE: 'B.P.Ed.',
};
const pad = (n: number) => String(n).padStart(4, '0');
const tid = (i: number) => `DEMO-T${pad(i + 1)}`;

export interface DemoTeacher extends Partial<Address> {
  loginId: string;
  first: string;
  last: string;
  gender?: string;
  contact?: string;
  qualification: string;
  subjects: string;
}

/** Who teaches what: a cell per section and subject, with the teacher's login id. */
export interface Cell {
  key: string;
  subject: string;
  teacher: string;
}

/** The teachers, the cells and the class teachers (section key → teacher's login id). */
export function staffing(): { teachers: DemoTeacher[]; cells: Cell[]; classTeachers: Map<string, string> } {
  const load = SPECIALTIES.map(() => 0);
  const ableFor = (subject: string) => SPECIALTIES.map((s, i) => (i > 0 && s.includes(subject) ? i : -1)).filter((i) => i >= 0);
  // Subjects few can teach are given out first; then each cell goes to a teacher whose first
  // subject it is while one has room (44 periods a week), else to anyone able, the least loaded.
  const wanted = SECTIONS.flatMap(({ key }) => syllabusOf(key).map((subject) => ({ key, subject })));
  const order = [...wanted].sort((a, b) => ableFor(a.subject).length - ableFor(b.subject).length);
  const teacherOf = new Map<string, number>();
  for (const { key, subject } of order) {
    const n = Number(classOf(key));
    const share = periodsOf(key, subject);
    let who: number;
    if (subject === 'MATH' && (n === 4 || n === 5)) who = 0;
    else {
      const able = ableFor(subject);
      const first = able.filter((i) => SPECIALTIES[i]![0] === subject && load[i]! + share <= 44);
      who = (first.length ? first : able).sort((x, y) => load[x]! - load[y]!)[0]!;
    }
    load[who]! += share;
    teacherOf.set(`${key}/${subject}`, who);
  }
  const cells: Cell[] = wanted.map(({ key, subject }) => ({ key, subject, teacher: tid(teacherOf.get(`${key}/${subject}`)!) }));
  const teachers: DemoTeacher[] = SPECIALTIES.map((specialty, i) => {
    const taught = [...new Set(cells.filter((c) => c.teacher === tid(i)).map((c) => c.subject))];
    const base = { loginId: tid(i), qualification: QUALIFICATION[specialty[0]!] ?? 'B.Ed.', subjects: taught.join(', ') };
    if (i < FIRST_TEACHERS.length) return { ...base, first: FIRST_TEACHERS[i]![0], last: FIRST_TEACHERS[i]![1] };
    const p: DemoAdult = adultOf(`teacher/${i}`);
    return { ...base, ...p };
  });

  // Class teachers: the earlier demo's, then for each section the teacher with most periods there
  // who has no class yet. 3-B and 4-B stay without one (Incomplete): something for an admin to finish.
  const classTeachers = new Map<string, string>([
    ['1-A', 'DEMO-T0006'],
    ['2-A', 'DEMO-T0004'],
    ['3-A', 'DEMO-T0003'],
    ['4-A', 'DEMO-T0002'],
    ['5-A', 'DEMO-T0001'],
    ['5-B', 'DEMO-T0005'],
  ]);
  const taken = new Set(classTeachers.values());
  for (const { key } of SECTIONS) {
    if (classTeachers.has(key) || key === '3-B' || key === '4-B') continue;
    const here = cells.filter((c) => c.key === key && !taken.has(c.teacher));
    const best = here.sort((a, b) => a.teacher.localeCompare(b.teacher))[0];
    if (!best) continue;
    classTeachers.set(key, best.teacher);
    taken.add(best.teacher);
  }
  return { teachers, cells, classTeachers };
}

/** The earlier demo's 30 students, three to a section of classes 1–5 (DEMO-S0001 … S0030). */
const FIRST_STUDENTS: Array<[first: string, last: string, cls: string]> = [
  ['Aarav', 'Verma', '5-A'],
  ['Ananya', 'Iyer', '5-A'],
  ['Rohan', 'Mehta', '5-A'],
  ['Diya', 'Verma', '2-A'],
  ['Kabir', 'Singh', '5-B'],
  ['Ishita', 'Reddy', '5-B'],
  ['Vivaan', 'Patel', '5-B'],
  ['Saanvi', 'Gupta', '4-A'],
  ['Arjun', 'Nair', '4-A'],
  ['Myra', 'Khan', '4-A'],
  ['Reyansh', 'Joshi', '4-B'],
  ['Aadhya', 'Das', '4-B'],
  ['Vihaan', 'Rao', '4-B'],
  ['Kiara', 'Menon', '3-A'],
  ['Ayaan', 'Sheikh', '3-A'],
  ['Pari', 'Agarwal', '3-A'],
  ['Krishna', 'Pillai', '3-B'],
  ['Navya', 'Bose', '3-B'],
  ['Shaurya', 'Chauhan', '3-B'],
  ['Anika', 'Kulkarni', '2-A'],
  ['Atharv', 'Mishra', '2-A'],
  ['Riya', 'Saxena', '2-B'],
  ['Dhruv', 'Malhotra', '2-B'],
  ['Tara', 'Banerjee', '2-B'],
  ['Laksh', 'Yadav', '1-A'],
  ['Avni', 'Thakur', '1-A'],
  ['Ved', 'Pandey', '1-A'],
  ['Zara', 'Qureshi', '1-B'],
  ['Advik', 'Kapoor', '1-B'],
  ['Meher', 'Gill', '1-B'],
];

export interface DemoStudent extends DemoChild, Address {
  loginId: string;
  cls: string;
  /** The parent's login id. */
  parent: string;
  /** Roll number in its section. */
  rollNo: number;
}
export interface DemoParent extends DemoAdult {
  loginId: string;
  email?: string;
}

/**
 * The students and their parents. DEMO-G0001 (Meena Verma) is the parent of DEMO-S0001 (5-A) and
 * DEMO-S0004 (2-A); each other first student has a parent of its own; the rest come in families
 * of one or (about one in seven) two children in different classes. Roll numbers: the first three
 * of a section by name, then the others by name.
 */
export function studentsAndParents(sessionYear: number): { students: DemoStudent[]; parents: DemoParent[] } {
  const parents: DemoParent[] = [];
  const students: Array<Omit<DemoStudent, 'rollNo'>> = [];
  const classYear = (key: string) => Number(classOf(key));
  const gid = () => `DEMO-G${pad(parents.length + 1)}`;
  const sid = () => `DEMO-S${pad(students.length + 1)}`;

  const verma = familyOf('family/verma', 'Verma');
  parents.push({ ...verma.parent, first: 'Meena', last: 'Verma', gender: 'female', loginId: gid(), email: 'parent@demo.shala.local' });
  for (const [first, last, cls] of FIRST_STUDENTS) {
    const family = last === 'Verma' ? verma : familyOf(`family/${first}`, last);
    if (last !== 'Verma') parents.push({ ...family.parent, loginId: gid() });
    const parent = last === 'Verma' ? 'DEMO-G0001' : parents.at(-1)!.loginId;
    const loginId = sid();
    const child = family.child(`student/${loginId}`, classYear(cls), sessionYear, { first, last });
    students.push({ ...child, gender: GIRLS.has(first) ? 'female' : 'male', motherName: last === 'Verma' ? 'Meena Verma' : child.motherName, loginId, cls, parent });
  }

  // Free seats per section, then families until the school is full.
  const free = new Map(SECTIONS.map((s) => [s.key, s.size - students.filter((x) => x.cls === s.key).length]));
  const names = new Set(students.map((s) => `${s.first} ${s.last}`));
  const seat = (avoid?: string) => {
    const open = [...free].filter(([key, n]) => n > 0 && (!avoid || classOf(key) !== classOf(avoid)));
    // The section with most free seats (ties: the first in class order).
    const best = open.sort((a, b) => b[1] - a[1])[0];
    if (!best) return null;
    free.set(best[0], best[1] - 1);
    return best[0];
  };
  for (let f = 0; ; f++) {
    const first = seat();
    if (!first) break;
    const family = familyOf(`family/${f}`);
    const loginId = gid();
    parents.push({ ...family.parent, loginId });
    const second = unit(`family/${f}/children`) < 0.15 ? seat(first) : null;
    for (const cls of second ? [first, second] : [first]) {
      const key = `student/${students.length + 1}`;
      let child = family.child(key, classYear(cls), sessionYear);
      // No two students share a full name (the journeys find students by name).
      for (let k = 1; names.has(`${child.first} ${child.last}`) || students.some((s) => s.parent === loginId && s.first === child.first); k++)
        child = family.child(`${key}/${k}`, classYear(cls), sessionYear);
      names.add(`${child.first} ${child.last}`);
      students.push({ ...child, loginId: sid(), cls, parent: loginId });
    }
  }

  const rolled: DemoStudent[] = [];
  for (const { key } of SECTIONS) {
    const here = students.filter((s) => s.cls === key);
    const byName = (a: (typeof here)[number], b: (typeof here)[number]) => a.first.localeCompare(b.first) || a.last.localeCompare(b.last);
    const firsts = here.filter((s) => s.loginId <= 'DEMO-S0030').sort(byName);
    const rest = here.filter((s) => s.loginId > 'DEMO-S0030').sort(byName);
    [...firsts, ...rest].forEach((s, i) => rolled.push({ ...s, rollNo: i + 1 }));
  }
  rolled.sort((a, b) => a.loginId.localeCompare(b.loginId));
  return { students: rolled, parents };
}

/** The first students who are girls (their names do not say it to the generator). */
const GIRLS = new Set(['Ananya', 'Diya', 'Ishita', 'Saanvi', 'Myra', 'Aadhya', 'Kiara', 'Pari', 'Navya', 'Anika', 'Riya', 'Tara', 'Avni', 'Zara', 'Meher']);
