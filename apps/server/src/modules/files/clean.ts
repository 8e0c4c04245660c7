import zlib from 'node:zlib';

let sharpLoaded: Promise<typeof import('sharp')> | undefined;
/**
 * sharp, loaded at the first image rather than at start: it and libvips hold about 30 MB that a
 * server with no upload does not need. Uploads are decoded one at a time per thread, and no decoded
 * image stays cached.
 */
const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then((mod) => {
    mod.default.cache(false);
    return mod;
  }));

/** The longest side of a stored image: enough for a photo, a logo or a page of class work. */
export const IMAGE_MAX_SIDE = 2048;
/** Images of more pixels are refused before decoding (a small file can claim a huge image). */
const MAX_INPUT_PIXELS = 50_000_000;

const FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' } as const;
type ImageMime = keyof typeof FORMATS;

export const isImageMime = (mime: string): mime is ImageMime => mime in FORMATS;

/**
 * Decodes an image and encodes it again in its own format: only the pixels survive, so nothing
 * hidden after the image data (HTML, a zip) and no metadata (EXIF with a photo's GPS position,
 * comments) is stored. The EXIF orientation is applied first, so a phone photo stays upright, and
 * the image is scaled down to IMAGE_MAX_SIDE. Animated GIF and WebP keep their frames. Returns
 * null when the bytes do not decode as the format they start as.
 */
export async function reencodeImage(data: Buffer, mime: ImageMime): Promise<{ data: Buffer; mime: ImageMime } | null> {
  const format = FORMATS[mime];
  const animated = format === 'gif' || format === 'webp';
  const { default: sharp } = await loadSharp();
  try {
    const input = sharp(data, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    if (meta.format !== format) return null;
    // A palette PNG (a screenshot, a chart) stays one: as full colour it would take twice the bytes.
    const options = format === 'png' ? { palette: meta.isPalette } : format === 'gif' ? {} : { quality: 85 };
    const out = await input
      .autoOrient()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toFormat(format, options)
      .toBuffer();
    return { data: out, mime };
  } catch {
    return null;
  }
}

/** Keys that run something or open by themselves: scripts, launches, embedded files, actions. */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'AA', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA']);
/** How much an object stream may inflate to; beyond, the PDF cannot be checked and is refused. */
const MAX_INFLATED = 32 * 1024 * 1024;
const NAME = /\/([^\s/[\]<>(){}%]*)/g;
const STREAM = /(?<![A-Za-z])stream(?:\r\n|\n|\r)/g;

/** A name's text with its #xx escapes decoded (`/J#61vaScript` is `/JavaScript`). */
const unescapeName = (raw: string) => raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The active name found in some PDF object text, if any. An /OpenAction that is a page to open at is fine. */
function activeName(text: string): string | undefined {
  for (const m of text.matchAll(NAME)) {
    const name = unescapeName(m[1]!);
    if (ACTIVE_NAMES.has(name)) return name;
    if (name === 'OpenAction' && !/^\s*\[/.test(text.slice(m.index + m[0].length))) return name;
  }
  return undefined;
}

/**
 * Whether a PDF has JavaScript, automatic actions (/OpenAction other than a page to open at, /AA),
 * launch actions or embedded files: the first such name, or undefined for a plain document. The
 * objects are read outside the streams' bytes (so compressed data cannot look like a name), and in
 * the compressed object streams (/ObjStm, FlateDecode), where a PDF 1.5+ keeps most dictionaries.
 * An object stream too large to inflate counts as active. An encrypted PDF's object streams cannot
 * be read and are not checked.
 */
export function pdfActiveContent(data: Buffer): string | undefined {
  const text = data.toString('latin1');
  let pos = 0;
  for (;;) {
    STREAM.lastIndex = pos;
    const m = STREAM.exec(text);
    const before = text.slice(pos, m ? m.index : text.length);
    const found = activeName(before);
    if (found) return found;
    if (!m) return undefined;
    const start = m.index + m[0].length;
    const endAt = text.indexOf('endstream', start);
    const end = endAt < 0 ? text.length : endAt;
    const dict = before.slice(before.lastIndexOf('obj'));
    const names = new Set(Array.from(dict.matchAll(NAME), (n) => unescapeName(n[1]!)));
    if (names.has('ObjStm')) {
      let inflated: Buffer | undefined;
      try {
        inflated = zlib.inflateSync(data.subarray(start, end), { maxOutputLength: MAX_INFLATED, finishFlush: zlib.constants.Z_SYNC_FLUSH });
      } catch (err) {
        if (err instanceof RangeError) return 'ObjStm';
        // Another filter, or encrypted: not readable here.
      }
      const inner = inflated && activeName(inflated.toString('latin1'));
      if (inner) return inner;
    }
    pos = end + 'endstream'.length;
  }
}
