import { sql } from 'drizzle-orm';
import { formatDateFor, type SubstitutionDay } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { INK, LINE_HEIGHT, MUTED, RULE, block, heightOf, newPdf, type Doc, type TextStyle } from '../../pdf/text.js';
import { schoolOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { rowsOf } from '../../db/rows.js';
import { substitutionDay } from './substitutions.js';

/**
 * The arrangement register of a date (issue 42): an A4 page (more when long) for the staff room, in
 * English or Hindi: the school, the date, and a row per arrangement (period, class, subject, the
 * teacher away, the substitute) with a column for the substitute's signature; a half of an exchange
 * names its present teacher marked as such. A day without
 * arrangements says so. Fonts and scripts: `pdf/text.ts`.
 */

export type RegisterLang = 'en' | 'hi';

const WORDS = {
  en: {
    title: 'Arrangement register',
    columns: ['Period', 'Class', 'Subject', 'Teacher away', 'Substitute', 'Signature'],
    none: 'No arrangements on this date.',
    printed: (n: number) => `${n} arrangement${n === 1 ? '' : 's'}`,
    exchange: 'present, exchange',
  },
  hi: {
    title: 'व्यवस्था रजिस्टर',
    columns: ['कालांश', 'कक्षा', 'विषय', 'अनुपस्थित शिक्षक', 'स्थानापन्न शिक्षक', 'हस्ताक्षर'],
    none: 'इस तिथि को कोई व्यवस्था नहीं है।',
    printed: (n: number) => `${n} व्यवस्था`,
    exchange: 'उपस्थित, अदला-बदली',
  },
} as const;

const MARGIN = 40;
const BODY: TextStyle = { size: 9.5 };
const HEAD: TextStyle = { size: 9.5, bold: true };
/** The columns' shares of the page's width. */
const SHARES = [0.14, 0.12, 0.16, 0.2, 0.2, 0.18];

/** The register's rows: the saved arrangements, by period then class. */
const arranged = (day: SubstitutionDay) => day.periods.filter((p) => p.substitute !== null);

export async function renderRegister(school: string, day: SubstitutionDay, lang: RegisterLang): Promise<Buffer> {
  const w = WORDS[lang];
  const { doc, done } = await newPdf({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    lang: lang === 'hi' ? 'hi-IN' : 'en-IN',
    displayTitle: true,
    info: { Title: `${w.title} ${day.date}`, Author: school, Creator: 'Shala' },
  });
  const width = doc.page.width - 2 * MARGIN;
  const widths = SHARES.map((s) => s * width);
  let y = MARGIN;
  y = block(doc, school, MARGIN, y, width, { size: 15, bold: true, color: INK }, 'center');
  y = block(doc, `${w.title}: ${formatDateFor(lang, day.date)}`, MARGIN, y + 2, width, { size: 12, color: INK }, 'center');
  y += 12;
  const rows = arranged(day);
  if (rows.length === 0) {
    block(doc, w.none, MARGIN, y, width, { ...BODY, color: MUTED });
    doc.end();
    return done;
  }
  const row = (doc: Doc, cells: readonly string[], style: TextStyle, top: number, minHeight: number) => {
    const height = Math.max(minHeight, ...cells.map((c, i) => heightOf(doc, c, widths[i]! - 8, style))) + 8;
    let x = MARGIN;
    cells.forEach((c, i) => {
      block(doc, c, x + 4, top + 4, widths[i]! - 8, style);
      doc.rect(x, top, widths[i]!, height).lineWidth(0.5).strokeColor(RULE).stroke();
      x += widths[i]!;
    });
    return top + height;
  };
  y = row(doc, w.columns, HEAD, y, 0);
  const signatureRoom = BODY.size * LINE_HEIGHT * 2;
  for (const p of rows) {
    const cells = [`${p.periodName} (${p.startTime}–${p.endTime})`, `${p.class.className} ${p.class.section}`.trim(), p.subjectName, p.away === 'present' ? `${p.absentTeacherName} (${w.exchange})` : p.absentTeacherName, p.substitute!.fullName, ''];
    const height = Math.max(signatureRoom, ...cells.map((c, i) => heightOf(doc, c, widths[i]! - 8, BODY))) + 8;
    if (y + height > doc.page.height - MARGIN) {
      doc.addPage();
      y = row(doc, w.columns, HEAD, MARGIN, 0);
    }
    y = row(doc, cells, BODY, y, signatureRoom);
  }
  block(doc, w.printed(rows.length), MARGIN, y + 8, width, { ...BODY, color: MUTED });
  doc.end();
  return done;
}

/**
 * `GET substitutions/register?date=&lang=`: the date's arrangements as a PDF (the page's statements and the school's name).
 * Who may print it is the page's check (`substitutionDay`: `staffPolicy.assertMayArrange`, a teacher only with the duty).
 */
export async function substitutionRegisterPdf(deps: Deps, caller: Caller, q: { date: string; lang: RegisterLang }): Promise<Buffer> {
  const schoolId = schoolOf(caller);
  const [day, rows] = await Promise.all([
    substitutionDay(deps, caller, q.date),
    tenantDb(deps, schoolId).execute(sql`select name from schools where id = ${schoolId}`),
  ]);
  return renderRegister(rowsOf<{ name: string }>(rows)[0]?.name ?? '', day, q.lang);
}
