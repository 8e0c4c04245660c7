import { notificationLanguageOf, notificationTextKey, notificationValues, type Notification, type NotificationLanguage, type NotificationTextKey, type TEMPLATED_KINDS } from '@shala/contract';

type Templated = (typeof TEMPLATED_KINDS)[number];
/** A text's key: a templated kind, or one of its variants (a holiday of several days…). */
export type TextKey = NotificationTextKey;

/**
 * The texts the server writes itself (Web Push, mail), in each language: the same as the web's
 * `notifications.texts.<key>` in en.json and hi.json. `{{name}}` takes the formatted param.
 */
export const NOTIFICATION_TEXTS: Record<TextKey, Record<NotificationLanguage, string>> = {
  classwork: {
    en: 'New class work in {{subject}}: {{title}}',
    hi: '{{subject}} में नया कक्षा कार्य: {{title}}',
  },
  absence: {
    en: '{{child}} was marked absent on {{date}}.',
    hi: '{{child}} {{date}} को अनुपस्थित रहे।',
  },
  fee: {
    en: 'Fee of {{amount}} received for {{child}}, receipt no. {{receiptNo}}.',
    hi: '{{child}} की {{amount}} फ़ीस प्राप्त हुई, रसीद संख्या {{receiptNo}}।',
  },
  fee_due: {
    en: 'Fee instalment {{seq}} of {{amount}} for {{child}} is due on {{dueDate}}.',
    hi: '{{child}} की शुल्क किस्त {{seq}} ({{amount}}) {{dueDate}} को देय है।',
  },
  fee_overdue: {
    en: 'Fee instalment {{seq}} of {{amount}} for {{child}} was due on {{dueDate}} and is overdue.',
    hi: '{{child}} की शुल्क किस्त {{seq}} ({{amount}}) {{dueDate}} को देय थी और अब बकाया है।',
  },
  fee_upi_claimed: {
    en: "{{child}}'s parent paid instalment {{seq}} ({{amount}}) by UPI, reference {{reference}}: confirm it against the bank statement.",
    hi: '{{child}} के अभिभावक ने किस्त {{seq}} ({{amount}}) यूपीआई से चुकाई, संदर्भ {{reference}}: बैंक विवरण से मिलाकर पुष्टि करें।',
  },
  fee_upi_rejected: {
    en: 'The school could not confirm the UPI payment of instalment {{seq}} ({{amount}}) for {{child}}, reference {{reference}}: {{reason}}',
    hi: 'विद्यालय {{child}} की किस्त {{seq}} ({{amount}}) के यूपीआई भुगतान, संदर्भ {{reference}}, की पुष्टि नहीं कर सका: {{reason}}',
  },
  fee_due_upi: {
    en: 'Fee instalment {{seq}} of {{amount}} for {{child}} is due on {{dueDate}}. Pay by UPI to {{vpa}}: {{upi}}',
    hi: '{{child}} की शुल्क किस्त {{seq}} ({{amount}}) {{dueDate}} को देय है। यूपीआई से {{vpa}} को भुगतान करें: {{upi}}',
  },
  fee_overdue_upi: {
    en: 'Fee instalment {{seq}} of {{amount}} for {{child}} was due on {{dueDate}} and is overdue. Pay by UPI to {{vpa}}: {{upi}}',
    hi: '{{child}} की शुल्क किस्त {{seq}} ({{amount}}) {{dueDate}} को देय थी और अब बकाया है। यूपीआई से {{vpa}} को भुगतान करें: {{upi}}',
  },
  holiday: {
    en: 'Holiday: {{title}}, {{startDate}}',
    hi: 'अवकाश: {{title}}, {{startDate}}',
  },
  holiday_range: {
    en: 'Holiday: {{title}}, {{startDate}} to {{endDate}}',
    hi: 'अवकाश: {{title}}, {{startDate}} से {{endDate}} तक',
  },
  staff_leave: {
    en: "{{name}} applied for {{code}} leave, {{fromDate}} to {{toDate}} ({{days}} days).",
    hi: "{{name}} ने {{fromDate}} से {{toDate}} तक {{code}} अवकाश ({{days}} दिन) के लिए आवेदन किया।",
  },
  staff_leave_approved: {
    en: "Your {{code}} leave, {{fromDate}} to {{toDate}}, is approved. {{comment}}",
    hi: "आपका {{code}} अवकाश, {{fromDate}} से {{toDate}} तक, स्वीकृत हुआ। {{comment}}",
  },
  staff_leave_declined: {
    en: "Your {{code}} leave, {{fromDate}} to {{toDate}}, is declined. {{comment}}",
    hi: "आपका {{code}} अवकाश, {{fromDate}} से {{toDate}} तक, अस्वीकृत हुआ। {{comment}}",
  },
  staff_leave_cancelled: {
    en: "{{name}}'s {{code}} leave, {{fromDate}} to {{toDate}}, is cancelled.",
    hi: "{{name}} का {{code}} अवकाश, {{fromDate}} से {{toDate}} तक, रद्द हुआ।",
  },
  substitution: {
    en: "On {{date}} you take {{className}} in {{period}}, for {{absent}}.",
    hi: "{{date}} को {{period}} में आप {{absent}} के स्थान पर {{className}} लेंगे।",
  },
  leave_requested: {
    en: "{{child}}'s parent asks leave from {{fromDate}} to {{toDate}} ({{days}} school days): {{reason}}.",
    hi: '{{child}} के अभिभावक ने {{fromDate}} से {{toDate}} तक ({{days}} विद्यालय दिवस) अवकाश माँगा है: {{reason}}।',
  },
  leave_requested_cancelled: {
    en: 'The leave asked for {{child}}, {{fromDate}} to {{toDate}}, is cancelled.',
    hi: '{{child}} के लिए {{fromDate}} से {{toDate}} तक माँगा गया अवकाश रद्द कर दिया गया है।',
  },
  leave_decided: {
    en: 'The leave asked for {{child}}, {{fromDate}} to {{toDate}}, is decided. {{comment}}',
    hi: '{{child}} के लिए {{fromDate}} से {{toDate}} तक माँगे गए अवकाश पर निर्णय हो गया है। {{comment}}',
  },
  leave_decided_approved: {
    en: "{{child}}'s leave, {{fromDate}} to {{toDate}}, is approved. {{comment}}",
    hi: '{{child}} का {{fromDate}} से {{toDate}} तक का अवकाश स्वीकृत हो गया है। {{comment}}',
  },
  leave_decided_declined: {
    en: "{{child}}'s leave, {{fromDate}} to {{toDate}}, is not approved. {{comment}}",
    hi: '{{child}} का {{fromDate}} से {{toDate}} तक का अवकाश स्वीकृत नहीं हुआ। {{comment}}',
  },
  result: {
    en: 'Results of {{exam}} are published.',
    hi: '{{exam}} के परिणाम प्रकाशित हो गए हैं।',
  },
  result_withdrawn: {
    en: 'Results of {{exam}} are withdrawn: {{reason}}',
    hi: '{{exam}} के परिणाम वापस ले लिए गए हैं: {{reason}}',
  },
  report_cards: {
    en: 'The report cards of {{class}} are ready to download.',
    hi: '{{class}} के रिपोर्ट कार्ड डाउनलोड के लिए तैयार हैं।',
  },
  messaging_limit: {
    en: 'Your school has sent the {{max}} mobile verification codes it may send today: more are refused until tomorrow. Many requests in a day may be an abuse of your SMS account.',
    hi: 'आपके विद्यालय ने आज के सभी {{max}} मोबाइल सत्यापन कोड भेज दिए हैं: कल तक और कोड नहीं भेजे जाएँगे। एक दिन में इतने अनुरोध आपके एसएमएस खाते का दुरुपयोग हो सकते हैं।',
  },
};

/** A language the server writes in: Hindi when the user picked it, else English (the contract's one rule). */
export const languageOf = notificationLanguageOf;

/** The text key of a notification (null: the sender's own words). */
export function textKeyOf(n: Pick<Notification, 'kind' | 'params'>): TextKey | null {
  if (!(n.kind in NOTIFICATION_TEXTS)) return null;
  return notificationTextKey(n.kind as Templated, n.params);
}

/** A notification's text in a language: its template with its params, an old text's half, or the sender's words. */
export function renderNotification(n: Pick<Notification, 'kind' | 'params' | 'message'>, lang: NotificationLanguage): string {
  if (typeof n.params.en === 'string') return String(n.params[lang] ?? n.params.en);
  const key = textKeyOf(n);
  if (!key) return n.message;
  const values = notificationValues(n.params, lang);
  return NOTIFICATION_TEXTS[key][lang].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
