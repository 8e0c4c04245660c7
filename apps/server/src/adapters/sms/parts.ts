/**
 * How many SMS parts a text costs, as operators count and bill them (3GPP TS 23.038 and 23.040),
 * so the composer can show parts and cost before sending.
 *
 * A text made only of the GSM 7-bit default alphabet travels in septets: 160 in one SMS; a longer
 * one is concatenated, and each part's user-data header leaves 153. A character of the extension
 * table (`€`, `[`, `{`, `|` …) is an escape and the character, two septets, and the pair never
 * splits across parts. Any other character (Hindi, emoji, a curly quote) sends the whole text as
 * UCS-2 (UTF-16): 70 code units in one SMS, 67 a part; a character outside the Basic Multilingual
 * Plane (most emoji) is a surrogate pair, two units that likewise stay in one part.
 */

/** The GSM 7-bit default alphabet, less the escape (ESC is not a character a person writes). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table's characters: each costs an escape septet too. */
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

const LIMITS = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const;

export interface SmsParts {
  encoding: 'gsm7' | 'ucs2';
  /** SMS billed: 0 for an empty text (nothing to send). */
  parts: number;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) of the whole text. */
  units: number;
  /** Units one part holds here: 160 or 153, 70 or 67. */
  perPart: number;
}

/** The encoding, units and parts of `text` (see the file's comment). */
export function smsParts(text: string): SmsParts {
  // Per character (code point, so a surrogate pair is one): its cost in units of the encoding.
  const chars = [...text];
  const gsm7 = chars.every((c) => GSM7_BASIC.has(c) || GSM7_EXTENSION.has(c));
  const encoding = gsm7 ? 'gsm7' : 'ucs2';
  const costs = chars.map((c) => (gsm7 ? (GSM7_EXTENSION.has(c) ? 2 : 1) : c.length));
  const units = costs.reduce((a, b) => a + b, 0);
  const limit = LIMITS[encoding];
  if (units <= limit.single) return { encoding, parts: units === 0 ? 0 : 1, units, perPart: limit.single };
  // Concatenated: fill each part, never splitting a character's units across two.
  let parts = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > limit.part) {
      parts++;
      used = 0;
    }
    used += cost;
  }
  return { encoding, parts, units, perPart: limit.part };
}
