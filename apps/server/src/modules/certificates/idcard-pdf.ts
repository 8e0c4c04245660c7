import { ROLE, type CertificateLang, type IdCardKind } from '@shala/contract';
import { ACCENT, INK, MUTED, RULE, block, heightOf, newPdf, type Doc } from '../../pdf/text.js';

/**
 * ID cards on A4 sheets (issue 26): CR80 cards (85.6 × 54 mm, a bank card's size), two across and
 * five down, with cut marks in the margins at every edge. A card: the school's band (logo, name,
 * address), the photo (or the person's initials in its frame), the name, the class and section,
 * roll and admission numbers (a student) or the role (staff), the blood group, a phone (a student's
 * parent's, staff's own), the session, and the QR code of the card's verification page (which
 * says only "a student of …" or "staff of …"). English or Hindi labels; names as the school wrote them.
 */

const MM = 72 / 25.4;
export const CARD = { width: 85.6 * MM, height: 54 * MM } as const;
const A4 = { width: 595.28, height: 841.89 };
const COLS = 2;
const ROWS = 5;
export const CARDS_PER_SHEET = COLS * ROWS;

export interface CardPerson {
  fullName: string;
  roleId: number;
  /** A JPEG or PNG, or null: the frame shows the initials. */
  photo: Buffer | null;
  className: string | null;
  rollNo: number | null;
  admissionNo: string | null;
  bloodGroup: string | null;
  phone: string | null;
  verifyUrl: string;
}

export interface CardSheets {
  kind: IdCardKind;
  /** The address line takes the school's phone too. */
  school: { name: string; address: string | null; logo: Buffer | null };
  sessionLabel: string | null;
  people: CardPerson[];
}

const WORDS = {
  en: {
    title: { students: 'Student identity card', staff: 'Staff identity card' },
    class: 'Class',
    roll: 'Roll no.',
    admission: 'Adm. no.',
    blood: 'Blood group',
    parentPhone: 'Parent',
    phone: 'Phone',
    session: 'Session',
    role: { [ROLE.SYSTEM_ADMIN]: 'Office', [ROLE.PRINCIPAL]: 'Principal', [ROLE.TEACHER]: 'Teacher' } as Record<number, string>,
    scan: 'Scan to verify',
  },
  hi: {
    title: { students: 'विद्यार्थी पहचान पत्र', staff: 'कर्मचारी पहचान पत्र' },
    class: 'कक्षा',
    roll: 'अनुक्रमांक',
    admission: 'प्रवेश क्र.',
    blood: 'रक्त समूह',
    parentPhone: 'अभिभावक',
    phone: 'फ़ोन',
    session: 'सत्र',
    role: { [ROLE.SYSTEM_ADMIN]: 'कार्यालय', [ROLE.PRINCIPAL]: 'प्रधानाचार्य', [ROLE.TEACHER]: 'शिक्षक' } as Record<number, string>,
    scan: 'सत्यापन हेतु स्कैन करें',
  },
} as const;

/** The largest size from `size` down to `min` at which `text` takes at most `lines` lines of `width`. */
function fitSize(doc: Doc, text: string, width: number, size: number, min: number, lines: number, bold = false): number {
  let s = size;
  while (s > min && heightOf(doc, text, width, { size: s, bold }) > lines * s * 1.45 + 0.01) s -= 0.25;
  return s;
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!.toUpperCase())
    .join('');

/** The sheets of cards as one PDF, in the order given. */
export async function renderIdCards(sheets: CardSheets, lang: CertificateLang): Promise<Buffer> {
  const w = WORDS[lang];
  const { doc, done } = await newPdf({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    lang: lang === 'hi' ? 'hi-IN' : 'en-IN',
    displayTitle: true,
    info: { Title: `${w.title[sheets.kind]} – ${sheets.school.name}`, Author: sheets.school.name, Creator: 'Shala' },
  });
  const x0 = (A4.width - COLS * CARD.width) / 2;
  const y0 = (A4.height - ROWS * CARD.height) / 2;
  const { default: QRCode } = await import('qrcode');
  const qrs = await Promise.all(sheets.people.map((p) => QRCode.toBuffer(p.verifyUrl, { errorCorrectionLevel: 'M', margin: 0, width: 160 })));
  for (let start = 0; start < Math.max(sheets.people.length, 1); start += CARDS_PER_SHEET) {
    doc.addPage({ size: 'A4', margin: 0 });
    cutMarks(doc, x0, y0);
    sheets.people.slice(start, start + CARDS_PER_SHEET).forEach((person, i) => {
      const x = x0 + (i % COLS) * CARD.width;
      const y = y0 + Math.floor(i / COLS) * CARD.height;
      card(doc, sheets, person, qrs[start + i]!, x, y, w);
    });
  }
  doc.end();
  return done;
}

/** Short marks in the margins on every cutting line, and a hairline round each card. */
function cutMarks(doc: Doc, x0: number, y0: number) {
  const right = x0 + COLS * CARD.width;
  const bottom = y0 + ROWS * CARD.height;
  doc.save().lineWidth(0.5).strokeColor(INK);
  for (let c = 0; c <= COLS; c++) {
    const x = x0 + c * CARD.width;
    doc.moveTo(x, y0 - 22).lineTo(x, y0 - 6).stroke();
    doc.moveTo(x, bottom + 6).lineTo(x, bottom + 22).stroke();
  }
  for (let r = 0; r <= ROWS; r++) {
    const y = y0 + r * CARD.height;
    doc.moveTo(x0 - 22, y).lineTo(x0 - 6, y).stroke();
    doc.moveTo(right + 6, y).lineTo(right + 22, y).stroke();
  }
  doc.restore();
}

function card(doc: Doc, sheets: CardSheets, p: CardPerson, qr: Buffer, x: number, y: number, w: (typeof WORDS)[CertificateLang]) {
  const { width: W, height: H } = CARD;
  const pad = 7;
  doc.save().lineWidth(0.25).strokeColor(RULE).rect(x, y, W, H).stroke().restore();

  // The school's band.
  const band = 36;
  doc.save().rect(x, y, W, band).fill(ACCENT).restore();
  let textLeft = x + pad;
  if (sheets.school.logo) {
    try {
      doc.save().roundedRect(x + pad - 1, y + 5, 27, 27, 3).fill('#ffffff').restore();
      doc.image(sheets.school.logo, x + pad, y + 6, { fit: [25, 25], align: 'center', valign: 'center' });
      textLeft = x + pad + 32;
    } catch {
      // Not an image pdfkit reads: the band goes without it.
    }
  }
  const headWidth = x + W - pad - textLeft;
  const nameSize = fitSize(doc, sheets.school.name, headWidth, 9, 6, 1, true);
  const below = block(doc, sheets.school.name, textLeft, y + 5, headWidth, { size: nameSize, bold: true, color: '#ffffff' });
  if (sheets.school.address) {
    const size = fitSize(doc, sheets.school.address, headWidth, 5.8, 4.6, 2);
    block(doc, sheets.school.address, textLeft, below, headWidth, { size, color: '#e7ebff' });
  }

  // The photo, or the initials in its frame.
  const photo = { x: x + pad, y: y + band + 6, w: 50, h: 62 };
  doc.save().lineWidth(0.6).strokeColor(RULE).rect(photo.x, photo.y, photo.w, photo.h).stroke().restore();
  let drawn = false;
  if (p.photo) {
    try {
      doc.image(p.photo, photo.x + 0.5, photo.y + 0.5, { cover: [photo.w - 1, photo.h - 1], align: 'center', valign: 'center' });
      drawn = true;
    } catch {
      // Not an image pdfkit reads: the initials instead.
    }
  }
  if (!drawn) {
    doc.save().rect(photo.x + 0.5, photo.y + 0.5, photo.w - 1, photo.h - 1).fill('#eef1f5').restore();
    block(doc, initialsOf(p.fullName), photo.x, photo.y + photo.h / 2 - 10, photo.w, { size: 16, bold: true, color: MUTED }, 'center');
  }
  block(doc, w.title[sheets.kind], photo.x - 2, photo.y + photo.h + 2, photo.w + 4, { size: 4.8, color: MUTED }, 'center');

  // The QR code of the card's verification page.
  const qrSize = 44;
  const qrX = x + W - pad - qrSize;
  const qrY = y + H - pad - qrSize - 7;
  doc.image(qr, qrX, qrY, { width: qrSize });
  block(doc, w.scan, qrX - 6, qrY + qrSize + 1, qrSize + 12, { size: 4.6, color: MUTED }, 'center');

  // The name and the facts.
  const left = photo.x + photo.w + 7;
  const width = qrX - 5 - left;
  const personSize = fitSize(doc, p.fullName, x + W - pad - left, 9.5, 6.5, 2, true);
  let ty = block(doc, p.fullName, left, photo.y - 1, x + W - pad - left, { size: personSize, bold: true });
  const rows: Array<[string, string]> =
    sheets.kind === 'students'
      ? [
          [w.class, p.className ?? '—'],
          [w.roll, p.rollNo === null ? '—' : String(p.rollNo)],
          [w.admission, p.admissionNo ?? '—'],
          [w.blood, p.bloodGroup ?? '—'],
          [w.parentPhone, p.phone ?? '—'],
        ]
      : [
          [w.role[p.roleId] ?? '', ''],
          [w.blood, p.bloodGroup ?? '—'],
          [w.phone, p.phone ?? '—'],
        ];
  ty += 2;
  for (const [label, value] of rows) {
    if (ty > y + H - pad - 8) break;
    if (!value) {
      ty = block(doc, label, left, ty, width, { size: 6.8, bold: true, color: ACCENT });
      continue;
    }
    const labelWidth = 41;
    block(doc, label, left, ty, labelWidth, { size: 5.8, color: MUTED });
    ty = Math.max(ty + 5.8 * 1.45, block(doc, value, left + labelWidth, ty - 0.6, width - labelWidth, { size: 6.6, bold: true }));
  }
  if (sheets.sessionLabel) block(doc, `${w.session} ${sheets.sessionLabel}`, left, y + H - pad - 7, width, { size: 5.6, color: MUTED });
}
