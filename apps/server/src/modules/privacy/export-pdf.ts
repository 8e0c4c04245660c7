import { EXPORT_MAX_ROWS, formatDateFor, formatRupees, type ReportLang } from '@shala/contract';
import { ACCENT, LINE_HEIGHT, MUTED, block, heightOf, newPdf, type Doc, type TextStyle } from '../../pdf/text.js';
import type { StudentBundle } from './export.js';

/**
 * A student's data export as a PDF, in English or Hindi (text through `pdf/text.ts`: Noto Sans and
 * Noto Sans Devanagari by script): the profile, then each section as lines, newest first. The JSON
 * bundle is the complete, machine-readable copy; the PDF is its readable form.
 */

const WORDS = {
  en: {
    title: 'Personal data held about a student',
    intro: (school: string, at: string) => `${school}. Exported ${at}. Under the Digital Personal Data Protection Act 2023.`,
    profile: 'Profile',
    parents: 'Parent',
    classes: 'Classes',
    attendance: 'Attendance',
    fees: 'Fees',
    payments: 'Payments',
    marks: 'Marks',
    remarks: 'Remarks',
    notifications: 'Notifications',
    chat: 'Chat messages sent',
    consent: 'Consent history',
    audit: 'Audit log',
    none: 'None.',
    truncated: (n: number) => `Only the newest ${n} are listed; the JSON export has the same limit.`,
    fields: {
      fullName: 'Name', loginId: 'Login ID', email: 'Email', contact: 'Contact', gender: 'Gender', dateOfBirth: 'Date of birth', address: 'Address',
      city: 'City', district: 'District', state: 'State', zip: 'PIN', category: 'Category', religion: 'Religion', bloodGroup: 'Blood group',
      motherName: "Mother's name", active: 'Active', erasedAt: 'Erased', createdAt: 'Added',
    } as Record<string, string>,
    yes: 'yes',
    no: 'no',
    record: (session: string, total: string, paid: string) => `${session}: total ${total}, paid ${paid}`,
    payment: (no: number, amount: string, on: string, mode: string) => `Receipt ${no}: ${amount} on ${on} (${mode})`,
    reversed: 'reversed',
    consentLine: (action: string, version: string, by: string, at: string) => `${at}: ${action} (text ${version}) by ${by}`,
    actions: { given: 'given', withdrawn: 'withdrawn' } as Record<string, string>,
  },
  hi: {
    title: 'विद्यार्थी के बारे में रखा गया व्यक्तिगत डेटा',
    intro: (school: string, at: string) => `${school}। निर्यात ${at}। डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम 2023 के अंतर्गत।`,
    profile: 'प्रोफ़ाइल',
    parents: 'अभिभावक',
    classes: 'कक्षाएँ',
    attendance: 'उपस्थिति',
    fees: 'शुल्क',
    payments: 'भुगतान',
    marks: 'अंक',
    remarks: 'टिप्पणियाँ',
    notifications: 'सूचनाएँ',
    chat: 'भेजे गए चैट संदेश',
    consent: 'सहमति का इतिहास',
    audit: 'ऑडिट लॉग',
    none: 'कुछ नहीं।',
    truncated: (n: number) => `केवल नवीनतम ${n} दिखाए गए हैं; JSON निर्यात की भी यही सीमा है।`,
    fields: {
      fullName: 'नाम', loginId: 'लॉगिन आईडी', email: 'ईमेल', contact: 'संपर्क', gender: 'लिंग', dateOfBirth: 'जन्म तिथि', address: 'पता',
      city: 'शहर', district: 'ज़िला', state: 'राज्य', zip: 'पिन', category: 'वर्ग', religion: 'धर्म', bloodGroup: 'रक्त समूह',
      motherName: 'माता का नाम', active: 'सक्रिय', erasedAt: 'मिटाया गया', createdAt: 'जोड़ा गया',
    } as Record<string, string>,
    yes: 'हाँ',
    no: 'नहीं',
    record: (session: string, total: string, paid: string) => `${session}: कुल ${total}, भुगतान ${paid}`,
    payment: (no: number, amount: string, on: string, mode: string) => `रसीद ${no}: ${amount}, ${on} (${mode})`,
    reversed: 'वापस लिया गया',
    consentLine: (action: string, version: string, by: string, at: string) => `${at}: ${action} (पाठ ${version}), ${by} द्वारा`,
    actions: { given: 'दी गई', withdrawn: 'वापस ली गई' } as Record<string, string>,
  },
};

/** Profile fields that hold a day or an instant, shown in the language's date format. */
const DATE_FIELDS = new Set(['dateOfBirth', 'erasedAt', 'createdAt']);
const MARGIN = 40;
const BODY: TextStyle = { size: 9.5 };

class Painter {
  y = MARGIN;
  readonly width: number;
  constructor(readonly doc: Doc) {
    this.width = doc.page.width - 2 * MARGIN;
  }
  private ensure(height: number) {
    if (this.y + height > this.doc.page.height - MARGIN) {
      this.doc.addPage();
      this.y = MARGIN;
    }
  }
  text(s: string, style: TextStyle = BODY) {
    this.ensure(heightOf(this.doc, s, this.width, style));
    this.y = block(this.doc, s, MARGIN, this.y, this.width, style);
  }
  heading(s: string) {
    this.ensure(BODY.size * LINE_HEIGHT * 4);
    this.y += 8;
    this.text(s, { size: 12, bold: true, color: ACCENT });
    this.y += 2;
  }
  section<T>(title: string, s: { items: T[]; truncated: boolean }, line: (item: T) => string, none: string, truncated: string) {
    this.heading(title);
    if (!s.items.length) this.text(none, { ...BODY, color: MUTED });
    for (const item of s.items) this.text(line(item));
    if (s.truncated) this.text(truncated, { ...BODY, color: MUTED });
  }
}

export async function renderExport(bundle: StudentBundle, lang: ReportLang): Promise<Buffer> {
  const w = WORDS[lang];
  const { doc, done } = await newPdf({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    lang: lang === 'hi' ? 'hi-IN' : 'en-IN',
    displayTitle: true,
    info: { Title: `${w.title}: ${bundle.profile.fullName}`, Author: bundle.school, Creator: 'Shala' },
  });
  const p = new Painter(doc);
  const yesNo = (b: boolean) => (b ? w.yes : w.no);
  const trunc = w.truncated(EXPORT_MAX_ROWS);
  p.text(w.title, { size: 16, bold: true });
  const day = (iso: string) => formatDateFor(lang, iso);
  p.text(w.intro(bundle.school, day(bundle.exportedAt)), { ...BODY, color: MUTED });

  p.heading(w.profile);
  for (const [key, label] of Object.entries(w.fields)) {
    const value = (bundle.profile as Record<string, unknown>)[key];
    if (value === null || value === undefined || value === '') continue;
    p.text(`${label}: ${typeof value === 'boolean' ? yesNo(value) : DATE_FIELDS.has(key) ? day(String(value)) : String(value)}`);
  }
  p.section(w.parents, { items: bundle.parents, truncated: false }, (x) => [x.fullName, x.loginId, x.email, x.contact].filter(Boolean).join(', '), w.none, trunc);
  p.section(w.classes, bundle.classes, (x) => `${x.session}: ${x.className}${x.section ? ` ${x.section}` : ''}${x.rollNo != null ? ` #${x.rollNo}` : ''}`, w.none, trunc);
  p.section(w.attendance, bundle.attendance, (x) => `${day(x.date)}${x.period ? ` ${x.period}` : ''}: ${x.status}`, w.none, trunc);
  p.section(w.fees, bundle.fees.records, (x) => w.record(x.session, formatRupees(x.total), formatRupees(x.paid)), w.none, trunc);
  p.section(w.payments, bundle.fees.payments, (x) => `${w.payment(x.receiptNo, formatRupees(x.amount), day(x.paidOn), x.mode)}${x.reversedAt ? `, ${w.reversed}` : ''}`, w.none, trunc);
  p.section(w.marks, bundle.marks, (x) => `${x.session} ${x.exam}, ${x.subject}: ${x.marks ?? x.status}`, w.none, trunc);
  p.section(w.remarks, bundle.remarks, (x) => `${x.exam}: ${x.remark ?? ''} ${Object.entries((x.coGrades ?? {}) as Record<string, string>).map(([k, v]) => `${k} ${v}`).join(', ')}`.trim(), w.none, trunc);
  p.section(w.notifications, bundle.notifications, (x) => `${day(x.at)} ${x.from}: ${x.message}`, w.none, trunc);
  p.section(w.chat, bundle.chatMessagesSent, (x) => `${x.at.slice(0, 16).replace('T', ' ')}: ${x.body}`, w.none, trunc);
  p.section(w.consent, bundle.consent, (x) => w.consentLine(w.actions[x.action] ?? x.action, x.version, x.parentName, x.at.slice(0, 16).replace('T', ' ')), w.none, trunc);
  p.section(w.audit, bundle.audit, (x) => `${x.at.slice(0, 16).replace('T', ' ')}: ${x.action}${x.actorName ? `, ${x.actorName}` : ''} (${x.actorRole})`, w.none, trunc);
  doc.end();
  return done;
}
