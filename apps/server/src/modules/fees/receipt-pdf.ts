import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MASTER_CLASSES, amountInWords, formatDateFor, formatRupees, type PaymentMode } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { academicSessions, classStudents, classes, feeInstalments, feePayments, feeRecords, files, schools, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { ACCENT, ASCENT, INK, LINE_HEIGHT, MUTED, RED, RULE, block, heightOf, lineWidth, newPdf, readLogo, type Doc, type TextStyle } from '../../pdf/text.js';
import { addressLine } from '../../pdf/address.js';
import { feesPolicy } from '../../policy/fees.js';
import { scopeOf, tenantDb } from '../../policy/index.js';
import type { Storage } from '../../storage/index.js';
import { localDate } from '../calendar/index.js';
import { fullName } from '../users/service.js';

/**
 * The PDF receipt of a payment, in English or Hindi (`GET /api/fee/receipt/:paymentId?lang=`):
 * one statement reads the payment with everything the receipt shows and decides access (admins:
 * any payment of their school; a parent: its children's; a student: its own; else 404), then the
 * school's logo is read from the uploads (when it is a JPEG or PNG of that school), and pdfkit
 * draws an A5 page.
 *
 * Fonts and text (`pdf/text.ts`): Noto Sans (Latin) and Noto Sans Devanagari, embedded (subsets) from
 * `apps/server/assets/fonts/` (OFL, `OFL.txt`). Neither covers the other's script, so every text
 * is cut into runs by script and each run drawn in its font; fontkit (pdfkit's) shapes the
 * Devanagari runs (conjuncts, reph, pre-base matras) with the font's OpenType tables.
 */

export type ReceiptLang = 'en' | 'hi';

// ---------------------------------------------------------------------------------------------
// Reading the payment

const student = alias(users, 'student');
const receiver = alias(users, 'receiver');
const reverser = alias(users, 'reverser');

/** What a receipt shows. */
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
  receiptNo: number;
  paidOn: string;
  amount: number;
  /** The late fee paid with the instalment (0: none): its own line, and in the total. */
  lateFee: number;
  mode: PaymentMode;
  reference: string | null;
  receivedBy: string | null;
  student: { fullName: string; loginId: string; rollNo: number | null; masterClass: string; section: string };
  seq: number;
  /** The instalment's due date (null once a new plan replaced the instalment after a reversal). */
  dueDate: string | null;
  /** Reversed: on which school-local date, by whom, why. */
  reversed: { on: string; by: string | null; reason: string } | null;
}

/**
 * The receipt of a payment as the caller may see it: one statement (the payment, its record,
 * student, class place, instalment, session, school, logo file, who received and reversed it,
 * with the caller's access in its WHERE), then the logo's bytes. Anyone else: 404.
 */
export async function loadReceipt(deps: Pick<Deps, 'data'>, storage: Storage, caller: Caller, paymentId: string): Promise<ReceiptData> {
  const scope = scopeOf(caller);
  const db = tenantDb(deps, scope);
  const [row] = await db
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
        eq(feePayments.id, paymentId),
        // Admins and the payment's family only.
        feesPolicy.receiptWhere(caller, { parentOf: student.parentUserId, studentId: feeRecords.studentId }),
      ),
    );
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
    receiptNo: row.p.receiptNo,
    paidOn: row.p.paidOn,
    amount: row.p.amount,
    lateFee: row.p.lateFee,
    mode: row.p.mode as PaymentMode,
    reference: row.p.reference,
    receivedBy: name(row.receiver),
    student: { fullName: fullName(row.student), loginId: row.student.loginId, rollNo: row.rollNo, masterClass: row.masterClass, section: row.section },
    seq: row.p.seq,
    dueDate: row.dueDate,
    reversed: row.p.reversedAt
      ? { on: localDate(row.school.timeZone, row.p.reversedAt), by: name(row.reverser), reason: row.p.reversalReason ?? '' }
      : null,
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
    amount: 'Amount received',
    lines: { instalment: 'Instalment', lateFee: 'Late fee' },
    inWords: 'In words',
    mode: 'Payment mode',
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
    amount: 'प्राप्त राशि',
    lines: { instalment: 'किस्त', lateFee: 'विलंब शुल्क' },
    inWords: 'शब्दों में',
    mode: 'भुगतान का माध्यम',
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

/** Draws the receipt (A5, one page); resolves with the PDF's bytes. */
export function renderReceipt(data: ReceiptData, lang: ReceiptLang): Promise<Buffer> {
  const w = WORDS[lang];
  const { doc, done } = newPdf({
    size: PAGE.size,
    margin: PAGE.margin,
    lang: lang === 'hi' ? 'hi-IN' : 'en-IN',
    displayTitle: true,
    info: { Title: `${w.title} ${data.receiptNo} – ${data.school.name}`, Author: data.school.name, Creator: 'Shala', Subject: w.title },
  });

  const left = PAGE.margin;
  const right = doc.page.width - PAGE.margin;
  const width = right - left;
  let y = PAGE.margin;

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

  // Title; receipt number and session on the left, the date on the right.
  y = block(doc, w.title, left, y, width, { size: 16, bold: true, color: ACCENT }, 'center') + 2;
  const half = width / 2;
  const label = { size: 8, color: MUTED };
  const value = { size: 10.5, bold: true };
  block(doc, w.date, left + half, y, half, label, 'right');
  block(doc, formatDate(lang, data.paidOn), left + half, y + 12, half, value, 'right');
  block(doc, w.receiptNo, left, y, half, label);
  y = block(doc, String(data.receiptNo), left, y + 12, half, value) + 4;
  block(doc, w.session, left, y, half, label);
  y = block(doc, data.sessionLabel, left, y + 12, half, value);
  y = rule(doc, y + 4);

  // The student and the instalment, as rows of label and value.
  const labelWidth = 96;
  const field = (name: string, text: string, style: TextStyle = { size: 10 }) => {
    const labelBottom = block(doc, name, left, y + (style.size - 8.5) * ASCENT, labelWidth - 6, { size: 8.5, color: MUTED });
    const valueBottom = block(doc, text, left + labelWidth, y, width - labelWidth, style);
    y = Math.max(labelBottom, valueBottom) + 2;
  };
  field(w.student, data.student.fullName, { size: 10.5, bold: true });
  field(w.loginId, data.student.loginId);
  const classText = className(lang, data.student.masterClass, data.student.section);
  field(w.class, data.student.rollNo !== null ? `${classText}   ·   ${w.rollNo} ${data.student.rollNo}` : classText);
  field(w.instalment, data.dueDate ? `${w.instalmentNo(data.seq)}   ·   ${w.due(formatDate(lang, data.dueDate))}` : w.instalmentNo(data.seq));
  y = rule(doc, y + 4);

  // The amount, in figures and in words; a late fee paid with it is a line of its own above the total.
  const inner = width - 20;
  const total = data.amount + data.lateFee;
  const wordsText = `${w.inWords}: ${amountInWords(total, lang)}`;
  const wordsStyle = { size: 9.5 };
  const lines = data.lateFee > 0 ? [[w.lines.instalment, data.amount], [w.lines.lateFee, data.lateFee]] as const : [];
  const boxTop = y;
  const boxHeight = 12 + lines.length * 10 * LINE_HEIGHT + 8 * LINE_HEIGHT + 18 * LINE_HEIGHT + heightOf(doc, wordsText, inner, wordsStyle) + 6;
  doc.roundedRect(left, boxTop, width, boxHeight, 6).fillColor('#eef1fa').fill();
  let by = boxTop + 10;
  for (const [name, paise] of lines) {
    const nameBottom = block(doc, name, left + 10, by, inner, { size: 10 });
    by = Math.max(nameBottom, block(doc, formatRupees(paise), left + 10, by, inner, { size: 10 }, 'right'));
  }
  by = block(doc, w.amount, left + 10, by, inner, { size: 8.5, color: MUTED });
  by = block(doc, formatRupees(total), left + 10, by, inner, { size: 18, bold: true, color: data.reversed ? MUTED : INK });
  block(doc, wordsText, left + 10, by, inner, wordsStyle);
  y = boxTop + boxHeight + 10;

  field(w.mode, w.modes[data.mode]);
  if (data.reference) field(w.reference, data.reference);
  if (data.receivedBy) field(w.receivedBy, data.receivedBy);

  // A reversed payment: the date, who and why in a red box, and a stamp across the page.
  if (data.reversed) {
    y += 8;
    const top = y;
    const red = { size: 9, color: RED };
    let ry = block(doc, w.reversedOn(formatDate(lang, data.reversed.on)), left + 10, top + 8, inner, { size: 10, bold: true, color: RED });
    if (data.reversed.by) ry = block(doc, `${w.reversedBy}: ${data.reversed.by}`, left + 10, ry, inner, red);
    ry = block(doc, `${w.reason}: ${data.reversed.reason}`, left + 10, ry, inner, red);
    doc.roundedRect(left, top, width, ry - top + 6, 6).lineWidth(1.2).strokeColor(RED).stroke();
    y = ry + 14;

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

/** The receipt of a payment for the caller, as a PDF, with its file name. */
export async function receiptPdf(deps: Pick<Deps, 'data'>, storage: Storage, caller: Caller, paymentId: string, lang: ReceiptLang) {
  const data = await loadReceipt(deps, storage, caller, paymentId);
  return { fileName: `receipt-${data.receiptNo}.pdf`, pdf: await renderReceipt(data, lang) };
}

/** Cuts text into runs by script (kept here for the receipt's tests; it lives in `pdf/text.ts`). */
export { scriptRuns } from '../../pdf/text.js';
