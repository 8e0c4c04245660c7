import fs from 'node:fs';
import type PDFDocument from 'pdfkit';
import { UPLOAD_LIMITS } from '@shala/contract';
import type { Storage } from '../adapters/storage/index.js';

/**
 * What every PDF of Shala shares (the fee receipt, report cards): the embedded Noto fonts, text cut
 * into runs by script and laid out in lines (each run in its font, Devanagari shaped by fontkit),
 * the school's logo read from the storage, and a document that resolves with its bytes.
 *
 * Fonts: Noto Sans (Latin) and Noto Sans Devanagari, embedded (subsets) from
 * `apps/server/assets/fonts/` (OFL, `OFL.txt`). Neither covers the other's script, so every text
 * is cut into runs by script and each run drawn in its font.
 */

const LOGO_TYPES = /\.(jpg|png)$/;

/** The school logo's bytes (a JPEG or PNG in the storage, at most an image upload's size), or null. */
export async function readLogo(storage: Storage, name: string | null): Promise<Buffer | null> {
  if (!name || !LOGO_TYPES.test(name)) return null;
  const found = await storage.get(name).catch(() => null);
  if (!found) return null;
  if (found.size > UPLOAD_LIMITS.imageBytes) {
    found.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  } catch {
    return null;
  }
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------------------------
// Fonts and runs of text by script

const FONT_DIR = new URL('../../assets/fonts/', import.meta.url);
const FONT_FILES = {
  'latin-regular': 'NotoSans-Regular.ttf',
  'latin-bold': 'NotoSans-Bold.ttf',
  'deva-regular': 'NotoSansDevanagari-Regular.ttf',
  'deva-bold': 'NotoSansDevanagari-Bold.ttf',
} as const;
export type FontName = keyof typeof FONT_FILES;
export type Script = 'latin' | 'deva';

let fontBytes: Record<FontName, Buffer> | null = null;
/** The four fonts, read once. */
export function fonts(): Record<FontName, Buffer> {
  fontBytes ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, fs.readFileSync(new URL(file, FONT_DIR))]),
  ) as Record<FontName, Buffer>;
  return fontBytes;
}

/** Devanagari letters, marks and signs, the danda included (its script is Common, its extensions Devanagari). */
const DEVANAGARI = /\p{Script_Extensions=Devanagari}/u;
/** Characters both fonts have (spaces, digits, common punctuation, ₹) and marks: they join the run they are in. */
const NEUTRAL = /[\s0-9.,:;()/\-–—'"‘’“”%+#*!?[\]_₹\u200C\u200D]|\p{M}/u;

/** Text cut into runs of one script (neutral characters join the run before them, else the one after). */
export function scriptRuns(text: string, fallback: Script = 'latin'): { script: Script; text: string }[] {
  const chars = Array.from(text).map((ch) => ({ ch, script: DEVANAGARI.test(ch) ? ('deva' as const) : NEUTRAL.test(ch) ? null : ('latin' as const) }));
  const first = chars.find((c) => c.script)?.script ?? fallback;
  const runs: { script: Script; text: string }[] = [];
  let current: Script = first;
  for (const { ch, script } of chars) {
    current = script ?? current;
    const last = runs.at(-1);
    if (last && last.script === current) last.text += ch;
    else runs.push({ script: current, text: ch });
  }
  return runs;
}

// ---------------------------------------------------------------------------------------------
// Drawing

export const INK = '#1f2933';
export const MUTED = '#5f6b7a';
export const RULE = '#c9d1da';
export const ACCENT = '#364fc7';
export const RED = '#c92a2a';

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

export type Doc = InstanceType<typeof PDFDocument>;

/** A piece of a line: a run of one script with its width. */
interface Piece {
  script: Script;
  text: string;
  width: number;
}
interface Line {
  pieces: Piece[];
  width: number;
}

const fontOf = (script: Script, style: TextStyle): FontName => `${script}-${style.bold ? 'bold' : 'regular'}`;
/** Every line's height, and where its baseline sits below its top, as parts of the font size (room for matras above and below). */
export const LINE_HEIGHT = 1.45;
export const ASCENT = 0.98;

/** Widths of text by font and size (the same font files in every document): measured once. */
const widths = new Map<string, number>();

const graphemes = new Intl.Segmenter('hi', { granularity: 'grapheme' });

/**
 * Lays text out in lines of at most `width` (words kept whole unless one alone is wider: then cut
 * between graphemes, never inside a Devanagari cluster), each word in runs of one script.
 */
export function layout(doc: Doc, text: string, width: number, style: TextStyle): Line[] {
  doc.fontSize(style.size);
  const measure = (script: Script, t: string) => {
    const font = fontOf(script, style);
    const key = `${font}|${style.size}|${t}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = doc.font(font).widthOfString(t);
      if (widths.size > 50_000) widths.clear();
      widths.set(key, width);
    }
    return width;
  };
  const lines: Line[] = [];
  for (const paragraphText of text.replace(/[^\S\r\n]/g, ' ').split(/\r?\n/)) {
    let line: Line = { pieces: [], width: 0 };
    let script: Script = 'latin';
    const place = (word: string) => {
      const runs = scriptRuns(word, script);
      script = runs.at(-1)?.script ?? script;
      const pieces = runs.map((r) => ({ ...r, width: measure(r.script, r.text) }));
      const wordWidth = pieces.reduce((w, p) => w + p.width, 0);
      // The spaces before the word, in the font of the run they follow.
      const before = line.pieces.at(-1)?.script ?? pieces[0]!.script;
      const spaces = ' '.repeat(Math.max(1, gap));
      const gapWidth = measure(before, spaces);
      gap = 0;
      if (line.pieces.length && line.width + gapWidth + wordWidth > width) {
        lines.push(line);
        line = { pieces: [], width: 0 };
      }
      if (line.pieces.length) {
        line.pieces.push({ script: before, text: spaces, width: gapWidth });
        line.width += gapWidth;
      }
      line.pieces.push(...pieces);
      line.width += wordWidth;
    };
    let gap = 0;
    for (const word of paragraphText.split(/( +)/)) {
      if (!word) continue;
      if (word.startsWith(' ')) {
        gap = word.length;
        continue;
      }
      const runs = scriptRuns(word, script);
      const wordWidth = runs.reduce((w, r) => w + measure(r.script, r.text), 0);
      if (wordWidth <= width) {
        place(word);
        continue;
      }
      // A word wider than the line (a long address or reference): cut between graphemes.
      let chunk = '';
      for (const { segment } of graphemes.segment(word)) {
        const next = chunk + segment;
        if (chunk && scriptRuns(next, script).reduce((w, r) => w + measure(r.script, r.text), 0) > width) {
          place(chunk);
          lines.push(line);
          line = { pieces: [], width: 0 };
          chunk = segment;
        } else chunk = next;
      }
      if (chunk) place(chunk);
    }
    lines.push(line);
  }
  return lines;
}

/** The height `text` takes at `width`. */
export function heightOf(doc: Doc, text: string, width: number, style: TextStyle): number {
  return layout(doc, text, width, style).length * style.size * LINE_HEIGHT;
}

/**
 * Draws text from (x, y) (the top of its first line) in lines of at most `width`, every run on
 * one baseline whatever its font; returns the y below the last line.
 */
export function block(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle, align: 'left' | 'center' | 'right' = 'left'): number {
  const lines = layout(doc, text, width, style);
  doc.fillColor(style.color ?? INK).fontSize(style.size);
  let top = y;
  for (const line of lines) {
    let at = align === 'left' ? x : align === 'center' ? x + (width - line.width) / 2 : x + width - line.width;
    // Pieces of one script in a row (words and the spaces between them) go out as one text.
    const merged = line.pieces.reduce<Piece[]>((all, p) => {
      const last = all.at(-1);
      if (last && last.script === p.script) all[all.length - 1] = { ...last, text: last.text + p.text, width: last.width + p.width };
      else all.push({ ...p });
      return all;
    }, []);
    for (const piece of merged) {
      // Shaped Devanagari glyphs are in visual order (a pre-base matra before its consonant): the
      // span's ActualText gives copying, search and screen readers the text in its own order.
      if (piece.script === 'deva') doc.markContent('Span', { actual: piece.text });
      doc.font(fontOf(piece.script, style)).text(piece.text, at, top + style.size * ASCENT, { lineBreak: false, baseline: 'alphabetic' });
      if (piece.script === 'deva') doc.endMarkedContent();
      at += piece.width;
    }
    top += style.size * LINE_HEIGHT;
  }
  return top;
}

/** One line's width. */
export function lineWidth(doc: Doc, text: string, style: TextStyle): number {
  return Math.max(...layout(doc, text, Number.POSITIVE_INFINITY, style).map((l) => l.width));
}

/**
 * A new document with the fonts registered, and its bytes once `doc.end()` is called. pdfkit (and
 * its font engine) is loaded at the first document, not at start: about 6 MB of memory and half a
 * second of the start that a server printing nothing does not need.
 */
export async function newPdf(options: PDFKit.PDFDocumentOptions): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  for (const [name, buffer] of Object.entries(fonts())) doc.registerFont(name, buffer);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
