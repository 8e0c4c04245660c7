/**
 * An amount of money in words, as a receipt writes it under the figures, in the Indian system
 * (thousand, lakh, crore) and in English or Hindi:
 *
 * - English: "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Five Paise
 *   Only"; always "Rupees", tens and units joined by a hyphen, no "and" inside a number, "and"
 *   only before the paise; "Rupees Zero Only"; one paisa is "One Paisa".
 * - Hindi: "एक लाख तेईस हज़ार चार सौ छप्पन रुपये और पचहत्तर पैसे मात्र"; "शून्य रुपये मात्र";
 *   exactly one is "एक रुपया", "एक पैसा".
 *
 * Crores above 99 are said as a number of crores ("One Hundred Crore", "एक सौ करोड़").
 */

const EN_UNITS = [
  'Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine',
  'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
] as const;
const EN_TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'] as const;

/** Hindi number words 0 to 99: irregular, so all of them (standard Hindi spellings). */
export const HINDI_NUMBERS: readonly string[] = [
  'शून्य', 'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ',
  'दस', 'ग्यारह', 'बारह', 'तेरह', 'चौदह', 'पंद्रह', 'सोलह', 'सत्रह', 'अठारह', 'उन्नीस',
  'बीस', 'इक्कीस', 'बाईस', 'तेईस', 'चौबीस', 'पच्चीस', 'छब्बीस', 'सत्ताईस', 'अट्ठाईस', 'उनतीस',
  'तीस', 'इकतीस', 'बत्तीस', 'तैंतीस', 'चौंतीस', 'पैंतीस', 'छत्तीस', 'सैंतीस', 'अड़तीस', 'उनतालीस',
  'चालीस', 'इकतालीस', 'बयालीस', 'तैंतालीस', 'चवालीस', 'पैंतालीस', 'छियालीस', 'सैंतालीस', 'अड़तालीस', 'उनचास',
  'पचास', 'इक्यावन', 'बावन', 'तिरेपन', 'चौवन', 'पचपन', 'छप्पन', 'सत्तावन', 'अट्ठावन', 'उनसठ',
  'साठ', 'इकसठ', 'बासठ', 'तिरसठ', 'चौंसठ', 'पैंसठ', 'छियासठ', 'सड़सठ', 'अड़सठ', 'उनहत्तर',
  'सत्तर', 'इकहत्तर', 'बहत्तर', 'तिहत्तर', 'चौहत्तर', 'पचहत्तर', 'छिहत्तर', 'सतहत्तर', 'अठहत्तर', 'उन्यासी',
  'अस्सी', 'इक्यासी', 'बयासी', 'तिरासी', 'चौरासी', 'पचासी', 'छियासी', 'सत्तासी', 'अट्ठासी', 'नवासी',
  'नब्बे', 'इक्यानवे', 'बानवे', 'तिरानवे', 'चौरानवे', 'पंचानवे', 'छियानवे', 'सत्तानवे', 'अट्ठानवे', 'निन्यानवे',
];

export type WordsLang = 'en' | 'hi';

const SCALE = {
  en: { crore: 'Crore', lakh: 'Lakh', thousand: 'Thousand', hundred: 'Hundred' },
  hi: { crore: 'करोड़', lakh: 'लाख', thousand: 'हज़ार', hundred: 'सौ' },
} as const;

function below100(n: number, lang: WordsLang): string {
  if (lang === 'hi') return HINDI_NUMBERS[n]!;
  if (n < 20) return EN_UNITS[n]!;
  const tens = EN_TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${tens}-${EN_UNITS[n % 10]}` : tens;
}

/** A whole number (at least 1) in words, Indian grouping; crores above 99 recurse. */
function numberWords(n: number, lang: WordsLang): string {
  const s = SCALE[lang];
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  if (crores) parts.push(`${numberWords(crores, lang)} ${s.crore}`);
  const lakhs = Math.floor(rest / 100_000);
  rest %= 100_000;
  if (lakhs) parts.push(`${below100(lakhs, lang)} ${s.lakh}`);
  const thousands = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousands) parts.push(`${below100(thousands, lang)} ${s.thousand}`);
  const hundreds = Math.floor(rest / 100);
  rest %= 100;
  if (hundreds) parts.push(`${below100(hundreds, lang)} ${s.hundred}`);
  if (rest) parts.push(below100(rest, lang));
  return parts.join(' ');
}

/** A whole number in words (0 included): 123456 → "One Lakh Twenty-Three Thousand Four Hundred Fifty-Six". */
export function numberInWords(n: number, lang: WordsLang): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('numberInWords: needs a whole number, 0 or more');
  return n === 0 ? below100(0, lang) : numberWords(n, lang);
}

/**
 * `paise` (a whole number, 0 or more) as a receipt writes it in words, in English or Hindi:
 * 12345675 → "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Five Paise
 * Only" / "एक लाख तेईस हज़ार चार सौ छप्पन रुपये और पचहत्तर पैसे मात्र".
 */
export function amountInWords(paise: number, lang: WordsLang): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError('amountInWords: needs whole paise, 0 or more');
  const rupees = Math.floor(paise / 100);
  const cents = paise % 100;
  const r = numberInWords(rupees, lang);
  if (lang === 'en') {
    const p = cents ? ` and ${below100(cents, 'en')} ${cents === 1 ? 'Paisa' : 'Paise'}` : '';
    return `Rupees ${r}${p} Only`;
  }
  const p = cents ? ` और ${below100(cents, 'hi')} ${cents === 1 ? 'पैसा' : 'पैसे'}` : '';
  return `${r} ${rupees === 1 ? 'रुपया' : 'रुपये'}${p} मात्र`;
}

const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const HI_MONTHS = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'] as const;
const EN_ORDINALS = [
  '', 'First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth',
  'Eleventh', 'Twelfth', 'Thirteenth', 'Fourteenth', 'Fifteenth', 'Sixteenth', 'Seventeenth', 'Eighteenth', 'Nineteenth', 'Twentieth',
  'Twenty-First', 'Twenty-Second', 'Twenty-Third', 'Twenty-Fourth', 'Twenty-Fifth', 'Twenty-Sixth', 'Twenty-Seventh', 'Twenty-Eighth', 'Twenty-Ninth', 'Thirtieth', 'Thirty-First',
] as const;

/**
 * A date (YYYY-MM-DD) in words, as a transfer certificate writes a date of birth: 2012-03-04 →
 * "Fourth March Two Thousand Twelve" / "चार मार्च दो हज़ार बारह". Null for anything else.
 */
export function dateInWords(iso: string, lang: WordsLang): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || y < 1) return null;
  return lang === 'en' ? `${EN_ORDINALS[d]} ${EN_MONTHS[mo - 1]} ${numberInWords(y, 'en')}` : `${numberInWords(d, 'hi')} ${HI_MONTHS[mo - 1]} ${numberInWords(y, 'hi')}`;
}
