import { and, asc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MASTER_CLASSES, amountInWords, cashRounded, formatDateFor, formatRupees, type PaymentMode, type ReceiptLayout } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { academicSessions, classStudents, classes, feeInstalments, feePayments, feeRecords, files, schools, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { ACCENT, ASCENT, INK, LINE_HEIGHT, MUTED, RED, RULE, block, heightOf, lineWidth, newPdf, readLogo, type Doc, type TextStyle } from '../../pdf/text.js';
import { addressLine } from '../../pdf/address.js';
import { feesPolicy } from '../../policy/fees.js';
import { scopeOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import type { Storage } from '../../adapters/storage/index.js';
import { localDate } from '../calendar/index.js';
import { fullName } from '../users/service.js';

/**
 * The PDF receipt of a payment (`GET /api/fee/receipt/:paymentId?lang=&layout=`), or of every
 * payment of a batch on one receipt (`GET /api/fee/receipt/batch/:batchId`: one collection at the
 * fee counter), in English or Hindi: one statement reads the payments with everything the receipt
 * shows and decides access (admins: any payment of their school; a parent: its children's; a
 * student: its own; else 404), then the school's logo is read from the uploads (when it is a JPEG
 * or PNG of that school), and pdfkit draws an A5 page, or an 80 mm thermal roll as long as the
 * receipt (the fee counter's printer).
 *
 * Each payment is a line (its instalment, its receipt number when there are several, its amount),
 * its late fee a line of its own; the total is in figures and in words. A reversed payment stays
 * on the receipt, marked, with the date, who and why.
 *
 * Fonts and text (`pdf/text.ts`): Noto Sans (Latin) and Noto Sans Devanagari, embedded (subsets) from
 * `apps/server/assets/fonts/` (OFL, `OFL.txt`). Neither covers the other's script, so every text
 * is cut into runs by script and each run drawn in its font; fontkit (pdfkit's) shapes the
 * Devanagari runs (conjuncts, reph, pre-base matras) with the font's OpenType tables.
 */

export type ReceiptLang = 'en' | 'hi';

// ---------------------------------------------------------------------------------------------
// Reading the payments

const student = alias(users, 'student');
const receiver = alias(users, 'receiver');
const reverser = alias(users, 'reverser');

/** One payment on a receipt. */
export interface ReceiptLine {
  receiptNo: number;
  seq: number;
  /** The instalment's due date (null once a new plan replaced the instalment after a reversal). */
  dueDate: string | null;
  amount: number;
  /** The late fee paid with it (0: none). */
  lateFee: number;
  /** Reversed: on which school-local date, by whom, why. */
  reversed: { on: string; by: string | null; reason: string } | null;
}

/** What a receipt shows: the payments of one student, made together (one mode, day and hand). */
export interface ReceiptData {
  school: {
    name: string;
    address: string | null;
    city: string | null;
    district: string | null;
    state: string | null;
    zipCode: string | null;
    phone: string | null;
    email: string | null;
  };
  /** JPEG or PNG bytes of the school's logo, or null. */
  logo: Buffer | null;
  sessionLabel: string;
  paidOn: string;
  mode: PaymentMode;
  reference: string | null;
  receivedBy: string | null;
  student: { fullName: string; loginId: string; rollNo: number | null; masterClass: string; section: string };
  /** By receipt number; at least one. */
  lines: ReceiptLine[];
}

/** Which payments a receipt prints: one, or every payment of a batch. */
export type ReceiptOf = { paymentId: string } | { batchId: string };

/**
 * The receipt of a payment or a batch as the caller may see it: one statement (the payments, their
 * record, student, class place, instalments, session, school, logo file, who received and reversed
 * them, with the caller's access in its WHERE), then the logo's bytes. Anyone else: 404.
 */
export async function loadReceipt(deps: Pick<Deps, 'data'>, storage: Storage, caller: Caller, of: ReceiptOf): Promise<ReceiptData> {
  const scope = scopeOf(caller);
  const db = tenantDb(deps, scope);
  const which: SQL = 'paymentId' in of ? eq(feePayments.id, of.paymentId) : eq(feePayments.batchId, of.batchId);
  const rows = await db
    .select({
      p: {
        receiptNo: feePayments.receiptNo,
        amount: feePayments.amount,
        lateFee: feePayments.lateFee,
        mode: feePayments.mode,
        reference: feePayments.reference,
        paidOn: feePayments.paidOn,
        seq: feePayments.seq,
        reversedAt: feePayments.reversedAt,
        reversalReason: feePayments.reversalReason,
      },
      school: {
        name: schools.name,
        address: schools.address,
        city: schools.city,
        district: schools.district,
        state: schools.state,
        zipCode: schools.zipCode,
        phone: schools.phone,
        email: schools.email,
        timeZone: schools.timeZone,
      },
      logo: files.name,
      sessionLabel: academicSessions.label,
      student: { firstName: student.firstName, lastName: student.lastName, loginId: student.loginId },
      rollNo: classStudents.rollNo,
      masterClass: classes.masterClass,
      section: classes.section,
      dueDate: feeInstalments.dueDate,
      receiver: { firstName: receiver.firstName, lastName: receiver.lastName },
      reverser: { firstName: reverser.firstName, lastName: reverser.lastName },
    })
    .from(feePayments)
    .innerJoin(feeRecords, and(eq(feeRecords.schoolId, feePayments.schoolId), eq(feeRecords.id, feePayments.feeRecordId)))
    .innerJoin(student, eq(student.id, feeRecords.studentId))
    .innerJoin(schools, eq(schools.id, feePayments.schoolId))
    .innerJoin(academicSessions, and(eq(academicSessions.schoolId, feePayments.schoolId), eq(academicSessions.id, feePayments.sessionId)))
    .innerJoin(classes, eq(classes.id, feeRecords.classId))
    .leftJoin(
      classStudents,
      and(
        eq(classStudents.schoolId, feeRecords.schoolId),
        eq(classStudents.sessionId, feeRecords.sessionId),
        eq(classStudents.studentId, feeRecords.studentId),
        eq(classStudents.classId, feeRecords.classId),
      ),
    )
    .leftJoin(feeInstalments, and(eq(feeInstalments.schoolId, feePayments.schoolId), eq(feeInstalments.id, feePayments.instalmentId)))
    .leftJoin(files, and(eq(files.name, schools.image), eq(files.schoolId, schools.id)))
    .leftJoin(receiver, eq(receiver.id, feePayments.receivedBy))
    .leftJoin(reverser, eq(reverser.id, feePayments.reversedBy))
    .where(
      and(
        eq(feePayments.schoolId, scope),
        which,
        // Admins and the payment's family only.
        feesPolicy.receiptWhere(caller, { parentOf: student.parentUserId, studentId: feeRecords.studentId }),
      ),
    )
    .orderBy(asc(feePayments.receiptNo));
  const row = rows[0];
  if (!row) throw notFound('Payment');

  const name = (u: { firstName: string | null; lastName: string | null } | null) =>
    u && u.firstName !== null ? fullName({ firstName: u.firstName, lastName: u.lastName ?? '' }) : null;
  return {
    school: {
      name: row.school.name,
      address: row.school.address,
      city: row.school.city,
      district: row.school.district,
      state: row.school.state,
      zipCode: row.school.zipCode,
      phone: row.school.phone,
      email: row.school.email,
    },
    logo: await readLogo(storage, row.logo),
    sessionLabel: row.sessionLabel,
    paidOn: row.p.paidOn,
    mode: row.p.mode as PaymentMode,
    reference: row.p.reference,
    receivedBy: name(row.receiver),
    student: { fullName: fullName(row.student), loginId: row.student.loginId, rollNo: row.rollNo, masterClass: row.masterClass, section: row.section },
    lines: rows.map((r) => ({
      receiptNo: r.p.receiptNo,
      seq: r.p.seq,
      dueDate: r.dueDate,
      amount: r.p.amount,
      lateFee: r.p.lateFee,
      reversed: r.p.reversedAt ? { on: localDate(r.school.timeZone, r.p.reversedAt), by: name(r.reverser), reason: r.p.reversalReason ?? '' } : null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Words of the receipt

const WORDS = {
  en: {
    title: 'Fee receipt',
    receiptNo: 'Receipt no.',
    date: 'Date',
    session: 'Session',
    student: 'Student',
    loginId: 'Login ID',
    class: 'Class',
    classNumber: (n: string) => `Class ${n}`,
    rollNo: 'Roll no.',
    instalment: 'Instalment',
    instalmentNo: (seq: number) => `Instalment ${seq}`,
    due: (date: string) => `due ${date}`,
    lateFee: 'Late fee',
    amount: 'Amount received',
    inWords: 'In words',
    mode: 'Payment mode',
    cashTaken: 'Cash taken (rounded to the rupee)',
    reference: 'Reference',
    receivedBy: 'Received by',
    modes: { cash: 'Cash', upi: 'UPI', cheque: 'Cheque', bank_transfer: 'Bank transfer', online: 'Online' } satisfies Record<PaymentMode, string>,
    reversed: 'REVERSED',
    reversedOn: (date: string) => `This payment was reversed on ${date}.`,
    reversedBy: 'Reversed by',
    reason: 'Reason',
    phone: 'Phone',
    email: 'Email',
    footer: 'This is a computer-generated receipt and needs no signature.',
  },
  hi: {
    title: 'शुल्क रसीद',
    receiptNo: 'रसीद सं.',
    date: 'दिनांक',
    session: 'सत्र',
    student: 'विद्यार्थी',
    loginId: 'लॉगिन आईडी',
    class: 'कक्षा',
    classNumber: (n: string) => `कक्षा ${n}`,
    rollNo: 'अनुक्रमांक',
    instalment: 'किस्त',
    instalmentNo: (seq: number) => `किस्त ${seq}`,
    due: (date: string) => `नियत तिथि ${date}`,
    lateFee: 'विलंब शुल्क',
    amount: 'प्राप्त राशि',
    inWords: 'शब्दों में',
    mode: 'भुगतान का माध्यम',
    cashTaken: 'ली गई नकद राशि (पूरे रुपये में)',
    reference: 'संदर्भ',
    receivedBy: 'प्राप्तकर्ता',
    modes: { cash: 'नकद', upi: 'UPI', cheque: 'चेक', bank_transfer: 'बैंक ट्रांसफ़र', online: 'ऑनलाइन' } satisfies Record<PaymentMode, string>,
    reversed: 'वापस किया गया',
    reversedOn: (date: string) => `यह भुगतान ${date} को वापस किया गया।`,
    reversedBy: 'वापस करने वाले',
    reason: 'कारण',
    phone: 'फ़ोन',
    email: 'ईमेल',
    footer: 'यह कंप्यूटर से बनी रसीद है, इस पर हस्ताक्षर की आवश्यकता नहीं है।',
  },
} as const;

const formatDate = (lang: ReceiptLang, date: string) => formatDateFor(lang, date);

function className(lang: ReceiptLang, masterClass: string, section: string): string {
  const master = MASTER_CLASSES.find((c) => c.code === masterClass);
  const base = /^\d+$/.test(masterClass) ? WORDS[lang].classNumber(masterClass) : master ? (lang === 'hi' ? master.nameHi : master.name) : masterClass;
  return `${base} – ${section}`;
}

/** The receipt numbers: one, a run (12–14), or a list. */
function receiptNos(lines: readonly ReceiptLine[]): string {
  const nos = lines.map((l) => l.receiptNo);
  if (nos.length === 1) return String(nos[0]);
  const run = nos.every((n, i) => i === 0 || n === nos[i - 1]! + 1);
  return run ? `${nos[0]}–${nos.at(-1)}` : nos.join(', ');
}

/** What the receipt shows of the student, its class and each line, in the reader's words. */
function texts(data: ReceiptData, lang: ReceiptLang) {
  const w = WORDS[lang];
  const classText = className(lang, data.student.masterClass, data.student.section);
  const several = data.lines.length > 1;
  return {
    w,
    classLine: data.student.rollNo !== null ? `${classText}   ·   ${w.rollNo} ${data.student.rollNo}` : classText,
    total: data.lines.reduce((sum, l) => sum + l.amount + l.lateFee, 0),
    /** Cash is taken in whole rupees (`cashRounded`): what was taken, when the total has paise (else null). */
    cashTaken: (() => {
      const total = data.lines.reduce((sum, l) => sum + l.amount + l.lateFee, 0);
      return data.mode === 'cash' && cashRounded(total) !== total ? cashRounded(total) : null;
    })(),
    /** Every line reversed: the whole receipt is. */
    allReversed: data.lines.every((l) => l.reversed),
    lines: data.lines.map((l) => ({
      line: l,
      label: l.dueDate ? `${w.instalmentNo(l.seq)}   ·   ${w.due(formatDate(lang, l.dueDate))}` : w.instalmentNo(l.seq),
      note: several ? `${w.receiptNo} ${l.receiptNo}${l.reversed ? `   ·   ${w.reversed}` : ''}` : null,
    })),
    /** A reversed line's notice (its receipt number first when there are several). */
    reversal: (l: ReceiptLine) => `${several ? `${w.receiptNo} ${l.receiptNo}: ` : ''}${w.reversedOn(formatDate(lang, l.reversed!.on))}`,
  };
}

// ---------------------------------------------------------------------------------------------
// A5

const PAGE = { size: 'A5' as const, margin: 34 };

function rule(doc: Doc, y: number, color = RULE): number {
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(doc.page.width - PAGE.margin, y)
    .lineWidth(0.7)
    .strokeColor(color)
    .stroke();
  return y + 8;
}

/** Draws the receipt on A5 pages (one, unless a batch has many lines); resolves with the PDF's bytes. */
async function renderA5(data: ReceiptData, lang: ReceiptLang): Promise<Buffer> {
  const { w, classLine, total, allReversed, lines, reversal, cashTaken } = texts(data, lang);
  const { doc, done } = await newPdf({
    size: PAGE.size,
    margin: PAGE.margin,
    lang: lang === 'hi' ? 'hi-IN' : 'en-IN',
    displayTitle: true,
    info: { Title: `${w.title} ${receiptNos(data.lines)} – ${data.school.name}`, Author: data.school.name, Creator: 'Shala', Subject: w.title },
  });

  const left = PAGE.margin;
  const right = doc.page.width - PAGE.margin;
  const width = right - left;
  const bottom = () => doc.page.height - PAGE.margin - 34;
  let y = PAGE.margin;
  /** A new page when `height` more does not fit above the footer. */
  const room = (height: number) => {
    if (y + height <= bottom()) return;
    doc.addPage();
    y = PAGE.margin;
  };

  // The school: logo, name, address, contacts.
  let textLeft = left;
  let logoBottom = y;
  if (data.logo) {
    try {
      doc.image(data.logo, left, y, { fit: [54, 54] });
      textLeft = left + 64;
      logoBottom = y + 54;
    } catch {
      // A logo pdfkit cannot read (an unusual PNG): the receipt goes without it.
    }
  }
  const schoolWidth = right - textLeft;
  let sy = block(doc, data.school.name, textLeft, y, schoolWidth, { size: 14, bold: true });
  const address = addressLine(data.school);
  if (address) sy = block(doc, address, textLeft, sy, schoolWidth, { size: 8.5, color: MUTED });
  const contacts = [data.school.phone && `${w.phone}: ${data.school.phone}`, data.school.email && `${w.email}: ${data.school.email}`].filter(Boolean).join('    ');
  if (contacts) sy = block(doc, contacts, textLeft, sy, schoolWidth, { size: 8.5, color: MUTED });
  y = rule(doc, Math.max(sy, logoBottom) + 6, ACCENT);

  // Title; receipt number(s) and session on the left, the date on the right.
  y = block(doc, w.title, left, y, width, { size: 16, bold: true, color: ACCENT }, 'center') + 2;
  const half = width / 2;
  const label = { size: 8, color: MUTED };
  const value = { size: 10.5, bold: true };
  block(doc, w.date, left + half, y, half, label, 'right');
  block(doc, formatDate(lang, data.paidOn), left + half, y + 12, half, value, 'right');
  block(doc, w.receiptNo, left, y, half, label);
  y = block(doc, receiptNos(data.lines), left, y + 12, half, value) + 4;
  block(doc, w.session, left, y, half, label);
  y = block(doc, data.sessionLabel, left, y + 12, half, value);
  y = rule(doc, y + 4);

  // The student, as rows of label and value.
  const labelWidth = 96;
  const field = (name: string, text: string, style: TextStyle = { size: 10 }) => {
    const labelBottom = block(doc, name, left, y + (style.size - 8.5) * ASCENT, labelWidth - 6, { size: 8.5, color: MUTED });
    const valueBottom = block(doc, text, left + labelWidth, y, width - labelWidth, style);
    y = Math.max(labelBottom, valueBottom) + 2;
  };
  field(w.student, data.student.fullName, { size: 10.5, bold: true });
  field(w.loginId, data.student.loginId);
  field(w.class, classLine);
  y = rule(doc, y + 4);

  // The lines: each instalment and its amount, its late fee below it.
  const amountWidth = 96;
  const textWidth = width - amountWidth - 8;
  const row = (text: string, amount: number, style: TextStyle, note: string | null, indent = 0) => {
    const height = heightOf(doc, text, textWidth - indent, style) + (note ? 8 * LINE_HEIGHT : 0);
    room(height + 2);
    // The text, then its amount (so the line reads, and copies, in order), then the note below.
    let ty = block(doc, text, left + indent, y, textWidth - indent, style);
    block(doc, formatRupees(amount), right - amountWidth, y, amountWidth, style, 'right');
    if (note) ty = block(doc, note, left + indent, ty, textWidth - indent, { size: 8, color: note.includes(w.reversed) ? RED : MUTED });
    y = ty + 2;
  };
  for (const { line, label: text, note } of lines) {
    row(text, line.amount, { size: 10, color: line.reversed && !allReversed ? MUTED : INK }, note);
    if (line.lateFee > 0) row(w.lateFee, line.lateFee, { size: 9.5, color: MUTED }, null, 12);
  }
  y = rule(doc, y + 4);

  // The total, in figures and in words.
  const inner = width - 20;
  const wordsText = `${w.inWords}: ${amountInWords(total, lang)}`;
  const wordsStyle = { size: 9.5 };
  const boxHeight = 12 + 8 * LINE_HEIGHT + 18 * LINE_HEIGHT + heightOf(doc, wordsText, inner, wordsStyle) + 6;
  room(boxHeight + 10);
  const boxTop = y;
  doc.roundedRect(left, boxTop, width, boxHeight, 6).fillColor('#eef1fa').fill();
  let by = block(doc, w.amount, left + 10, boxTop + 10, inner, { size: 8.5, color: MUTED });
  by = block(doc, formatRupees(total), left + 10, by, inner, { size: 18, bold: true, color: allReversed ? MUTED : INK });
  block(doc, wordsText, left + 10, by, inner, wordsStyle);
  y = boxTop + boxHeight + 10;

  room(4 * 16);
  field(w.mode, w.modes[data.mode]);
  if (cashTaken !== null) field(w.cashTaken, formatRupees(cashTaken));
  if (data.reference) field(w.reference, data.reference);
  if (data.receivedBy) field(w.receivedBy, data.receivedBy);

  // Reversed payments: the date, who and why in a red box; a stamp across the page when all are.
  for (const line of data.lines.filter((l) => l.reversed)) {
    const red = { size: 9, color: RED };
    const notice = reversal(line);
    const by = line.reversed!.by ? `${w.reversedBy}: ${line.reversed!.by}` : null;
    const why = `${w.reason}: ${line.reversed!.reason}`;
    room(8 + heightOf(doc, notice, inner, { size: 10, bold: true }) + (by ? heightOf(doc, by, inner, red) : 0) + heightOf(doc, why, inner, red) + 20);
    y += 8;
    const top = y;
    let ry = block(doc, notice, left + 10, top + 8, inner, { size: 10, bold: true, color: RED });
    if (by) ry = block(doc, by, left + 10, ry, inner, red);
    ry = block(doc, why, left + 10, ry, inner, red);
    doc.roundedRect(left, top, width, ry - top + 6, 6).lineWidth(1.2).strokeColor(RED).stroke();
    y = ry + 14;
  }
  if (allReversed) {
    const stamp = { size: 44, bold: true, color: RED };
    const stampWidth = lineWidth(doc, w.reversed, stamp);
    doc.save();
    doc.rotate(-24, { origin: [doc.page.width / 2, doc.page.height / 2] });
    doc.opacity(0.16);
    block(doc, w.reversed, doc.page.width / 2 - stampWidth / 2, doc.page.height / 2 - stamp.size * 0.8, stampWidth + 1, stamp);
    doc.restore();
  }

  // The footer, at the foot of the page.
  const footerY = Math.max(y + 8, doc.page.height - PAGE.margin - 26);
  block(doc, w.footer, left, rule(doc, footerY), width, { size: 8, color: MUTED }, 'center');

  doc.end();
  return done;
}

// ---------------------------------------------------------------------------------------------
// An 80 mm thermal roll

/** 80 mm paper (226.77 pt), about 72 mm printed: a page exactly as long as the receipt. */
export const THERMAL = { width: (80 / 25.4) * 72, margin: 10 } as const;

/** A piece of the roll: its height at the roll's width, and how it draws from a y. */
interface Piece {
  height(doc: Doc): number;
  draw(doc: Doc, y: number): void;
}

/** Draws the receipt on one page of an 80 mm roll, measured first; black only (thermal printers have no grey). */
async function renderThermal(data: ReceiptData, lang: ReceiptLang): Promise<Buffer> {
  const { w, classLine, total, lines, reversal, cashTaken } = texts(data, lang);
  const { doc, done } = await newPdf({
    autoFirstPage: false,
    lang: lang === 'hi' ? 'hi-IN' : 'en-IN',
    displayTitle: true,
    info: { Title: `${w.title} ${receiptNos(data.lines)} – ${data.school.name}`, Author: data.school.name, Creator: 'Shala', Subject: w.title },
  });
  const left = THERMAL.margin;
  const width = THERMAL.width - 2 * THERMAL.margin;
  const ink = '#000000';
  const small: TextStyle = { size: 7.5, color: ink };
  const normal: TextStyle = { size: 8.5, color: ink };
  const bold: TextStyle = { size: 8.5, bold: true, color: ink };

  const text = (t: string, style: TextStyle, align: 'left' | 'center' | 'right' = 'left'): Piece => ({
    height: (d) => heightOf(d, t, width, style),
    draw: (d, y) => void block(d, t, left, y, width, style, align),
  });
  /** A label on the left, its value on the right (wrapping in the right part when long). */
  const pair = (label: string, value: string, style: TextStyle = normal, valueShare = 0.55, indent = 0): Piece => {
    const valueWidth = width * valueShare;
    const labelWidth = width - valueWidth - 4 - indent;
    return {
      height: (d) => Math.max(heightOf(d, label, labelWidth, style), heightOf(d, value, valueWidth, style)),
      draw: (d, y) => {
        block(d, label, left + indent, y, labelWidth, style);
        block(d, value, left + width - valueWidth, y, valueWidth, style, 'right');
      },
    };
  };
  const line = (dashed: boolean): Piece => ({
    height: () => 8,
    draw: (d, y) => {
      d.save();
      if (dashed) d.dash(2, { space: 2 });
      d.moveTo(left, y + 4)
        .lineTo(left + width, y + 4)
        .lineWidth(0.6)
        .strokeColor(ink)
        .stroke();
      d.restore();
    },
  });
  const gap = (h: number): Piece => ({ height: () => h, draw: () => undefined });

  const pieces: Piece[] = [text(data.school.name, { size: 11, bold: true, color: ink }, 'center')];
  const address = addressLine(data.school);
  if (address) pieces.push(text(address, small, 'center'));
  if (data.school.phone) pieces.push(text(`${w.phone}: ${data.school.phone}`, small, 'center'));
  pieces.push(line(true), text(w.title, { size: 10, bold: true, color: ink }, 'center'), gap(2));
  pieces.push(pair(w.receiptNo, receiptNos(data.lines), bold), pair(w.date, formatDate(lang, data.paidOn)), pair(w.session, data.sessionLabel), line(true));
  pieces.push(text(data.student.fullName, bold), pair(w.loginId, data.student.loginId), text(classLine, normal), line(true));
  for (const { line: l, label, note } of lines) {
    pieces.push(pair(label, formatRupees(l.amount), normal, 0.3));
    if (note) pieces.push(text(note, small));
    if (l.lateFee > 0) pieces.push(pair(w.lateFee, formatRupees(l.lateFee), normal, 0.3, 10));
    pieces.push(gap(2));
  }
  pieces.push(line(false), pair(w.amount, formatRupees(total), { size: 10, bold: true, color: ink }, 0.45), text(`${w.inWords}: ${amountInWords(total, lang)}`, small), line(true));
  pieces.push(pair(w.mode, w.modes[data.mode]));
  if (cashTaken !== null) pieces.push(pair(w.cashTaken, formatRupees(cashTaken)));
  if (data.reference) pieces.push(pair(w.reference, data.reference));
  if (data.receivedBy) pieces.push(pair(w.receivedBy, data.receivedBy));
  for (const l of data.lines.filter((x) => x.reversed)) {
    pieces.push(gap(4), text(`${w.reversed}: ${reversal(l)}`, bold));
    if (l.reversed!.by) pieces.push(text(`${w.reversedBy}: ${l.reversed!.by}`, small));
    pieces.push(text(`${w.reason}: ${l.reversed!.reason}`, small));
  }
  pieces.push(line(true), text(w.footer, small, 'center'));

  const height = THERMAL.margin * 2 + pieces.reduce((sum, p) => sum + p.height(doc), 0);
  doc.addPage({ size: [THERMAL.width, Math.ceil(height)], margin: THERMAL.margin });
  let y = THERMAL.margin;
  for (const piece of pieces) {
    const h = piece.height(doc);
    piece.draw(doc, y);
    y += h;
  }
  doc.end();
  return done;
}

/** Draws the receipt in a layout; resolves with the PDF's bytes. */
export function renderReceipt(data: ReceiptData, lang: ReceiptLang, layout: ReceiptLayout = 'a5'): Promise<Buffer> {
  return layout === 'thermal' ? renderThermal(data, lang) : renderA5(data, lang);
}

/** The receipt of a payment or a batch for the caller, as a PDF, with its file name. */
export async function receiptPdf(deps: Pick<Deps, 'data'>, storage: Storage, caller: Caller, of: ReceiptOf, q: { lang: ReceiptLang; layout: ReceiptLayout }) {
  const data = await loadReceipt(deps, storage, caller, of);
  const nos = receiptNos(data.lines).replace(/\D+/g, '-');
  return { fileName: `receipt-${nos}${q.layout === 'thermal' ? '-80mm' : ''}.pdf`, pdf: await renderReceipt(data, q.lang, q.layout) };
}

/** Cuts text into runs by script (kept here for the receipt's tests; it lives in `pdf/text.ts`). */
export { scriptRuns } from '../../pdf/text.js';
