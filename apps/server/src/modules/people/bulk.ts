import { Readable, pipeline } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { z } from 'zod';
import {
  issueInfo,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  isSafeText,
  KIND_ROLE,
  parentFields,
  personFields,
  studentFields,
  text,
  type ImportKind,
  type ImportResult,
  type ImportRowError,
  type ListQuery,
  type PeopleKind,
  csvCell,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema.js';
import { AppError, forbidden } from '../../errors.js';
import { hashMany, newPassword } from '../../auth/crypto.js';
import { schoolOf, scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { peoplePolicy } from '../../policy/people.js';
import { parserError, reading } from '../files/service.js';
import { recordCreates } from '../privacy/index.js';
import { admittedToday } from '../certificates/index.js';
import { fullName, reserveLoginIds } from '../users/service.js';
import { sendCredentials } from './mail.js';
import { columnsOf, kindWhere, parentsByLoginId, schoolCode, searchOf, statusOf, type PersonInput } from './service.js';
import { now } from '../../clock.js';

const ROW_SCHEMA: Record<ImportKind, z.ZodType<PersonInput & { parentLoginId?: string | null }>> = {
  teachers: personFields,
  // A student's row has no adult-only fields (the CSV template has no such columns either).
  students: studentFields.omit({ parentId: true }).extend({ parentLoginId: text(64).nullish() }),
  parents: parentFields,
};
const MAX_ERRORS = 200;
const PREVIEW_ROWS = 10;
const INSERT_CHUNK = 500;

/** Reads the uploaded CSV row by row; stops at the row limit, so memory stays bounded. */
async function readCsv(req: FastifyRequest, kind: ImportKind): Promise<Array<Record<string, string>>> {
  if (!req.isMultipart()) {
    throw new AppError('BAD_REQUEST', 'Send the CSV file as multipart/form-data in the field "file".', { reason: 'not_multipart' });
  }
  let file: MultipartFile | undefined;
  try {
    file = await req.file({ limits: { fileSize: IMPORT_LIMITS.bytes, files: 1 } });
  } catch (err) {
    throw parserError(err, IMPORT_LIMITS.bytes);
  }
  if (!file) throw new AppError('BAD_REQUEST', 'Choose a CSV file to import.', { reason: 'file_missing', field: 'file' });
  const known = new Map(IMPORT_COLUMNS[kind].map((c) => [c.toLowerCase(), c]));
  // csv-parse loaded at the first import, not at start.
  const { parse, CsvError } = await import('csv-parse');
  const parser = parse({
    bom: true,
    columns: (header: string[]) => header.map((h) => known.get(h.trim().toLowerCase()) ?? `?${h}`),
    skip_empty_lines: true,
    trim: true,
    relax_column_count: true,
    max_record_size: 20_000,
    // One record past the limit is enough to refuse the file; parsing the rest would only cost time.
    to: IMPORT_LIMITS.rows + 1,
  });
  // pipeline, not pipe: a broken or cut-off upload must fail the parser, not leave it waiting.
  pipeline(file.file, parser, () => undefined);
  const rows: Array<Record<string, string>> = [];
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      if (rows.length === 0 && !('firstName' in record)) {
        throw new AppError('BAD_REQUEST', `The first line must name the columns (${IMPORT_COLUMNS[kind].join(', ')}); firstName is required.`, {
          reason: 'csv_header',
          params: { columns: IMPORT_COLUMNS[kind].join(', ') },
        });
      }
      const line = rows.length + 2; // line 1 is the header
      for (const [column, value] of Object.entries(record)) {
        if (!isSafeText(value, { multiline: true })) {
          const name = column.replace(/^\?/, '');
          throw new AppError('BAD_REQUEST', `Line ${line}, column ${name}: the cell has control characters (such as NUL); is this a CSV text file?`, {
            reason: 'csv_control_chars',
            params: { line, column: name },
          });
        }
      }
      rows.push(record);
      if (rows.length > IMPORT_LIMITS.rows) {
        throw new AppError('PAYLOAD_TOO_LARGE', `A file may have at most ${IMPORT_LIMITS.rows} rows. Split it into smaller files.`, {
          reason: 'csv_too_many_rows',
          params: { max: IMPORT_LIMITS.rows },
        });
      }
    }
  } catch (err) {
    file.file.destroy();
    if (err instanceof CsvError) {
      throw new AppError('BAD_REQUEST', `The file is not valid CSV: ${err.message}`, { reason: 'csv_invalid', params: { detail: err.message } });
    }
    throw parserError(err, IMPORT_LIMITS.bytes);
  }
  if (file.file.truncated) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 2 MB.', { reason: 'file_too_large', params: { maxMb: IMPORT_LIMITS.bytes / 1024 / 1024 } });
  }
  if (rows.length === 0) throw new AppError('BAD_REQUEST', 'The file has no rows to import.', { reason: 'csv_no_rows' });
  return rows;
}

/**
 * Imports teachers, students or parents from CSV: every row is checked first; a file with any
 * bad row changes nothing. A dry run only reports.
 */
export async function importPeople(
  deps: Deps,
  caller: Caller,
  kind: ImportKind,
  dryRun: boolean,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<ImportResult> {
  const schoolId = schoolOf(caller);
  const records = await reading(req, reply, () => readCsv(req, kind));
  const errors: ImportRowError[] = [];
  const addError = (e: ImportRowError) => errors.length < MAX_ERRORS && errors.push(e);
  const valid: Array<{ row: number; input: PersonInput & { parentLoginId?: string | null } }> = [];

  records.forEach((record, i) => {
    const row = i + 2; // line 1 is the header
    const values = Object.fromEntries(Object.entries(record).filter(([k]) => !k.startsWith('?')));
    const parsed = ROW_SCHEMA[kind].safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        addError({ row, column: issue.path.length ? String(issue.path[0]) : null, message: issue.message, ...issueInfo(issue) });
      }
      return;
    }
    valid.push({ row, input: parsed.data });
  });

  // Duplicate emails, inside the file and against the school (one query).
  const seen = new Map<string, number>();
  for (const v of valid) {
    const email = v.input.email?.toLowerCase();
    if (!email) continue;
    const first = seen.get(email);
    if (first) addError({ row: v.row, column: 'email', message: `The same email is on row ${first}.`, code: 'duplicate_in_file', params: { row: first } });
    else seen.set(email, v.row);
  }
  const role = KIND_ROLE[kind];
  await inTenant(deps, schoolId, async (tx) => {
    if (seen.size) {
      const taken = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.schoolId, schoolId), eq(users.roleId, role), inArray(sql`lower(${users.email})`, [...seen.keys()])));
      const takenSet = new Set(taken.map((t) => t.email!.toLowerCase()));
      for (const v of valid) {
        if (v.input.email && takenSet.has(v.input.email.toLowerCase())) {
          addError({ row: v.row, column: 'email', message: 'An account with this email already exists in this school.', code: 'email_taken', params: { kind } });
        }
      }
    }
    if (kind === 'students') {
      const wanted = [...new Set(valid.map((v) => v.input.parentLoginId).filter((x): x is string => !!x))];
      const parents = await parentsByLoginId(tx, schoolId, wanted);
      for (const v of valid) {
        const id = v.input.parentLoginId;
        if (!id) continue;
        const parentId = parents.get(id.toLowerCase());
        if (parentId) v.input.parentId = parentId;
        else addError({ row: v.row, column: 'parentLoginId', message: `No parent with the login id ${id} in this school.`, code: 'parent_not_found', params: { loginId: id } });
      }
    }
  });
  errors.sort((a, b) => a.row - b.row);

  const preview = valid.slice(0, PREVIEW_ROWS).map((v) => ({
    row: v.row,
    fullName: fullName({ firstName: v.input.firstName ?? '', lastName: v.input.lastName ?? '' }),
    email: v.input.email ?? null,
  }));
  const base = { dryRun, total: records.length, preview, errors };
  if (dryRun || errors.length) return { ...base, imported: 0, accounts: [] };

  const passwords = valid.map(() => newPassword());
  const hashes = await hashMany(passwords);
  let loginIds: string[];
  try {
    loginIds = await inTenant(deps, schoolId, async (tx) => {
      const code = await schoolCode(tx, schoolId);
      const ids = await reserveLoginIds(tx, code, role, valid.length);
      for (let start = 0; start < valid.length; start += INSERT_CHUNK) {
        const chunk = valid.slice(start, start + INSERT_CHUNK).map((v, j) => ({
          firstName: '',
          ...columnsOf(v.input),
          schoolId,
          roleId: role,
          loginId: ids[start + j]!,
          passwordHash: hashes[start + j]!,
        }));
        const created = await tx.insert(users).values(chunk).returning({ id: users.id });
        // Each student added is in the audit log, as one added by hand (in the same transaction).
        if (kind === 'students') {
          await admittedToday(tx, schoolId, created.map((c) => c.id));
          await recordCreates(tx, caller, schoolId, created.map((c) => c.id), 'import');
        }
      }
      return ids;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Some emails were taken while importing; nothing was imported. Please try again.', { reason: 'import_conflict' });
    throw err;
  }
  const accounts = valid.map((v, i) => ({
    row: v.row,
    fullName: fullName({ firstName: v.input.firstName ?? '', lastName: v.input.lastName ?? '' }),
    loginId: loginIds[i]!,
    password: passwords[i]!,
  }));
  valid.forEach((v, i) => {
    if (v.input.email) sendCredentials(deps, { to: v.input.email, name: accounts[i]!.fullName, loginId: accounts[i]!.loginId, password: accounts[i]!.password });
  });
  return { ...base, imported: valid.length, accounts };
}


const EXPORT_BATCH = 1000;
const EXPORT_MAX = 50_000;
const parent = alias(users, 'parent');

/** Streams a list as CSV (UTF-8 with BOM so spreadsheets show Hindi names), in batches. */
export async function exportPeople(
  deps: Deps,
  caller: Caller,
  kind: PeopleKind,
  q: Omit<ListQuery, 'page' | 'pageSize'>,
  reply: FastifyReply,
) {
  // The route admits every role that may export some kind; each kind follows its list's roles.
  if (!peoplePolicy.can(caller, kind)) throw forbidden();
  const scope = scopeOf(caller);
  const where = and(kindWhere(kind, scope), statusOf(q.status), searchOf(q.search));
  const db = tenantDb(deps, scope);
  const columns = ['loginId', ...(kind === 'principals' ? IMPORT_COLUMNS.teachers : IMPORT_COLUMNS[kind as ImportKind]), 'status'];
  const batch = (offset: number) =>
    db
      .select({ u: users, parentLoginId: parent.loginId })
      .from(users)
      .leftJoin(parent, eq(parent.id, users.parentUserId))
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(EXPORT_BATCH)
      .offset(offset);
  // The first batch is read before the headers go out, so a failing query answers with an error
  // envelope instead of a cut-off file; a later failure aborts the response (never a silent end).
  const first = await batch(0);
  async function* lines() {
    yield '\uFEFF' + columns.join(',') + '\r\n';
    let rows = first;
    let offset = 0;
    for (;;) {
      let chunk = '';
      for (const { u, parentLoginId } of rows) {
        const record: Record<string, unknown> = { ...u, parentLoginId, status: u.status ? 'active' : 'inactive' };
        chunk += columns.map((c) => csvCell(record[c])).join(',') + '\r\n';
      }
      if (chunk) yield chunk;
      offset += EXPORT_BATCH;
      if (rows.length < EXPORT_BATCH || offset >= EXPORT_MAX) return;
      rows = await batch(offset);
    }
  }
  const day = now().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${kind}-${day}.csv"`)
    .send(Readable.from(lines()));
}
