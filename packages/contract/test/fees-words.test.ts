import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HINDI_NUMBERS, amountInWords, numberInWords } from '../src/index.js';

/** ₹1 crore × 100, in paise: every amount up to it must have words. */
const MAX_PAISE = 100 * 10_000_000 * 100;

const EN_VALUES: Record<string, number> = {
  Zero: 0, One: 1, Two: 2, Three: 3, Four: 4, Five: 5, Six: 6, Seven: 7, Eight: 8, Nine: 9, Ten: 10,
  Eleven: 11, Twelve: 12, Thirteen: 13, Fourteen: 14, Fifteen: 15, Sixteen: 16, Seventeen: 17, Eighteen: 18, Nineteen: 19,
  Twenty: 20, Thirty: 30, Forty: 40, Fifty: 50, Sixty: 60, Seventy: 70, Eighty: 80, Ninety: 90,
};
const HI_VALUES = new Map(HINDI_NUMBERS.map((w, i) => [w, i]));
const SCALES: Record<string, number> = { Hundred: 100, सौ: 100, Thousand: 1000, हज़ार: 1000, Lakh: 100_000, लाख: 100_000, Crore: 10_000_000, करोड़: 10_000_000 };

/** Reads words back into a number (the test's own reader, so the words are checked, not copied). */
function readNumber(words: string): number {
  let total = 0;
  let current = 0;
  for (const word of words.split(' ')) {
    const scale = SCALES[word];
    if (scale === 100) current *= 100;
    else if (scale === 10_000_000) {
      total = (total + current) * scale;
      current = 0;
    } else if (scale) {
      total += current * scale;
      current = 0;
    } else {
      const value = HI_VALUES.has(word) ? HI_VALUES.get(word)! : word.split('-').reduce((sum, w) => sum + (EN_VALUES[w] ?? NaN), 0);
      if (Number.isNaN(value)) throw new Error(`unknown word ${word}`);
      current += value;
    }
  }
  return total + current;
}

function readEnglish(words: string): number {
  const m = /^Rupees (.+?)(?: and (.+) Paisa| and (.+) Paise)? Only$/.exec(words);
  if (!m) throw new Error(`not a receipt's words: ${words}`);
  return readNumber(m[1]!) * 100 + (m[2] ? readNumber(m[2]) : m[3] ? readNumber(m[3]) : 0);
}

function readHindi(words: string): number {
  const m = /^(.+) (?:रुपये|रुपया)(?: और (.+) (?:पैसे|पैसा))? मात्र$/.exec(words);
  if (!m) throw new Error(`not a receipt's words: ${words}`);
  return readNumber(m[1]!) * 100 + (m[2] ? readNumber(m[2]) : 0);
}

describe('amountInWords', () => {
  it.each([
    [0, 'Rupees Zero Only', 'शून्य रुपये मात्र'],
    [1, 'Rupees Zero and One Paisa Only', 'शून्य रुपये और एक पैसा मात्र'],
    [100, 'Rupees One Only', 'एक रुपया मात्र'],
    [10_000, 'Rupees One Hundred Only', 'एक सौ रुपये मात्र'],
    [10_000_000, 'Rupees One Lakh Only', 'एक लाख रुपये मात्र'],
    [12_345_675, 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Five Paise Only', 'एक लाख तेईस हज़ार चार सौ छप्पन रुपये और पचहत्तर पैसे मात्र'],
    [
      1_234_567_890,
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only',
      'एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर रुपये और नब्बे पैसे मात्र',
    ],
    [
      99_999_999_999,
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
      'निन्यानवे करोड़ निन्यानवे लाख निन्यानवे हज़ार नौ सौ निन्यानवे रुपये और निन्यानवे पैसे मात्र',
    ],
    [MAX_PAISE, 'Rupees One Hundred Crore Only', 'एक सौ करोड़ रुपये मात्र'],
    [800_000, 'Rupees Eight Thousand Only', 'आठ हज़ार रुपये मात्र'],
    [101_00, 'Rupees One Hundred One Only', 'एक सौ एक रुपये मात्र'],
    [5_900_099, 'Rupees Fifty-Nine Thousand and Ninety-Nine Paise Only', 'उनसठ हज़ार रुपये और निन्यानवे पैसे मात्र'],
  ])('%i paise in words', (paise, en, hi) => {
    expect(amountInWords(paise, 'en')).toBe(en);
    expect(amountInWords(paise, 'hi')).toBe(hi);
  });

  it('refuses what is not whole paise, 0 or more', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
      expect(() => amountInWords(bad, 'en')).toThrow(RangeError);
    }
  });

  it('gives tidy words for every amount up to ₹1 crore × 100, which read back to the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PAISE }), (paise) => {
        for (const lang of ['en', 'hi'] as const) {
          const words = amountInWords(paise, lang);
          expect(words.length).toBeGreaterThan(0);
          expect(words).not.toMatch(/\s{2}|^\s|\s$/);
          expect(words).not.toMatch(/undefined|NaN/);
        }
        const hi = amountInWords(paise, 'hi');
        expect(hi).not.toMatch(/[A-Za-z]/);
        expect(readEnglish(amountInWords(paise, 'en'))).toBe(paise);
        expect(readHindi(hi)).toBe(paise);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads every amount of a few digits back (small numbers, where the irregular words are)', () => {
    for (let paise = 0; paise <= 200_000; paise += 37) {
      expect(readEnglish(amountInWords(paise, 'en'))).toBe(paise);
      expect(readHindi(amountInWords(paise, 'hi'))).toBe(paise);
    }
  });
});

describe('Hindi number words', () => {
  it('has 100 distinct words, each one Devanagari word', () => {
    expect(HINDI_NUMBERS).toHaveLength(100);
    expect(new Set(HINDI_NUMBERS).size).toBe(100);
    for (const w of HINDI_NUMBERS) expect(w).toMatch(/^[\u0900-\u097F]+$/);
  });

  it('spells the irregular ones as Hindi does', () => {
    const expected: Record<number, string> = {
      5: 'पाँच', 6: 'छह', 11: 'ग्यारह', 15: 'पंद्रह', 19: 'उन्नीस', 21: 'इक्कीस', 28: 'अट्ठाईस', 29: 'उनतीस', 33: 'तैंतीस',
      38: 'अड़तीस', 39: 'उनतालीस', 44: 'चवालीस', 49: 'उनचास', 51: 'इक्यावन', 53: 'तिरेपन', 56: 'छप्पन', 59: 'उनसठ',
      64: 'चौंसठ', 67: 'सड़सठ', 69: 'उनहत्तर', 72: 'बहत्तर', 75: 'पचहत्तर', 78: 'अठहत्तर', 79: 'उन्यासी', 81: 'इक्यासी', 89: 'नवासी',
      91: 'इक्यानवे', 95: 'पंचानवे', 99: 'निन्यानवे',
    };
    for (const [n, w] of Object.entries(expected)) expect(HINDI_NUMBERS[Number(n)]).toBe(w);
  });

  it('says whole numbers in the Indian system', () => {
    expect(numberInWords(0, 'en')).toBe('Zero');
    expect(numberInWords(1_00_00_000, 'hi')).toBe('एक करोड़');
    expect(numberInWords(12_34_56_789, 'en')).toBe('Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine');
    expect(numberInWords(1_000_00_00_000, 'en')).toBe('One Thousand Crore');
  });
});
