import { MASTER_CLASSES, amountInWords, dateInWords, formatDateFor, formatRupees, nextMasterClass, numberInWords, type CertificateLang, type CertificateType } from '@shala/contract';
import { ACCENT, INK, LINE_HEIGHT, MUTED, RED, RULE, block, heightOf, newPdf } from '../../pdf/text.js';
import { addressOnce, type CertificateBody } from './certificates.js';

/**
 * A certificate as a PDF on A4, in English or Hindi (the Noto fonts of every PDF: pdf/text.ts):
 * the school's logo, name and address, the title and number, what the certificate says (a TC in
 * CBSE's numbered layout, or a state board's; a bonafide, character or tuition-fee certificate as
 * a paragraph), the date, the principal's signature line, and a QR code of its verification page.
 * A reprint in the same language says DUPLICATE (the first print in each language is an original); a
 * cancelled certificate says CANCELLED across the page. The Hindi PDF says in Hindi the values the
 * office types in English (nationality, conduct, result: `inHindi`). A TC prints the dues only when
 * the principal asked for it when issuing, and never the principal's reason for issuing with dues.
 */

export interface PrintedCertificate {
  type: CertificateType;
  number: number;
  issuedOn: string;
  body: CertificateBody;
  duplicate: boolean;
  cancelled: boolean;
  /** The verification page's address, for the QR code. */
  verifyUrl: string;
  logo: Buffer | null;
}

/** What the paragraphs take of their language's words. */
interface Basic {
  child: (gender: string | null) => string;
  pronoun: (gender: string | null) => string;
  notKnown: string;
}

const WORDS = {
  en: {
    title: { tc: 'Transfer Certificate', bonafide: 'Bonafide Certificate', character: 'Character Certificate', feecert: 'Tuition Fee Certificate' },
    number: { tc: 'TC No.', bonafide: 'Certificate No.', character: 'Certificate No.', feecert: 'Certificate No.' },
    admissionNo: 'Admission No.',
    affiliationNo: 'Affiliation No.',
    udiseCode: 'UDISE code',
    duplicate: 'DUPLICATE',
    cancelled: 'CANCELLED',
    date: 'Date',
    principal: 'Principal',
    seal: 'School seal',
    classTeacher: 'Class Teacher',
    checkedBy: 'Checked by',
    verify: 'Scan to verify, or open',
    child: (g: string | null) => (g === 'male' ? 'son' : g === 'female' ? 'daughter' : 'child'),
    pronoun: (g: string | null) => (g === 'male' ? 'his' : g === 'female' ? 'her' : 'their'),
    classOf: (c: string) => (/^\d+$/.test(c) ? `${c} (${numberInWords(Number(c), 'en')})` : c),
    yes: 'Yes',
    no: 'No',
    na: 'Not applicable',
    notKnown: '—',
    promotedTo: (cls: string) => `Yes, to Class ${cls}`,
    failed: (n: number) => (n === 0 ? 'No' : n === 1 ? 'Once' : n === 2 ? 'Twice' : `${n} times`),
    concession: (name: string, amount: string) => `${name} (${amount})`,
    category: { general: 'General', obc: 'OBC', sc: 'SC', st: 'ST', ews: 'EWS', other: 'Other' } as Record<string, string>,
    tcRows: {
      name: 'Name of the pupil',
      mother: "Mother's name",
      father: "Father's / guardian's name",
      dob: 'Date of birth (in figures and words)',
      nationality: 'Nationality',
      category: 'Category (SC / ST / OBC / general)',
      admitted: 'Date of first admission in the school',
      firstClass: 'Class at the first admission',
      lastClass: 'Class in which the pupil last studied (in figures and words)',
      lastExam: 'School / board examination last taken, with result',
      failed: 'Whether failed, if so once or twice in the same class',
      subjects: 'Subjects studied',
      promotion: 'Whether qualified for promotion to the higher class; if so, to which class',
      feesPaidUpTo: 'Month up to which the pupil has paid school dues',
      concession: 'Any fee concession availed; if so, its nature',
      workingDays: 'Total number of working days in the session',
      daysPresent: 'Total number of working days present',
      activities: 'NCC cadet / scout / guide; games and activities',
      conduct: 'General conduct',
      applied: 'Date of application for the certificate',
      struckOff: "Date on which the pupil's name was struck off the rolls",
      issued: 'Date of issue of the certificate',
      reason: 'Reason for leaving the school',
      remarks: 'Any other remarks',
      pen: 'PEN (UDISE+)',
      apaar: 'APAAR ID',
      dues: 'School dues outstanding on the date of issue',
    },
    bonafide: (b: CertificateBody, cls: string, _f: Record<string, unknown>, w: Basic) =>
      `This is to certify that ${b.student.fullName}, ${w.child(b.student.gender)} of ${b.student.fatherName ?? w.notKnown}${b.student.motherName ? ` and ${b.student.motherName}` : ''}, is a bonafide student of this school, studying in Class ${cls} in the session ${b.class?.sessionLabel ?? w.notKnown}. ${cap(w.pronoun(b.student.gender))} admission number is ${b.student.admissionNo ?? w.notKnown} and ${w.pronoun(b.student.gender)} date of birth as per the school's records is ${dob(b, 'en')}. This certificate is issued on request, for the purpose stated below.`,
    purpose: 'Purpose',
    character: (b: CertificateBody, cls: string, f: Record<string, unknown>, w: Basic) =>
      `This is to certify that ${b.student.fullName}, ${w.child(b.student.gender)} of ${b.student.fatherName ?? w.notKnown}, admission number ${b.student.admissionNo ?? w.notKnown}, has been a student of this school${b.class ? ` (Class ${cls} in ${b.class.sessionLabel})` : ''}. To the best of my knowledge, ${w.pronoun(b.student.gender)} conduct and character have been ${String(f.conduct).toLowerCase()}.${f.remarks ? ` ${String(f.remarks)}` : ''}`,
    value: (v: string) => v,
    feecert: (b: CertificateBody, cls: string, fy: number, w: Basic) =>
      `This is to certify that ${b.student.fullName}, ${w.child(b.student.gender)} of ${b.student.fatherName ?? w.notKnown}, admission number ${b.student.admissionNo ?? w.notKnown}${b.class ? `, a student of Class ${cls}` : ''}, has paid the tuition fee below to the school in the financial year ${fy}-${String((fy + 1) % 100).padStart(2, '0')} (1 April ${fy} to 31 March ${fy + 1}).`,
    feeTable: { receipt: 'Receipt No.', date: 'Paid on', paid: 'Amount paid', tuition: 'Tuition fee' },
    feeTotal: 'Tuition fee paid in the year',
    feeNote: 'The tuition fee is the share of tuition in the class fee of each payment; other fees and late fees are not included. Issued for claiming deduction under section 80C of the Income Tax Act, 1961.',
  },
  hi: {
    title: { tc: 'स्थानांतरण प्रमाणपत्र', bonafide: 'वास्तविक छात्र प्रमाणपत्र', character: 'चरित्र प्रमाणपत्र', feecert: 'शिक्षण शुल्क प्रमाणपत्र' },
    number: { tc: 'टी.सी. क्रमांक', bonafide: 'प्रमाणपत्र क्रमांक', character: 'प्रमाणपत्र क्रमांक', feecert: 'प्रमाणपत्र क्रमांक' },
    admissionNo: 'प्रवेश क्रमांक',
    affiliationNo: 'संबद्धता क्रमांक',
    udiseCode: 'UDISE कोड',
    duplicate: 'प्रतिलिपि',
    cancelled: 'रद्द',
    date: 'दिनांक',
    principal: 'प्रधानाचार्य',
    seal: 'विद्यालय की मुहर',
    classTeacher: 'कक्षा अध्यापक',
    checkedBy: 'जाँचकर्ता',
    verify: 'सत्यापन के लिए स्कैन करें, या खोलें',
    child: (g: string | null) => (g === 'male' ? 'पुत्र' : g === 'female' ? 'पुत्री' : 'संतान'),
    pronoun: () => '',
    classOf: (c: string) => (/^\d+$/.test(c) ? `${c} (${numberInWords(Number(c), 'hi')})` : c),
    yes: 'हाँ',
    no: 'नहीं',
    na: 'लागू नहीं',
    notKnown: '—',
    promotedTo: (cls: string) => `हाँ, कक्षा ${cls} में`,
    failed: (n: number) => (n === 0 ? 'नहीं' : n === 1 ? 'एक बार' : n === 2 ? 'दो बार' : `${n} बार`),
    concession: (name: string, amount: string) => `${name} (${amount})`,
    category: { general: 'सामान्य', obc: 'अ.पि.व.', sc: 'अनु. जाति', st: 'अनु. जनजाति', ews: 'ई.डब्ल्यू.एस.', other: 'अन्य' } as Record<string, string>,
    tcRows: {
      name: 'विद्यार्थी का नाम',
      mother: 'माता का नाम',
      father: 'पिता / अभिभावक का नाम',
      dob: 'जन्म तिथि (अंकों और शब्दों में)',
      nationality: 'राष्ट्रीयता',
      category: 'वर्ग (अनु. जाति / अनु. जनजाति / अ.पि.व. / सामान्य)',
      admitted: 'विद्यालय में प्रथम प्रवेश की तिथि',
      firstClass: 'प्रथम प्रवेश के समय कक्षा',
      lastClass: 'अंतिम अध्ययन की कक्षा (अंकों और शब्दों में)',
      lastExam: 'अंतिम विद्यालय / बोर्ड परीक्षा, परिणाम सहित',
      failed: 'क्या अनुत्तीर्ण हुए; यदि हाँ, तो एक ही कक्षा में एक बार या दो बार',
      subjects: 'अध्ययन किए गए विषय',
      promotion: 'क्या अगली कक्षा में उन्नति के योग्य; यदि हाँ, तो किस कक्षा में',
      feesPaidUpTo: 'किस माह तक का शुल्क जमा है',
      concession: 'क्या कोई शुल्क छूट मिली; यदि हाँ, तो किस प्रकार की',
      workingDays: 'सत्र में कुल कार्य दिवस',
      daysPresent: 'कुल उपस्थित कार्य दिवस',
      activities: 'एन.सी.सी. / स्काउट / गाइड; खेल और गतिविधियाँ',
      conduct: 'सामान्य आचरण',
      applied: 'प्रमाणपत्र हेतु आवेदन की तिथि',
      struckOff: 'विद्यालय की पंजिका से नाम काटने की तिथि',
      issued: 'प्रमाणपत्र जारी करने की तिथि',
      reason: 'विद्यालय छोड़ने का कारण',
      remarks: 'अन्य टिप्पणी',
      pen: 'पी.ई.एन. (यू-डाइस+)',
      apaar: 'अपार आईडी',
      dues: 'जारी करने की तिथि पर बकाया शुल्क',
    },
    bonafide: (b: CertificateBody, cls: string, _f: Record<string, unknown>, w: Basic) =>
      `प्रमाणित किया जाता है कि ${b.student.fullName}, ${b.student.fatherName ?? w.notKnown}${b.student.motherName ? ` एवं ${b.student.motherName}` : ''} की ${w.child(b.student.gender)}, इस विद्यालय के सत्र ${b.class?.sessionLabel ?? w.notKnown} में कक्षा ${cls} के नियमित विद्यार्थी हैं। प्रवेश क्रमांक ${b.student.admissionNo ?? w.notKnown} है और विद्यालय के अभिलेख के अनुसार जन्म तिथि ${dob(b, 'hi')} है। यह प्रमाणपत्र अनुरोध पर, नीचे लिखे उद्देश्य हेतु जारी किया जाता है।`,
    purpose: 'उद्देश्य',
    character: (b: CertificateBody, cls: string, f: Record<string, unknown>, w: Basic) =>
      `प्रमाणित किया जाता है कि ${b.student.fullName}, ${b.student.fatherName ?? w.notKnown} की ${w.child(b.student.gender)}, प्रवेश क्रमांक ${b.student.admissionNo ?? w.notKnown}, इस विद्यालय के विद्यार्थी रहे हैं${b.class ? ` (सत्र ${b.class.sessionLabel} में कक्षा ${cls})` : ''}। मेरी जानकारी में उनका आचरण और चरित्र ${inHindi(String(f.conduct))} रहा है।${f.remarks ? ` ${String(f.remarks)}` : ''}`,
    value: (v: string) => inHindi(v),
    feecert: (b: CertificateBody, cls: string, fy: number, w: Basic) =>
      `प्रमाणित किया जाता है कि ${b.student.fullName}, ${b.student.fatherName ?? w.notKnown} की ${w.child(b.student.gender)}, प्रवेश क्रमांक ${b.student.admissionNo ?? w.notKnown}${b.class ? `, कक्षा ${cls}` : ''}, ने वित्तीय वर्ष ${fy}-${String((fy + 1) % 100).padStart(2, '0')} (1 अप्रैल ${fy} से 31 मार्च ${fy + 1}) में विद्यालय को नीचे दिया शिक्षण शुल्क जमा किया है।`,
    feeTable: { receipt: 'रसीद क्रमांक', date: 'जमा तिथि', paid: 'जमा राशि', tuition: 'शिक्षण शुल्क' },
    feeTotal: 'वर्ष में जमा शिक्षण शुल्क',
    feeNote: 'शिक्षण शुल्क हर भुगतान में कक्षा शुल्क में शिक्षण शुल्क का भाग है; अन्य शुल्क और विलंब शुल्क शामिल नहीं हैं। आयकर अधिनियम, 1961 की धारा 80C के अंतर्गत कटौती हेतु जारी।',
  },
};
type Words = (typeof WORDS)['en'] | (typeof WORDS)['hi'];


const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/**
 * The English values an office types in a TC's or a register's fields, in Hindi, for the Hindi PDF
 * (the web's defaults are English in an English session: "Indian", "Good"). Anything else prints
 * as typed.
 */
const HINDI_VALUES: Record<string, string> = {
  indian: 'भारतीय',
  nepali: 'नेपाली',
  nepalese: 'नेपाली',
  bhutanese: 'भूटानी',
  'tibetan': 'तिब्बती',
  excellent: 'उत्कृष्ट',
  outstanding: 'उत्कृष्ट',
  'very good': 'बहुत अच्छा',
  good: 'अच्छा',
  satisfactory: 'संतोषजनक',
  fair: 'ठीक',
  average: 'औसत',
  poor: 'असंतोषजनक',
  passed: 'उत्तीर्ण',
  pass: 'उत्तीर्ण',
  failed: 'अनुत्तीर्ण',
  fail: 'अनुत्तीर्ण',
  promoted: 'उन्नत',
  'not promoted': 'उन्नत नहीं',
  compartment: 'पूरक',
  'result awaited': 'परिणाम प्रतीक्षित',
  nil: 'कोई नहीं',
  none: 'कोई नहीं',
  'not applicable': 'लागू नहीं',
};
export function inHindi(value: string): string {
  return HINDI_VALUES[value.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '')] ?? value;
}
const date = (lang: CertificateLang, iso: string | null | undefined) => (iso ? formatDateFor(lang, iso) : '—');
function dob(b: CertificateBody, lang: CertificateLang): string {
  if (!b.student.dateOfBirth) return '—';
  return `${date(lang, b.student.dateOfBirth)} (${dateInWords(b.student.dateOfBirth, lang) ?? ''})`;
}
function classText(lang: CertificateLang, b: CertificateBody, w: Words): string {
  if (!b.class) return w.notKnown;
  const master = MASTER_CLASSES.find((c) => c.code === b.class!.masterClass);
  const name = /^\d+$/.test(b.class.masterClass) ? w.classOf(b.class.masterClass) : master ? (lang === 'hi' ? master.nameHi : master.name) : b.class.masterClass;
  return b.class.section ? `${name} – ${b.class.section}` : name;
}
/** YYYY-MM as "March 2027". */
function month(lang: CertificateLang, ym: string | null): string {
  if (!ym) return '—';
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}

const MARGIN = 42;
/** The foot's height above the bottom margin: the QR code, the date and the signatures. */
const FOOT_HEIGHT = 130;

export async function renderCertificate(c: PrintedCertificate, lang: CertificateLang): Promise<Buffer> {
  const w = WORDS[lang];
  const b = c.body;
  const f = b.fields;
  const title = w.title[c.type];
  const { doc, done } = await newPdf({
    size: 'A4',
    margin: MARGIN,
    lang: lang === 'hi' ? 'hi-IN' : 'en-IN',
    displayTitle: true,
    info: { Title: `${title} ${c.number} – ${b.school.name}`, Author: b.school.name, Creator: 'Shala', Subject: title },
  });
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;
  const bottomLimit = doc.page.height - MARGIN - 150;
  doc.rect(MARGIN / 2, MARGIN / 2, doc.page.width - MARGIN, doc.page.height - MARGIN).lineWidth(1.2).strokeColor(ACCENT).stroke();

  // The school.
  let y = MARGIN;
  let textLeft = left;
  if (c.logo) {
    try {
      doc.image(c.logo, left, y, { fit: [62, 62] });
      textLeft = left + 72;
    } catch {
      // Not an image pdfkit reads: the header goes without it.
    }
  }
  const headWidth = right - textLeft;
  let hy = block(doc, b.school.name, textLeft, y, headWidth, { size: 17, bold: true }, 'center');
  const address = addressOnce([b.school.address]);
  if (address) hy = block(doc, address, textLeft, hy + 2, headWidth, { size: 9, color: MUTED }, 'center');
  const contacts = [b.school.phone, b.school.email].filter(Boolean).join('   ·   ');
  if (contacts) hy = block(doc, contacts, textLeft, hy, headWidth, { size: 9, color: MUTED }, 'center');
  const codes = [b.school.affiliationNo ? `${w.affiliationNo} ${b.school.affiliationNo}` : '', b.school.udiseCode ? `${w.udiseCode} ${b.school.udiseCode}` : ''].filter(Boolean).join('   ·   ');
  if (codes) hy = block(doc, codes, textLeft, hy, headWidth, { size: 9, color: MUTED }, 'center');
  y = Math.max(hy, y + 62) + 8;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.8).strokeColor(RULE).stroke();
  y += 12;

  // Title, number, duplicate.
  y = block(doc, title.toUpperCase(), left, y, width, { size: 16, bold: true, color: ACCENT }, 'center') + 4;
  if (c.duplicate) block(doc, w.duplicate, left, MARGIN - 12, width, { size: 11, bold: true, color: RED }, 'right');
  block(doc, `${w.number[c.type]} ${c.number}`, left, y, width / 2, { size: 10.5, bold: true });
  y = block(doc, `${w.admissionNo} ${b.student.admissionNo ?? '—'}`, left + width / 2, y, width / 2, { size: 10.5, bold: true }, 'right') + 10;

  const cls = classText(lang, b, w);
  if (c.type === 'tc') {
    const answer = (v: unknown) => (v === 'yes' ? w.yes : v === 'no' ? w.no : v === 'na' ? w.na : w.value(String(v ?? '')) || '—');
    const tc = b.tc;
    const count = (n: number | null | undefined) => (n === null || n === undefined ? '—' : String(n));
    const next = b.class ? nextMasterClass(b.class.masterClass) : null;
    const promotion = f.qualifiedForPromotion === 'yes' && next ? w.promotedTo(classText(lang, { ...b, class: { masterClass: next, section: '', sessionLabel: '' } }, w)) : answer(f.qualifiedForPromotion);
    const firstClass = tc?.firstClass ? classText(lang, { ...b, class: { ...tc.firstClass, sessionLabel: '' } }, w) : '—';
    const concessions = !tc?.concessions ? '—' : tc.concessions.length ? tc.concessions.map((x) => w.concession(x.name, formatRupees(x.amount))).join('; ') : w.no;
    const rows: Array<[string, string]> = [
      [w.tcRows.name, b.student.fullName],
      [w.tcRows.mother, b.student.motherName ?? '—'],
      [w.tcRows.father, b.student.fatherName ?? '—'],
      [w.tcRows.dob, dob(b, lang)],
      [w.tcRows.nationality, b.student.nationality ? w.value(b.student.nationality) : '—'],
      [w.tcRows.category, b.student.category ? (w.category[b.student.category] ?? b.student.category) : '—'],
      [w.tcRows.admitted, date(lang, b.student.admissionDate)],
      [w.tcRows.firstClass, firstClass],
      [w.tcRows.lastClass, cls],
      [w.tcRows.lastExam, [f.lastExam, f.result ? w.value(String(f.result)) : ''].filter(Boolean).join(' – ') || '—'],
      [w.tcRows.failed, tc?.timesFailed === undefined ? '—' : w.failed(tc.timesFailed)],
      [w.tcRows.subjects, tc?.subjects || '—'],
      [w.tcRows.promotion, promotion],
      [w.tcRows.feesPaidUpTo, month(lang, tc?.feesPaidUpTo ?? null)],
      [w.tcRows.concession, concessions],
      [w.tcRows.workingDays, count(tc?.workingDays)],
      [w.tcRows.daysPresent, count(tc?.daysPresent)],
      [w.tcRows.activities, answer(f.activities)],
      [w.tcRows.conduct, answer(f.conduct)],
      [w.tcRows.applied, date(lang, f.applicationDate as string)],
      [w.tcRows.struckOff, date(lang, f.leavingDate as string)],
      [w.tcRows.issued, date(lang, c.issuedOn)],
      [w.tcRows.reason, answer(f.reason)],
      [w.tcRows.remarks, answer(f.remarks)],
      [w.tcRows.pen, b.student.pen ?? '—'],
      [w.tcRows.apaar, b.student.apaarId ?? '—'],
    ];
    // The dues only when the principal asked for them; the reason for issuing with dues is the office's, never printed.
    if (f.printDues === true) rows.push([w.tcRows.dues, formatRupees(tc?.dues ?? 0)]);
    // A state board's layout: the same facts, unnumbered, in two columns of equal width.
    const state = f.template === 'state';
    const labelWidth = state ? width / 2 - 8 : width * 0.46;
    const labelOf = (label: string, i: number) => (state ? label : `${i + 1}. ${label}`);
    const rowHeight = (label: string, value: string, i: number, size: number) =>
      Math.max(heightOf(doc, labelOf(label, i), labelWidth, { size }), heightOf(doc, value, width - labelWidth - 12, { size, bold: true })) + 3.5;
    // Long names and answers: a smaller type until the table leaves the foot (QR code, signatures) its room on the page.
    const footRoom = doc.page.height - MARGIN - FOOT_HEIGHT - 24;
    let size = rows.length > 21 ? 9.2 : 9.6;
    while (size > 7.6 && y + rows.reduce((sum, [label, value], i) => sum + rowHeight(label, value, i, size), 0) > footRoom) size -= 0.4;
    rows.forEach(([label, value], i) => {
      const text = labelOf(label, i);
      const h = rowHeight(label, value, i, size) - 3.5;
      block(doc, text, left, y, labelWidth, { size, color: MUTED });
      block(doc, value, left + labelWidth + 12, y, width - labelWidth - 12, { size, bold: true });
      y += h + 3.5;
    });
  } else {
    const text =
      c.type === 'bonafide' ? w.bonafide(b, cls, f, w) : c.type === 'character' ? w.character(b, cls, f, w) : w.feecert(b, cls, b.feecert?.financialYear ?? Number(f.financialYear), w);
    y = block(doc, text, left, y + 6, width, { size: 11.5 }) + 10;
    if (c.type === 'bonafide') y = block(doc, `${w.purpose}: ${String(f.purpose)}`, left, y, width, { size: 11.5, bold: true }) + 10;
    if (c.type === 'feecert' && b.feecert) {
      const cols = [0, 0.22, 0.48, 0.74].map((p) => left + p * width);
      const colWidth = width * 0.24;
      const head = w.feeTable;
      [head.receipt, head.date, head.paid, head.tuition].forEach((h, i) => block(doc, h, cols[i]!, y, colWidth, { size: 9.5, bold: true, color: MUTED }, i >= 2 ? 'right' : 'left'));
      y += 9.5 * LINE_HEIGHT + 2;
      for (const p of b.feecert.payments) {
        if (y > bottomLimit - 60) break;
        const cells = [String(p.receiptNo), date(lang, p.paidOn), formatRupees(p.amount), formatRupees(p.tuition)];
        cells.forEach((t, i) => block(doc, t, cols[i]!, y, colWidth, { size: 9.5 }, i >= 2 ? 'right' : 'left'));
        y += 9.5 * LINE_HEIGHT;
      }
      doc.moveTo(left, y + 2).lineTo(right, y + 2).lineWidth(0.6).strokeColor(RULE).stroke();
      y += 8;
      block(doc, w.feeTotal, left, y, width * 0.6, { size: 11, bold: true });
      y = block(doc, formatRupees(b.feecert.total), left + width * 0.6, y, width * 0.4, { size: 11, bold: true }, 'right');
      y = block(doc, amountInWords(b.feecert.total, lang), left, y + 2, width, { size: 10, color: MUTED }, 'right') + 8;
      y = block(doc, w.feeNote, left, y, width, { size: 9, color: MUTED });
    }
  }

  // The foot: the QR code of the verification page, the date, the signatures.
  const footTop = Math.max(y + 24, doc.page.height - MARGIN - FOOT_HEIGHT);
  const { default: QRCode } = await import('qrcode');
  const qr = await QRCode.toBuffer(c.verifyUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  doc.image(qr, left, footTop, { width: 78 });
  block(doc, w.verify, left + 88, footTop + 4, width * 0.42, { size: 8.5, color: MUTED });
  block(doc, c.verifyUrl, left + 88, footTop + 4 + 8.5 * LINE_HEIGHT * 2, width * 0.42, { size: 8, color: INK });
  block(doc, `${w.date}: ${date(lang, c.issuedOn)}`, left + 88, footTop + 62, width * 0.42, { size: 9.5 });
  const signY = footTop + 70;
  if (c.type === 'tc') {
    for (const [i, label] of [w.classTeacher, w.checkedBy].entries()) {
      const x = left + width * 0.5 + i * (width * 0.25) - (i === 0 ? 0 : 0);
      doc.moveTo(x, signY).lineTo(x + width * 0.2, signY).lineWidth(0.6).strokeColor(INK).stroke();
      block(doc, label, x, signY + 4, width * 0.2, { size: 9 }, 'center');
    }
  }
  const px = right - width * 0.3;
  const principalY = c.type === 'tc' ? signY + 36 : signY;
  doc.moveTo(px, principalY).lineTo(right, principalY).lineWidth(0.6).strokeColor(INK).stroke();
  const py = block(doc, w.principal, px, principalY + 4, width * 0.3, { size: 9.5, bold: true }, 'center');
  if (b.issuedBy) block(doc, b.issuedBy, px, py, width * 0.3, { size: 9 }, 'center');
  // The place for the school's seal: a dashed circle left of the principal's signature (on a TC, below the class teacher's).
  const sealR = c.type === 'tc' ? 24 : 28;
  const sealX = c.type === 'tc' ? left + width * 0.6 : px - sealR - 18;
  const sealY = c.type === 'tc' ? signY + 46 : principalY - 6;
  doc.save().circle(sealX, sealY, sealR).lineWidth(0.6).dash(2, { space: 2 }).strokeColor(MUTED).stroke().undash().restore();
  block(doc, w.seal, sealX - sealR, sealY - 6, sealR * 2, { size: 7, color: MUTED }, 'center');

  if (c.cancelled) {
    doc.save();
    doc.rotate(-30, { origin: [doc.page.width / 2, doc.page.height / 2] });
    block(doc, w.cancelled, 0, doc.page.height / 2 - 40, doc.page.width, { size: 72, bold: true, color: RED }, 'center');
    doc.restore();
  }
  doc.end();
  return done;
}
