import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as pdfkit writes it, for tests, with no tool outside Node: every content
 * stream is inflated, each font's ToUnicode map read, and each text-showing operator decoded; a
 * marked-content span with an ActualText (how the receipt gives shaped Devanagari its logical
 * order) counts as that text instead of its glyphs. Pieces are joined by one space.
 *
 * Also lists the embedded fonts' names (`/BaseFont /ABCDEF+NotoSansDevanagari-Regular`).
 */
export interface PdfContent {
  text: string;
  fonts: string[];
}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endobj', start);
    const body = raw.slice(start, end);
    const streamAt = body.indexOf('stream');
    if (streamAt < 0 || !body.slice(0, streamAt).trimEnd().endsWith('>>')) {
      out.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    let dataStart = start + streamAt + 'stream'.length;
    if (raw[dataStart] === '\r') dataStart++;
    if (raw[dataStart] === '\n') dataStart++;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? -1);
    const data = length >= 0 ? pdf.subarray(dataStart, dataStart + length) : pdf.subarray(dataStart, raw.indexOf('endstream', dataStart));
    out.set(Number(m[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(data) : data });
    re.lastIndex = end;
  }
  return out;
}

const hexBytes = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex');
const utf16be = (bytes: Buffer) => {
  let s = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode(bytes.readUInt16BE(i));
  return s;
};

/** A ToUnicode CMap as pdfkit writes it (bfrange with arrays, bfchar). */
function readCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const start = parseInt(m[1]!, 16);
      const end = parseInt(m[2]!, 16);
      const dst = m[3]!;
      if (dst.startsWith('[')) {
        [...dst.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((d, i) => map.set(start + i, utf16be(hexBytes(d[1]!))));
      } else {
        const first = hexBytes(dst.slice(1, -1));
        for (let code = start; code <= end; code++) {
          const bytes = Buffer.from(first);
          bytes.writeUInt16BE(bytes.readUInt16BE(bytes.length - 2) + (code - start), bytes.length - 2);
          map.set(code, utf16be(bytes));
        }
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(m[1]!, 16), utf16be(hexBytes(m[2]!)));
  }
  return map;
}

/** A PDF literal string's bytes (escapes undone). */
function literalBytes(s: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\') {
      out.push(c.charCodeAt(0) & 0xff);
      continue;
    }
    const n = s[++i]!;
    const simple: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
    if (n in simple) out.push(simple[n]!);
    else if (/[0-7]/.test(n)) {
      let oct = n;
      while (oct.length < 3 && /[0-7]/.test(s[i + 1] ?? '')) oct += s[++i];
      out.push(parseInt(oct, 8) & 0xff);
    }
  }
  return Buffer.from(out);
}

const decodeText = (bytes: Buffer) => (bytes[0] === 0xfe && bytes[1] === 0xff ? utf16be(bytes.subarray(2)) : bytes.toString('latin1'));

/** Tokens of a content stream: literal and hex strings, names, dictionaries' brackets, numbers, operators. */
const TOKEN = /\((?:\\[\s\S]|[^\\)])*\)|<<|>>|<[0-9a-fA-F\s]*>|\/[^\s/<>[\]()]+|\[|\]|[^\s/<>[\]()]+/g;

export function pdfContent(pdf: Buffer): PdfContent {
  const objs = objects(pdf);
  const raw = pdf.toString('latin1');
  // Font resource names (F1 …) → their ToUnicode maps.
  const cmaps = new Map<string, Map<number, string>>();
  for (const m of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const font = objs.get(Number(m[2]));
    const toUnicode = font && /\/ToUnicode (\d+) 0 R/.exec(font.dict);
    const cmap = toUnicode ? objs.get(Number(toUnicode[1]))?.stream : null;
    if (cmap) cmaps.set(m[1]!, readCmap(cmap.toString('latin1')));
  }
  const fonts = [...raw.matchAll(/\/BaseFont \/([A-Za-z0-9+-]+)/g)].map((m) => m[1]!);

  const pieces: string[] = [];
  for (const obj of objs.values()) {
    if (!obj.stream || obj.dict.includes('/Subtype') || obj.dict.includes('/Length1')) continue;
    const content = obj.stream.toString('latin1');
    if (!/\b(TJ|Tj)\b/.test(content)) continue;
    let font: Map<number, string> | undefined;
    let actual: string | null = null;
    const stack: string[] = [];
    let operands: string[] = [];
    for (const [token] of content.matchAll(TOKEN)) {
      if (/^[A-Za-z'"*]+$/.test(token) && !/^(true|false|null)$/.test(token)) {
        if (token === 'Tf') font = cmaps.get(operands.find((o) => o.startsWith('/'))?.slice(1) ?? '');
        if (token === 'BDC') {
          const at = operands.indexOf('/ActualText');
          const value = at >= 0 ? operands[at + 1] : undefined;
          actual = value?.startsWith('(') ? decodeText(literalBytes(value.slice(1, -1))) : value?.startsWith('<') ? decodeText(hexBytes(value.slice(1, -1))) : null;
          stack.push(actual ?? '');
          if (actual) pieces.push(actual);
        }
        if (token === 'BMC') stack.push('');
        if (token === 'EMC') {
          stack.pop();
          actual = stack.findLast((a) => a) ?? null;
        }
        if ((token === 'TJ' || token === 'Tj') && !actual && font) {
          let text = '';
          for (const o of operands) {
            if (!o.startsWith('<') || o.startsWith('<<')) continue;
            const hex = o.slice(1, -1).replace(/\s+/g, '');
            for (let i = 0; i + 4 <= hex.length; i += 4) text += font.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
          }
          pieces.push(text);
        }
        operands = [];
      } else operands.push(token);
    }
  }
  return { text: pieces.join(' ').replace(/\s+/g, ' ').trim(), fonts };
}
