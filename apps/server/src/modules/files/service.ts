import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { FILE_TYPES, IMAGE_TYPES, UPLOAD_LIMITS, type AttachedFile, type UploadedFile } from '@shala/contract';
import type { Caller } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { files, schools, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { filesPolicy } from '../../policy/files.js';
import { isStoredName, type Storage, type StoredObject } from '../../adapters/storage/index.js';
import { now as clockNow } from '../../clock.js';
import { isImageMime, pdfActiveContent, reencodeImage } from './clean.js';

/** The types we store, with the extension of the stored name and the label shown in messages. */
const TYPES: Record<string, { ext: string; label: string }> = {
  'image/jpeg': { ext: 'jpg', label: 'JPEG' },
  'image/png': { ext: 'png', label: 'PNG' },
  'image/webp': { ext: 'webp', label: 'WebP' },
  'image/gif': { ext: 'gif', label: 'GIF' },
  'application/pdf': { ext: 'pdf', label: 'PDF' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { ext: 'docx', label: 'DOCX' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { ext: 'xlsx', label: 'XLSX' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { ext: 'pptx', label: 'PPTX' },
  'application/vnd.oasis.opendocument.text': { ext: 'odt', label: 'ODT' },
  'application/vnd.oasis.opendocument.spreadsheet': { ext: 'ods', label: 'ODS' },
  'application/vnd.oasis.opendocument.presentation': { ext: 'odp', label: 'ODP' },
  'application/msword': { ext: 'doc', label: 'DOC' },
  'application/vnd.ms-excel': { ext: 'xls', label: 'XLS' },
  'application/vnd.ms-powerpoint': { ext: 'ppt', label: 'PPT' },
};
const MIME_OF_EXT = Object.fromEntries(Object.entries(TYPES).map(([mime, t]) => [t.ext, mime]));
/** Detected types that are one of ours under another name (an animated PNG is a PNG). */
const SAME_AS: Record<string, string> = { 'image/apng': 'image/png' };

/**
 * Legacy Office files are all one container (OLE2, `application/x-cfb`): its kind is taken from
 * the original name's extension, and only these three.
 */
const CFB_BY_EXT: Record<string, string> = { doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint' };
/**
 * Office Open XML files whose `[Content_Types].xml` comes after the first bytes (LibreOffice writes
 * it last): a zip named .docx/.xlsx/.pptx is one when its first entries are in that format's folder.
 */
const OOXML_BY_EXT: Record<string, { mime: string; folder: string }> = {
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', folder: 'word/' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', folder: 'xl/' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', folder: 'ppt/' },
};

/** Enough bytes for file-type to recognise every type we accept (a zip's first entries). */
const SNIFF_BYTES = 64 * 1024;

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** The type of an upload from its first bytes; the name only tells apart what the bytes cannot. */
async function detectType(head: Buffer, originalName: string): Promise<string | undefined> {
  // file-type loaded at the first upload, not at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = (await fileTypeFromBuffer(head).catch(() => undefined))?.mime;
  const ext = extensionOf(originalName);
  if (detected === 'application/x-cfb') return CFB_BY_EXT[ext];
  const ooxml = OOXML_BY_EXT[ext];
  if (detected === 'application/zip' && ooxml && head.includes(ooxml.folder)) return ooxml.mime;
  return detected ? (SAME_AS[detected] ?? detected) : undefined;
}

interface Rule {
  accept: readonly string[];
  maxBytes: number;
}
const IMAGE: Rule = { accept: IMAGE_TYPES, maxBytes: UPLOAD_LIMITS.imageBytes };
const ANY_FILE: Rule = { accept: FILE_TYPES, maxBytes: UPLOAD_LIMITS.fileBytes };

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const labels = (accept: readonly string[]) => accept.map((m) => TYPES[m]?.label ?? m).join(', ');

function tooLarge(what: string, maxBytes: number, name?: string) {
  const maxMb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return new AppError('PAYLOAD_TOO_LARGE', `${what} is larger than ${megabytes(maxBytes)}, the most allowed.`, {
    reason: 'file_too_large',
    params: name ? { name, maxMb } : { maxMb },
  });
}

/** The client's file name, only ever echoed back: no folders, no control characters, 200 at most. */
export function cleanOriginalName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return Array.from(clean).slice(0, 200).join('').trim() || 'file';
}

/** The multipart parser's failures are the client's mistakes: say which, never a 5xx. */
export function parserError(err: unknown, maxBytes: number): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number };
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge('A file', maxBytes);
    case 'FST_FILES_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', `At most ${UPLOAD_LIMITS.files} files can be uploaded at once.`, {
        reason: 'too_many_files',
        params: { max: UPLOAD_LIMITS.files },
      });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'The form has too many parts.', { reason: 'too_many_parts' });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return notMultipart();
  }
  if (typeof e.statusCode === 'number' && e.statusCode < 500) return err;
  return new AppError('BAD_REQUEST', 'The upload could not be read: send it as multipart/form-data.', { reason: 'not_multipart' });
}

function notMultipart() {
  return new AppError('BAD_REQUEST', 'Send the file as multipart/form-data.', { reason: 'not_multipart' });
}

/**
 * Stores one uploaded part under a new name. The type comes from the first bytes (file-type),
 * never from the file name or the client's content type; the stored name is `<uuid>.<ext>` of
 * the detected type. The bytes go straight to storage, which keeps nothing if the part turns out
 * too large; images and PDFs are read whole first and cleaned (see `cleaned`).
 */
async function storePart(storage: Storage, part: MultipartFile, rule: Rule): Promise<UploadedFile> {
  const originalName = cleanOriginalName(part.filename);
  const source = part.file;
  const reader = source[Symbol.asyncIterator]();
  const read = async (): Promise<Buffer | null> => {
    try {
      const next = await reader.next();
      return next.done ? null : (next.value as Buffer);
    } catch (err) {
      throw parserError(err, rule.maxBytes);
    }
  };
  const stop = async () => void (await reader.return?.().catch(() => undefined));

  const headChunks: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const chunk = await read();
    if (!chunk) break;
    headChunks.push(chunk);
    headBytes += chunk.length;
  }
  const head = Buffer.concat(headChunks);
  if (source.truncated) {
    await stop();
    throw tooLarge(`"${originalName}"`, rule.maxBytes, originalName);
  }
  if (head.length === 0) {
    await stop();
    throw new AppError('BAD_REQUEST', `"${originalName}" is empty.`, { reason: 'file_empty', params: { name: originalName } });
  }
  const mime = await detectType(head, originalName);
  const type = mime && rule.accept.includes(mime) ? TYPES[mime] : undefined;
  if (!mime || !type) {
    await stop();
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `"${originalName}" is not an accepted file type. Accepted: ${labels(rule.accept)}.`,
      { reason: 'file_type', params: { name: originalName, accepted: labels(rule.accept) } },
    );
  }

  const chunks = (async function* () {
    yield head;
    for (let chunk = await read(); chunk; chunk = await read()) yield chunk;
    // busboy stops at the limit and ends the part early, marked truncated.
    if (source.truncated) throw tooLarge(`"${originalName}"`, rule.maxBytes, originalName);
  })();
  if (isImageMime(mime) || mime === 'application/pdf') {
    const whole: Buffer[] = [];
    for await (const chunk of chunks) whole.push(chunk);
    const clean = await cleaned(Buffer.concat(whole), mime, originalName);
    const name = `${randomUUID()}.${TYPES[clean.mime]!.ext}`;
    const { size } = await storage.put(name, clean.data, clean.mime);
    return { imageName: name, originalName, mime: clean.mime, size };
  }
  const name = `${randomUUID()}.${type.ext}`;
  const { size } = await storage.put(name, Readable.from(chunks), mime);
  return { imageName: name, originalName, mime, size };
}

/**
 * What is stored of an image or a PDF: an image is decoded and encoded again (nothing after its
 * data, no metadata such as a photo's GPS position); a PDF with scripts or automatic actions is
 * refused, since a file may one day be served from a bucket or a CDN without our headers.
 */
async function cleaned(data: Buffer, mime: string, originalName: string): Promise<{ data: Buffer; mime: string }> {
  if (isImageMime(mime)) {
    const image = await reencodeImage(data, mime);
    if (!image) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `"${originalName}" could not be read as a ${TYPES[mime]!.label} image.`, {
        reason: 'image_unreadable',
        params: { name: originalName },
      });
    }
    return image;
  }
  const active = pdfActiveContent(data);
  if (active) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `"${originalName}" has scripts or automatic actions (/${active}), which are not accepted.`, {
      reason: 'pdf_active',
      params: { name: originalName },
    });
  }
  return { data, mime };
}

/**
 * Runs an upload; when it fails before the body is read to the end (a wrong type is refused at
 * its first bytes), the rest is discarded and the connection closed after the answer, so the
 * client gets the answer and the socket is not left waiting on unread bytes.
 */
export async function reading<T>(req: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!req.raw.complete) {
      reply.header('connection', 'close');
      req.raw.unpipe();
      req.raw.resume();
    }
    throw err;
  }
}

function quotaFull() {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `Your uploads have reached ${megabytes(UPLOAD_LIMITS.userQuotaBytes)}, the most allowed per person. Remove photos you no longer use, or ask your school.`,
    { reason: 'quota_exceeded', params: { maxMb: Math.round(UPLOAD_LIMITS.userQuotaBytes / 1024 / 1024) } },
  );
}

/** Bytes the user's files take (attached or not yet swept). */
async function usedBytes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<string>`coalesce(sum(${files.size}), 0)` }).from(files).where(eq(files.ownerId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Runs a read of uploaded parts under the caller's quota and records each stored file with its
 * owner and school; over the quota, nothing is kept and the answer is 413.
 */
async function owned(db: Db, storage: Storage, caller: Caller, read: () => Promise<UploadedFile[]>): Promise<UploadedFile[]> {
  const used = await usedBytes(db, caller.userId);
  if (used >= UPLOAD_LIMITS.userQuotaBytes) throw quotaFull();
  const stored = await read();
  const total = stored.reduce((n, f) => n + f.size, 0);
  try {
    if (used + total > UPLOAD_LIMITS.userQuotaBytes) throw quotaFull();
    await db
      .insert(files)
      .values(stored.map((f) => ({ name: f.imageName, schoolId: caller.schoolId, ownerId: caller.userId, size: f.size, mime: f.mime, originalName: f.originalName })));
  } catch (err) {
    await Promise.all(stored.map((f) => storage.delete(f.imageName)));
    throw err;
  }
  return stored;
}

/** POST /api/fileupload: one image in the field "file". */
export async function uploadImage(db: Db, storage: Storage, caller: Caller, req: FastifyRequest, reply: FastifyReply): Promise<UploadedFile> {
  const [file] = await reading(req, reply, () => owned(db, storage, caller, async () => [await readImage(storage, req)]));
  return file!;
}

/** POST /api/fileupload/multi: up to UPLOAD_LIMITS.files files in the field "files"; all or none. */
export function uploadFiles(db: Db, storage: Storage, caller: Caller, req: FastifyRequest, reply: FastifyReply): Promise<UploadedFile[]> {
  return reading(req, reply, () => owned(db, storage, caller, () => readFiles(storage, req)));
}

async function readImage(storage: Storage, req: FastifyRequest): Promise<UploadedFile> {
  if (!req.isMultipart()) throw notMultipart();
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: IMAGE.maxBytes } });
  } catch (err) {
    throw parserError(err, IMAGE.maxBytes);
  }
  if (!part) throw new AppError('BAD_REQUEST', 'No file was sent: put the image in the field "file".', { reason: 'file_missing', field: 'file' });
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new AppError('BAD_REQUEST', 'Put the image in the field "file".', { reason: 'file_missing', field: 'file' });
  }
  return storePart(storage, part, IMAGE);
}

async function readFiles(storage: Storage, req: FastifyRequest): Promise<UploadedFile[]> {
  if (!req.isMultipart()) throw notMultipart();
  const parts = req.files();
  const stored: UploadedFile[] = [];
  try {
    for (;;) {
      let next: IteratorResult<MultipartFile>;
      try {
        next = await parts.next();
      } catch (err) {
        throw parserError(err, ANY_FILE.maxBytes);
      }
      if (next.done) break;
      const part = next.value;
      if (part.fieldname !== 'files') {
        part.file.resume();
        throw new AppError('BAD_REQUEST', 'Put the files in the field "files".', { reason: 'file_missing', field: 'files' });
      }
      stored.push(await storePart(storage, part, ANY_FILE));
    }
  } catch (err) {
    await Promise.all(stored.map((f) => storage.delete(f.imageName)));
    throw err;
  }
  if (stored.length === 0) throw new AppError('BAD_REQUEST', 'No file was sent: put the files in the field "files".', { reason: 'file_missing', field: 'files' });
  return stored;
}

export interface OpenedUpload extends StoredObject {
  mime: string;
}

/**
 * An uploaded file for a signed-in caller: a file of the caller's school, or its own; the
 * platform owner reads any. A private file (class work's) only its owner reads here; the others
 * who may see it go through its record's route. Unknown names and other schools' files answer 404.
 */
export async function openUpload(db: Db, storage: Storage, caller: Caller, name: string): Promise<OpenedUpload> {
  const mime = MIME_OF_EXT[extensionOf(name)];
  if (!mime || !isStoredName(name)) throw notFound('File');
  const [row] = await db.select({ schoolId: files.schoolId, ownerId: files.ownerId, private: files.private }).from(files).where(eq(files.name, name));
  if (!filesPolicy.mayRead(caller, row)) throw notFound('File');
  const found = await storage.get(name);
  if (!found) throw notFound('File');
  return { ...found, mime };
}

/**
 * Marks a file as used by a record (a person's photo, a school's logo), so the orphan sweep keeps
 * it. Only a file of that school, or one the caller uploaded without a school (the platform
 * owner's upload of a new school's logo, which then joins the school), is attached; any other
 * name is left alone (it will not be served to that school either).
 */
export async function attachFile(db: DbOrTx, name: string | null | undefined, at: { schoolId: string | null; callerId: string }): Promise<void> {
  if (!name || !isStoredName(name)) return;
  await db
    .update(files)
    .set({ attachedAt: sql`coalesce(${files.attachedAt}, now())`, schoolId: sql`coalesce(${files.schoolId}, ${at.schoolId})` })
    .where(
      and(eq(files.name, name), filesPolicy.attachableWhere(at)),
    );
}

/**
 * Attaches the caller's own upload, not yet attached, of the school to a private record (a
 * message's attachment, a leave's document): marked private and attached in one UPDATE … RETURNING
 * inside the record's transaction; any other name (another's, another school's, used already) is
 * 400 `file_not_yours` on `field`, and the transaction writes nothing.
 */
export async function attachPrivateUpload(tx: DbOrTx, caller: Caller, schoolId: string, name: string, field: string, at: Date = clockNow()): Promise<AttachedFile> {
  const [f] = await tx
    .update(files)
    .set({ attachedAt: at, private: true })
    .where(and(eq(files.name, name), eq(files.ownerId, caller.userId), eq(files.schoolId, schoolId), isNull(files.attachedAt)))
    .returning({ name: files.name, originalName: files.originalName, mime: files.mime, size: files.size });
  if (!f) throw new AppError('BAD_REQUEST', `"${name}" cannot be attached: upload it again.`, { reason: 'file_not_yours', field, params: { name } });
  return { name: f.name, originalName: f.originalName ?? f.name, mime: f.mime ?? 'application/octet-stream', size: f.size ?? 0 };
}

/**
 * A record's image changed from `previous`: unless another record still shows it, the old file
 * is detached, so the sweep removes it and it stops counting against its owner's quota.
 */
export async function replaceFile(db: DbOrTx, previous: string | null | undefined, next: string | null | undefined): Promise<void> {
  if (!previous || previous === next || next === undefined || !isStoredName(previous)) return;
  await db.execute(sql`
    update ${files} set attached_at = null
    where ${files.name} = ${previous}
      and not exists (select 1 from ${users} where ${users.image} = ${previous})
      and not exists (select 1 from ${schools} where ${schools.image} = ${previous})`);
}

/** How long an uploaded file may stay unattached before the sweep removes it. */
export const ORPHAN_AFTER_MS = 24 * 3600_000;
/** How often the orphan sweep runs while the server runs. */
export const ORPHAN_SWEEP_MS = 60 * 60_000;

/** Removes files never attached to a record within ORPHAN_AFTER_MS: bytes first, then the row. */
export async function sweepOrphans(db: Db, storage: Storage, now = clockNow()): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_AFTER_MS);
  let removed = 0;
  for (;;) {
    const batch = await db
      .select({ name: files.name })
      .from(files)
      .where(and(isNull(files.attachedAt), lt(files.createdAt, cutoff)))
      .limit(500);
    for (const f of batch) {
      await storage.delete(f.name);
      await db.delete(files).where(and(eq(files.name, f.name), isNull(files.attachedAt)));
    }
    removed += batch.length;
    if (batch.length < 500) return removed;
  }
}
