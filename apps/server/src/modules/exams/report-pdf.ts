import { formatDateFor, subjectNameIn, type CoArea, type GradeBand, type MarkValue, type ReportCard, type ReportLang } from '@shala/contract';
import { ACCENT, INK, LINE_HEIGHT, MUTED, RULE, block, heightOf, newPdf, type Doc, type TextStyle } from '../../pdf/text.js';

/**
 * Report cards as a PDF, in English or Hindi: A4 portrait, one card from its first page (a card
 * whose remarks do not fit goes on to a second page). The school (logo, name, address); the title
 * with the session; the student's details; the scholastic table (subjects × exams: marks / max, AB
 * or EX; each subject's weighted percentage and grade; each exam's total and percentage); the
 * overall percentage, grade, result and rank; the co-scholastic table (areas × terms); the class
 * teacher's remarks; attendance per term; the grading scale; signature lines; the date made.
 *
 * Up to 12 subjects and 6 exams fit one page: the tables' type shrinks as columns and rows grow,
 * long names wrap in their cell. Text goes through `pdf/text.ts` (Noto Sans and Noto Sans
 * Devanagari, runs by script), as the fee receipt does. Figures are the server's (`computeResults`),
 * never computed here.
 */

const WORDS = {
  en: {
    title: (session: string) => `Report Card ${session}`,
    student: 'Student',
    loginId: 'Login ID',
    class: 'Class',
    classNumber: (n: string) => `Class ${n}`,
    rollNo: 'Roll no.',
    dateOfBirth: 'Date of birth',
    parent: 'Parent',
    classTeacher: 'Class teacher',
    scholastic: 'Scholastic areas',
    subject: 'Subject',
    final: 'Final %',
    grade: 'Grade',
    total: 'Total',
    percentage: 'Percentage',
    overall: 'Overall percentage',
    result: 'Result',
    passed: 'Passed',
    needsImprovement: (subjects: string) => `Needs improvement in ${subjects}`,
    rank: 'Rank',
    rankOf: (rank: number, size: number) => `${rank} of ${size}`,
    absent: 'AB',
    exempt: 'EX',
    coScholastic: 'Co-scholastic areas',
    area: 'Area',
    areas: { work: 'Work education', art: 'Art education', health: 'Health and physical education', discipline: 'Discipline' } satisfies Record<CoArea, string>,
    remarks: "Class teacher's remarks",
    attendance: 'Attendance',
    daysOf: (attended: number, marked: number) => `${attended} / ${marked}`,
    scale: 'Grading scale',
    below: (n: number) => `below ${n}`,
    passMark: (n: number) => `Pass mark: ${n}% in each subject.`,
    signatures: { teacher: 'Class teacher', principal: 'Principal', parent: 'Parent' },
    madeOn: (date: string) => `Made on ${date} with Shala.`,
    nothingYet: 'No results have been published yet.',
    weight: (w: number) => `weight ${w}%`,
  },
  hi: {
    title: (session: string) => `रिपोर्ट कार्ड ${session}`,
    student: 'विद्यार्थी',
    loginId: 'लॉगिन आईडी',
    class: 'कक्षा',
    classNumber: (n: string) => `कक्षा ${n}`,
    rollNo: 'अनुक्रमांक',
    dateOfBirth: 'जन्म तिथि',
    parent: 'अभिभावक',
    classTeacher: 'कक्षा अध्यापक',
    scholastic: 'शैक्षिक क्षेत्र',
    subject: 'विषय',
    final: 'अंतिम %',
    grade: 'ग्रेड',
    total: 'योग',
    percentage: 'प्रतिशत',
    overall: 'कुल प्रतिशत',
    result: 'परिणाम',
    passed: 'उत्तीर्ण',
    needsImprovement: (subjects: string) => `${subjects} में सुधार की आवश्यकता`,
    rank: 'स्थान',
    rankOf: (rank: number, size: number) => `${size} में ${rank}`,
    absent: 'अनु.',
    exempt: 'छूट',
    coScholastic: 'सह-शैक्षिक क्षेत्र',
    area: 'क्षेत्र',
    areas: { work: 'कार्य शिक्षा', art: 'कला शिक्षा', health: 'स्वास्थ्य एवं शारीरिक शिक्षा', discipline: 'अनुशासन' } satisfies Record<CoArea, string>,
    remarks: 'कक्षा अध्यापक की टिप्पणी',
    attendance: 'उपस्थिति',
    daysOf: (attended: number, marked: number) => `${attended} / ${marked}`,
    scale: 'ग्रेड तालिका',
    below: (n: number) => `${n} से कम`,
    passMark: (n: number) => `उत्तीर्णांक: प्रत्येक विषय में ${n}%।`,
    signatures: { teacher: 'कक्षा अध्यापक', principal: 'प्रधानाचार्य', parent: 'अभिभावक' },
    madeOn: (date: string) => `${date} को शाला द्वारा बनाया गया।`,
    nothingYet: 'अभी तक कोई परिणाम प्रकाशित नहीं हुआ है।',
    weight: (w: number) => `भार ${w}%`,
  },
} as const;

/** A day on the card: the one date format of the language (the contract's `formatDateFor`). */
export const formatCardDate = (lang: ReportLang, date: string) => formatDateFor(lang, date);

/** "Class 5 – A" (a numbered class) or the class's own name. */
export function classLabel(lang: ReportLang, className: string, section: string): string {
  const base = /^\d+$/.test(className) ? WORDS[lang].classNumber(className) : className;
  return section ? `${base} – ${section}` : base;
}

/** A figure as written on the card (at most two decimals, no trailing zeros). */
const num = (n: number) => String(Math.round(n * 100) / 100);
const pct = (n: number | null) => (n === null ? '—' : `${num(n)}%`);

function markText(lang: ReportLang, mark: MarkValue | null, max: number): string {
  if (!mark) return '—';
  if (mark.status === 'absent') return WORDS[lang].absent;
  if (mark.status === 'exempt') return WORDS[lang].exempt;
  return `${num(mark.marks)}/${max}`;
}

/** The result line: Passed, or Needs improvement in <subjects>; null when nothing is counted. */
export function resultLine(lang: ReportLang, card: ReportCard): string | null {
  if (card.result.passed === null) return null;
  if (card.result.passed) return WORDS[lang].passed;
  const names = card.result.failedSubjects.map((id) => subjectNameIn(card.subjects.find((s) => s.subjectId === id) ?? { name: '' }, lang)).filter(Boolean);
  return WORDS[lang].needsImprovement(names.join(', '));
}

/** The grading scale's bands as "A1 91–100" (highest first). */
export function scaleBands(lang: ReportLang, grades: readonly GradeBand[]): string[] {
  const sorted = [...grades].sort((a, b) => b.min - a.min);
  return sorted.map((b, i) => {
    const above = sorted[i - 1];
    if (b.min === 0 && above) return `${b.grade} ${WORDS[lang].below(above.min)}`;
    const upper = above ? Math.max(b.min, Math.ceil(above.min) - 1) : 100;
    return `${b.grade} ${num(b.min)}–${num(upper)}`;
  });
}

// ---------------------------------------------------------------------------------------------
// Drawing

const PAGE = { size: 'A4' as const, margin: 36 };
const HEAD_FILL = '#eef1fa';
/** Room kept at the foot of the last page for signatures and the footer. */
const FOOT = 60;

interface Cell {
  text: string;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'center' | 'right';
}

/** Everything a card is drawn with besides the card. */
export interface CardExtras {
  logo: Buffer | null;
  /** The date made (school-local, ISO). */
  madeOn: string;
}

class CardPainter {
  readonly left = PAGE.margin;
  readonly right: number;
  readonly width: number;
  readonly bottom: number;
  y = PAGE.margin;

  constructor(
    readonly doc: Doc,
    readonly lang: ReportLang,
  ) {
    this.right = doc.page.width - PAGE.margin;
    this.width = this.right - this.left;
    this.bottom = doc.page.height - PAGE.margin;
  }

  /** A new page when `height` does not fit above `reserve` at the foot. */
  ensure(height: number, reserve = 0): void {
    if (this.y + height > this.bottom - reserve) {
      this.doc.addPage();
      this.y = PAGE.margin;
    }
  }

  rule(color = RULE, gap = 6): void {
    this.doc.moveTo(this.left, this.y).lineTo(this.right, this.y).lineWidth(0.7).strokeColor(color).stroke();
    this.y += gap;
  }

  heading(text: string, size: number): void {
    this.ensure(size * LINE_HEIGHT * 3);
    this.y = block(this.doc, text, this.left, this.y, this.width, { size, bold: true, color: ACCENT }) + 2;
  }

  /**
   * A table: column widths, a header row (filled), then rows; cells wrap in their column. A table
   * taller than what is left of the page goes on after a page break, its header repeated.
   */
  table(widths: number[], head: Cell[], rows: Cell[][], size: number): void {
    const pad = size < 8 ? 2.5 : 3;
    const style = (c: Cell, bold = false): TextStyle => ({ size, bold: bold || c.bold, color: c.color ?? INK });
    const heightOfRow = (cells: Cell[], bold = false) =>
      Math.max(...cells.map((c, i) => heightOf(this.doc, c.text || ' ', widths[i]! - 2 * pad, style(c, bold)))) + 2 * pad;
    const draw = (cells: Cell[], fill: string | null, bold: boolean, h: number) => {
      if (fill) this.doc.rect(this.left, this.y, this.width, h).fillColor(fill).fill();
      let x = this.left;
      cells.forEach((c, i) => {
        block(this.doc, c.text, x + pad, this.y + pad, widths[i]! - 2 * pad, style(c, bold), c.align ?? (i === 0 ? 'left' : 'center'));
        x += widths[i]!;
      });
      this.y += h;
      this.doc.moveTo(this.left, this.y).lineTo(this.right, this.y).lineWidth(0.5).strokeColor(RULE).stroke();
    };
    // Each row measured once.
    const headHeight = heightOfRow(head, true);
    const heights = rows.map((row) => heightOfRow(row));
    this.ensure(headHeight + (heights[0] ?? 0));
    draw(head, HEAD_FILL, true, headHeight);
    rows.forEach((row, i) => {
      if (this.y + heights[i]! > this.bottom) {
        this.doc.addPage();
        this.y = PAGE.margin;
        draw(head, HEAD_FILL, true, headHeight);
      }
      draw(row, null, false, heights[i]!);
    });
    this.y += 8;
  }
}

/** Draws one card from the current page on. */
function drawCard(doc: Doc, card: ReportCard, lang: ReportLang, extras: CardExtras): void {
  const w = WORDS[lang];
  const p = new CardPainter(doc, lang);
  const { left, right, width } = p;

  // The school: logo, name, address.
  let textLeft = left;
  let logoBottom = p.y;
  if (extras.logo) {
    try {
      doc.image(extras.logo, left, p.y, { fit: [56, 56] });
      textLeft = left + 66;
      logoBottom = p.y + 56;
    } catch {
      // A logo pdfkit cannot read: the card goes without it.
    }
  }
  let sy = block(doc, card.school.name, textLeft, p.y, right - textLeft, { size: 16, bold: true });
  if (card.school.address) sy = block(doc, card.school.address, textLeft, sy, right - textLeft, { size: 9, color: MUTED });
  p.y = Math.max(sy, logoBottom) + 6;
  p.rule(ACCENT, 8);
  p.y = block(doc, w.title(card.sessionLabel), left, p.y, width, { size: 15, bold: true, color: ACCENT }, 'center') + 4;

  // The student, in two columns of label and value.
  const s = card.student;
  const fields: [string, string][] = [
    [w.student, s.fullName],
    [w.loginId, s.loginId],
    [w.class, classLabel(lang, s.className, s.section)],
    [w.rollNo, s.rollNo === null ? '—' : String(s.rollNo)],
    [w.dateOfBirth, s.dateOfBirth ? formatCardDate(lang, s.dateOfBirth) : '—'],
    [w.parent, s.parentName ?? '—'],
    [w.classTeacher, s.classTeacher ?? '—'],
  ];
  const half = width / 2;
  const labelWidth = 84;
  for (let i = 0; i < fields.length; i += 2) {
    let bottom = p.y;
    for (const [j, f] of [fields[i], fields[i + 1]].entries()) {
      if (!f) continue;
      const x = left + j * half;
      const lb = block(doc, f[0], x, p.y + 1, labelWidth - 6, { size: 8, color: MUTED });
      const vb = block(doc, f[1], x + labelWidth, p.y, half - labelWidth - 6, { size: 9.5, bold: i === 0 && j === 0 });
      bottom = Math.max(bottom, lb, vb);
    }
    p.y = bottom + 1;
  }
  p.y += 4;
  p.rule();

  if (!card.exams.length) {
    p.y += 30;
    p.y = block(doc, w.nothingYet, left, p.y, width, { size: 13, bold: true, color: MUTED }, 'center') + 30;
  } else {
    // The scholastic table: subjects × exams, the final % and grade.
    const exams = card.exams;
    const size = exams.length > 4 || card.subjects.length > 9 ? 7.5 : 8.5;
    const finalWidth = 46;
    const gradeWidth = 36;
    // Exam columns up to 90 pt each; the subject column takes the rest (at least a quarter of the width).
    const examWidth = Math.min(90, (width * 0.75 - finalWidth - gradeWidth) / exams.length);
    const subjectWidth = width - finalWidth - gradeWidth - examWidth * exams.length;
    const widths = [subjectWidth, ...exams.map(() => examWidth), finalWidth, gradeWidth];
    const head: Cell[] = [{ text: w.subject }, ...exams.map((e) => ({ text: `${e.name}\n(${w.weight(e.weight)})` })), { text: w.final }, { text: w.grade }];
    const rows: Cell[][] = card.subjects.map((subject) => {
      const r = card.result.subjects.find((x) => x.subjectId === subject.subjectId);
      return [
        { text: subjectNameIn(subject, lang) },
        ...exams.map((e) => {
          const cell = r?.exams.find((c) => c.examId === e.examId);
          return { text: markText(lang, cell?.mark ?? null, cell?.maxMarks ?? e.maxMarks) };
        }),
        { text: pct(r?.percent ?? null) },
        { text: r?.grade ?? '—', bold: true },
      ];
    });
    const totals = exams.map((e) => card.result.exams.find((t) => t.examId === e.examId));
    rows.push([{ text: w.total, bold: true }, ...totals.map((t) => ({ text: t && t.max > 0 ? `${num(t.obtained)}/${num(t.max)}` : '—', bold: true })), { text: '' }, { text: '' }]);
    rows.push([
      { text: w.percentage, bold: true },
      ...totals.map((t) => ({ text: t?.percent != null ? `${pct(t.percent)} (${t.grade ?? ''})` : '—', bold: true })),
      { text: '' },
      { text: '' },
    ]);
    p.heading(w.scholastic, 10.5);
    p.table(widths, head, rows, size);

    // The overall result.
    const result = resultLine(lang, card);
    const summary: [string, string][] = [
      [w.overall, pct(card.result.percent)],
      [w.grade, card.result.grade ?? '—'],
      [w.result, result ?? '—'],
    ];
    if (card.result.rank !== null && card.classSize !== null) summary.push([w.rank, w.rankOf(card.result.rank, card.classSize)]);
    p.ensure(60);
    const boxTop = p.y;
    const cols = summary.length;
    const colWidth = (width - 16) / cols;
    let boxBottom = boxTop;
    summary.forEach(([label, value], i) => {
      const x = left + 8 + i * colWidth;
      const lb = block(doc, label, x, boxTop + 6, colWidth - 8, { size: 8, color: MUTED });
      const vb = block(doc, value, x, lb, colWidth - 8, { size: i === 2 ? 10 : 12, bold: true });
      boxBottom = Math.max(boxBottom, vb);
    });
    doc.roundedRect(left, boxTop, width, boxBottom - boxTop + 6, 5).lineWidth(1).strokeColor(ACCENT).stroke();
    p.y = boxBottom + 16;

    // Co-scholastic areas × terms, and attendance per term.
    const termOf = (examId: string) => card.terms.find((t) => t.examId === examId);
    const termWidth = Math.min(110, (width * 0.7) / exams.length);
    const termWidths = [width - termWidth * exams.length, ...exams.map(() => termWidth)];
    const termHead: Cell[] = [{ text: w.area }, ...exams.map((e) => ({ text: e.name }))];
    const coRows: Cell[][] = card.coAreas.map((area) => [{ text: w.areas[area] }, ...exams.map((e) => ({ text: termOf(e.examId)?.co[area] ?? '—', bold: true }))]);
    coRows.push([
      { text: w.attendance },
      ...exams.map((e) => {
        const a = termOf(e.examId)?.attendance;
        return { text: a && a.marked > 0 ? `${w.daysOf(a.attended, a.marked)} (${pct(a.percent)})` : '—' };
      }),
    ]);
    p.heading(w.coScholastic, 10.5);
    p.table(termWidths, termHead, coRows, size);

    // The class teacher's remarks, per term.
    const remarks = exams.flatMap((e) => {
      const r = termOf(e.examId)?.remark;
      return r ? [`${e.name}: ${r}`] : [];
    });
    if (remarks.length) {
      p.heading(w.remarks, 10.5);
      for (const r of remarks) {
        p.ensure(heightOf(doc, r, width, { size: 9 }));
        p.y = block(doc, r, left, p.y, width, { size: 9 }) + 2;
      }
      p.y += 6;
    }
  }

  // The grading scale.
  const scale = `${w.scale}: ${scaleBands(lang, card.grades).join('   ·   ')}.   ${w.passMark(card.passPercent)}`;
  p.ensure(heightOf(doc, scale, width, { size: 8 }) + FOOT);
  p.y = block(doc, scale, left, p.y, width, { size: 8, color: MUTED }) + 4;

  // Signatures and the footer at the foot of the page.
  const signY = Math.max(p.y + 26, p.bottom - 34);
  const third = width / 3;
  [w.signatures.teacher, w.signatures.principal, w.signatures.parent].forEach((label, i) => {
    const x = left + i * third + 12;
    doc
      .moveTo(x, signY)
      .lineTo(x + third - 24, signY)
      .lineWidth(0.7)
      .strokeColor(INK)
      .stroke();
    block(doc, label, x, signY + 3, third - 24, { size: 8.5, color: MUTED }, 'center');
  });
  block(doc, w.madeOn(formatCardDate(lang, extras.madeOn)), left, signY + 18, width, { size: 7.5, color: MUTED }, 'center');
}

/**
 * Draws cards into one PDF, each from a new page. Yields to the event loop between cards, so a
 * class's batch does not hold the process for its whole length.
 */
export async function renderReportCards(cards: readonly ReportCard[], lang: ReportLang, extras: CardExtras, title: string): Promise<Buffer> {
  const { doc, done } = await newPdf({
    size: PAGE.size,
    // The page's own margins: the painter places everything; pdfkit must never break a page by itself.
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 0 },
    autoFirstPage: true,
    lang: lang === 'hi' ? 'hi-IN' : 'en-IN',
    displayTitle: true,
    info: { Title: title, Author: cards[0]?.school.name ?? 'Shala', Creator: 'Shala', Subject: WORDS[lang].title(cards[0]?.sessionLabel ?? '') },
  });
  for (const [i, card] of cards.entries()) {
    if (i > 0) {
      doc.addPage();
      await new Promise((resolve) => setImmediate(resolve));
    }
    drawCard(doc, card, lang, extras);
  }
  doc.end();
  return done;
}

/** One card as a PDF with a file name (ASCII-safe: the student's login id). */
export async function renderReportCard(card: ReportCard, lang: ReportLang, extras: CardExtras): Promise<{ fileName: string; pdf: Buffer }> {
  const title = `${WORDS[lang].title(card.sessionLabel)} – ${card.student.fullName}`;
  const pdf = await renderReportCards([card], lang, extras, title);
  return { fileName: `report-card-${card.student.loginId}-${card.sessionLabel}-${lang}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_'), pdf };
}

export const reportWords = WORDS;
