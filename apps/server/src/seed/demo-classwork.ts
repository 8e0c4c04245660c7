import type { Tx } from '../db/client.js';
import { classWorks } from '../db/schema.js';
import { addDays, localDate } from '../modules/calendar/days.js';
import type { DemoCommunicationInput } from './demo-communication-input.js';
import { pick, unit } from './demo-people.js';
import { nowMs } from '../clock.js';

/** The demo teacher's recent work, newest last: class key, subject, days ago, days to do it, title, description. */
const WORK: Array<[key: string, subject: string, ago: number, days: number | null, title: string, description: string]> = [
  ['5-A', 'MATH', 4, 3, 'Fractions: worksheet 1', 'Solve questions 1 to 10 of the worksheet on like fractions. Show your working.'],
  ['4-A', 'MATH', 3, 2, 'Multiplication tables 12 to 15', 'Learn the tables of 12, 13, 14 and 15; a short oral test follows.'],
  ['4-B', 'MATH', 2, null, 'Shapes around the house', 'Find five things at home shaped like a circle, a square or a triangle and draw them.'],
  ['5-A', 'MATH', 1, 4, 'Decimals: textbook exercise 3.2', 'Textbook page 46, exercise 3.2, questions 1 to 8, in your notebook.'],
];

/** Work the other teachers set, by subject: title and description. */
const SET_WORK: Record<string, Array<[title: string, description: string]>> = {
  ENG: [
    ['Reading: the next chapter', 'Read the next chapter of the reader aloud at home and write five new words with their meanings.'],
    ['Letter writing', 'Write a letter to your friend about your last holiday, in about 120 words.'],
  ],
  HIN: [
    ['कविता याद करें', 'पाठ्यपुस्तक की कविता याद करें और सुंदर लिखावट में कॉपी में लिखें।'],
    ['अनुच्छेद लेखन', '"मेरा विद्यालय" पर 100 शब्दों का अनुच्छेद लिखें।'],
  ],
  SKT: [['शब्द रूप', '"बालक" और "लता" के शब्द रूप कॉपी में लिखकर याद करें।']],
  MATH: [
    ['Practice sheet', 'Solve the practice sheet given in class; show every step.'],
    ['Textbook exercise', 'Finish the exercise at the end of the chapter in your notebook.'],
  ],
  EVS: [['Plants around us', 'Collect five leaves of different plants, paste them in your scrapbook and name them.']],
  SCI: [
    ['Diagram practice', 'Draw and label the diagram from today’s lesson in your notebook.'],
    ['Questions and answers', 'Answer the questions at the end of the chapter in your notebook.'],
  ],
  SST: [['Map work', 'Mark the states and their capitals on the outline map of India.']],
  CS: [['Typing practice', 'Practise typing for 15 minutes and note your words per minute.']],
  ART: [['Festival poster', 'Make a poster on a festival of your choice with crayons or colours.']],
  PHY: [['Numericals', 'Solve the numericals 1 to 10 of the chapter; bring doubts to the next class.']],
  CHEM: [['Equations', 'Balance the chemical equations of the worksheet.']],
  BIO: [['Labelled diagram', 'Draw a neat labelled diagram of the cell and its parts.']],
  ACC: [['Journal entries', 'Pass the journal entries for the transactions of question 4.']],
  BST: [['Case study', 'Read the case study on page 52 and answer its questions.']],
  ECO: [['Project topic', 'Choose a topic for your economics project and write a one-page outline.']],
  IP: [['Python practice', 'Write a program that prints the multiplication table of a number.']],
  PE: [['Fitness log', 'Keep a log of your morning exercise for a week.']],
};

/**
 * The demo school's class work (issue 10): a few pieces by the demo teacher (DEMO-T0001) for the
 * classes and subjects it teaches, set in the last days, and a piece or two in every other section
 * by its other teachers in the last fortnight, without files (the seed runs in one transaction
 * without storage). One statement.
 */
export async function seedDemoClassWork(tx: Tx, d: DemoCommunicationInput): Promise<void> {
  const today = localDate(d.timeZone);
  const rows = WORK.filter(([key, subject]) => d.cells.some((c) => c.key === key && c.subject === subject && c.teacher === 'DEMO-T0001')).map(
    ([key, subject, ago, days, title, description], i) => {
      const date = addDays(today, -ago);
      return {
        schoolId: d.schoolId,
        classId: d.classId.get(key)!,
        subjectId: d.subjectId.get(subject)!,
        teacherId: d.idOf.get('DEMO-T0001')!,
        title,
        description,
        date,
        dueDate: days === null ? null : addDays(date, days),
        // In the order written, so the list's newest-first order is stable.
        createdAt: new Date(nowMs() - (WORK.length - i) * 60_000),
      };
    },
  );
  // The other teachers: two cells of every section (not the demo teacher's), set 1–14 days ago.
  const others = [...d.classId.keys()].flatMap((key) =>
    d.cells
      .filter((c) => c.key === key && c.teacher !== 'DEMO-T0001' && SET_WORK[c.subject])
      .sort((a, b) => unit(`${key}/${a.subject}/work`) - unit(`${key}/${b.subject}/work`))
      .slice(0, 2),
  );
  for (const c of others) {
    const ago = 1 + Math.floor(unit(`${c.key}/${c.subject}/ago`) * 14);
    const [title, description] = pick(SET_WORK[c.subject]!, `${c.key}/${c.subject}/which`);
    const date = addDays(today, -ago);
    rows.push({
      schoolId: d.schoolId,
      classId: d.classId.get(c.key)!,
      subjectId: d.subjectId.get(c.subject)!,
      teacherId: d.idOf.get(c.teacher)!,
      title,
      description,
      date,
      dueDate: addDays(date, 2 + (ago % 4)),
      createdAt: new Date(nowMs() - (ago * 24 * 60 + WORK.length + 1) * 60_000),
    });
  }
  if (rows.length > 0) await tx.insert(classWorks).values(rows);
}
