import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ID_CARD_BATCH_MAX, ROLE, type IdCardBatch, type IdCardBatchInput, type IdCardKind } from '@shala/contract';
import type { AppJob, Caller, Deps } from '../../context.js';
import { publicBase, type Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { idCardBatches } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { singleFlight } from '../../queue/index.js';
import { safeError } from '../../log.js';
import { readLogo } from '../../pdf/text.js';
import { scopeOf } from '../../policy/index.js';
import { asPlatform, tenantDb } from '../../db/scope.js';
import type { Storage } from '../../adapters/storage/index.js';
import { localDate } from '../calendar/index.js';
import { fullName } from '../users/service.js';
import { renderIdCards, type CardPerson } from './idcard-pdf.js';
import { rowsOf } from '../../db/rows.js';

/**
 * ID cards, part "idcards" of the certificates module (issue 26).
 *
 * A request (a principal or a system admin) queues a batch: a class's students, chosen students,
 * chosen staff or every active member of staff (at most 500 cards). The PDF is made off the request
 * path like report cards (exams/report-batch.ts): the request starts the run at once in its own
 * process, and the job queue (`ID_CARD_JOB`) picks up every minute and at start what a restart
 * left. A run takes one batch at a time with FOR UPDATE SKIP LOCKED, reads the people in one
 * statement, gives each person its card's token (kept: a card printed again keeps its QR code),
 * reads the photos, draws the sheets (idcard-pdf.ts) and stores the PDF privately (served only by
 * `openIdCardFile` to the school's admins). Who has no photo a card can print (JPEG or PNG) is kept
 * on the batch, for the screen to list first.
 *
 * A card's QR code opens the public verification page (`/verify/:token`, certificates.ts
 * `verifyToken`), which says only that the person is a student (or staff) of the school, or no
 * longer is.
 */

type Scope = string;
type BatchRow = typeof idCardBatches.$inferSelect;

/** A running batch older than this was left by a node that stopped: it is taken again. */
const STALE_MINUTES = 10;
const STAFF_ROLES = [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER] as const;
/** The roles a batch of this kind is for, as a SQL list. */
const rolesOf = (kind: IdCardKind) => sql.join((kind === 'students' ? [ROLE.STUDENT] : STAFF_ROLES).map((r) => sql`${r}`), sql`, `);


/** The public address of a certificate's or a card's verification page. */
export function verifyUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, token: string): string {
  return `${publicBase(config)}/sms_frontend/verify/${token}`;
}

const nobody = () => new AppError('VALIDATION_ERROR', 'Nobody to make cards for: the class has no students.', { reason: 'idcards_empty', field: 'classId' });

interface Listed extends Pick<BatchRow, 'id' | 'kind' | 'lang' | 'status' | 'count' | 'withoutPhoto' | 'createdAt' | 'finishedAt'> {
  className: string | null;
  section: string | null;
}

function present(r: Listed): IdCardBatch {
  return {
    batchId: r.id,
    kind: r.kind as IdCardKind,
    className: r.className === null ? null : r.section ? `${r.className}-${r.section}` : r.className,
    lang: r.lang as IdCardBatch['lang'],
    status: r.status as IdCardBatch['status'],
    count: r.count,
    withoutPhoto: r.withoutPhoto as IdCardBatch['withoutPhoto'],
    fileUrl: r.status === 'done' ? `/api/school/idcards/${r.id}/pdf` : null,
    createdAt: new Date(r.createdAt).toISOString(),
    finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
  };
}

/** How many people the input names, checked against the school (another school's class or person: 404). */
async function countPeople(db: DbOrTx, schoolId: Scope, input: IdCardBatchInput): Promise<number> {
  if (input.classId) {
    const [r] = rowsOf<{ found: boolean; n: number }>(
      await db.execute(sql`select exists (select 1 from classes k where k.school_id = ${schoolId} and k.id = ${input.classId}) as found,
        (select count(*)::int from class_students cs join users u on u.id = cs.student_id and u.school_id = cs.school_id
          where cs.school_id = ${schoolId} and cs.class_id = ${input.classId} and u.status and u.erased_at is null) as n`),
    );
    if (!r?.found) throw notFound('Class');
    return r.n;
  }
  const roleList = rolesOf(input.kind);
  if (!input.userIds) {
    const [r] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from users where school_id = ${schoolId} and role_id in (${roleList}) and status and erased_at is null`),
    );
    return r?.n ?? 0;
  }
  const ids = [...new Set(input.userIds)];
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from users where school_id = ${schoolId} and id = any(${sql.param(ids)}::uuid[])
      and role_id in (${roleList}) and status and erased_at is null`),
  );
  // One of them is not an active student (member of staff) of this school.
  if ((r?.n ?? 0) !== ids.length) throw notFound(input.kind === 'students' ? 'Student' : 'Staff member');
  return ids.length;
}

/** Queues a batch of cards and starts making it. */
export async function createIdCardBatch(deps: Deps, caller: Caller, input: IdCardBatchInput): Promise<IdCardBatch> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const count = await countPeople(db, schoolId, input);
  if (count === 0) throw nobody();
  if (count > ID_CARD_BATCH_MAX) throw new AppError('VALIDATION_ERROR', `At most ${ID_CARD_BATCH_MAX} cards at a time.`, { reason: 'idcards_too_many', params: { max: ID_CARD_BATCH_MAX } });
  const [row] = await db
    .insert(idCardBatches)
    .values({
      schoolId,
      kind: input.kind,
      classId: input.classId ?? null,
      userIds: input.userIds ? [...new Set(input.userIds)] : [],
      lang: input.lang ?? 'en',
      count,
      createdBy: caller.userId,
    })
    .returning();
  if (deps.config.JOBS) kick(deps);
  return (await listed(db, schoolId, row!.id))[0]!;
}

/** Batches with their class's name: one, or the newest page. */
async function listed(db: DbOrTx, schoolId: Scope, batchId: string | null, page = 1, pageSize = 10): Promise<IdCardBatch[]> {
  const rows = rowsOf<Listed>(
    await db.execute(sql`select b.id, b.kind, b.lang, b.status, b.count, b.without_photo as "withoutPhoto", b.created_at as "createdAt",
        b.finished_at as "finishedAt", k.master_class as "className", k.section
      from id_card_batches b left join classes k on k.id = b.class_id and k.school_id = b.school_id
      where b.school_id = ${schoolId} ${batchId ? sql`and b.id = ${batchId}` : sql``}
      order by b.created_at desc, b.id limit ${pageSize} offset ${(page - 1) * pageSize}`),
  );
  return rows.map(present);
}

/** A batch of the school's (another school's: 404). */
export async function getIdCardBatch(deps: Pick<Deps, 'data'>, caller: Caller, batchId: string): Promise<IdCardBatch> {
  const schoolId = scopeOf(caller);
  const [batch] = await listed(tenantDb(deps, schoolId), schoolId, batchId);
  if (!batch) throw notFound('Batch');
  return batch;
}

/** The school's batches, newest first. */
export async function listIdCardBatches(deps: Pick<Deps, 'data'>, caller: Caller, q: { page: number; pageSize: number }) {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from id_card_batches where school_id = ${schoolId}`));
  return { items: await listed(db, schoolId, null, q.page, q.pageSize), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** A finished batch's PDF (404 while it is not done, and for another school). */
export async function openIdCardFile(deps: Pick<Deps, 'data'>, storage: Storage, caller: Caller, batchId: string) {
  const schoolId = scopeOf(caller);
  const [row] = await tenantDb(deps, schoolId)
    .select({ fileName: idCardBatches.fileName, kind: idCardBatches.kind, lang: idCardBatches.lang })
    .from(idCardBatches)
    .where(and(eq(idCardBatches.schoolId, schoolId), eq(idCardBatches.id, batchId), eq(idCardBatches.status, 'done')));
  if (!row?.fileName) throw notFound('File');
  const found = await storage.get(row.fileName);
  if (!found) throw notFound('File');
  return { ...found, originalName: `id-cards-${row.kind}-${row.lang}.pdf` };
}

// ---------------------------------------------------------------------------------------------
// Making the PDFs

async function takeBatch(deps: Pick<Deps, 'data'>): Promise<BatchRow | null> {
  const [r] = rowsOf<BatchRow>(
    await asPlatform(deps).execute(sql`
      update id_card_batches b set status = 'running', started_at = now()
      where b.id = (
        select id from id_card_batches
        where status = 'queued' or (status = 'running' and started_at < now() - make_interval(mins => ${STALE_MINUTES}))
        order by created_at limit 1 for update skip locked
      )
      returning b.id, b.school_id as "schoolId", b.kind, b.class_id as "classId", b.user_ids as "userIds", b.lang`),
  );
  return r ?? null;
}

interface PersonRow {
  user_id: string;
  first_name: string;
  last_name: string;
  role_id: number;
  image: string | null;
  blood_group: string | null;
  phone: string | null;
  class_name: string | null;
  section: string | null;
  roll_no: number | null;
  admission_no: string | null;
  token: string;
}

/**
 * The batch's people with their cards' tokens, in one statement: each gets a token the first time
 * (kept afterwards) and today's date of issue; in class and roll order (students), by name (staff).
 */
async function cardPeople(db: DbOrTx, batch: BatchRow, today: string): Promise<PersonRow[]> {
  const schoolId = batch.schoolId;
  const ids = batch.userIds as string[];
  const who =
    batch.kind === 'students'
      ? batch.classId
        ? sql`u.id in (select student_id from class_students where school_id = ${schoolId} and class_id = ${batch.classId})`
        : sql`u.id = any(${sql.param(ids)}::uuid[])`
      : ids.length
        ? sql`u.id = any(${sql.param(ids)}::uuid[])`
        : sql`true`;
  const roles = sql`u.role_id in (${rolesOf(batch.kind as IdCardKind)})`;
  // A new token for each person, used only by those who have none yet.
  const people = rowsOf<{ id: string }>(await db.execute(sql`select u.id from users u where u.school_id = ${schoolId} and ${roles} and ${who} and u.erased_at is null and u.status`));
  if (!people.length) return [];
  const tokens = people.map(() => randomBytes(24).toString('base64url'));
  return rowsOf<PersonRow>(
    await db.execute(sql`
      with t as (
        insert into id_cards (school_id, user_id, token, issued_on)
        select ${schoolId}, x.id, x.token, ${today}::date
        from unnest(${sql.param(people.map((p) => p.id))}::uuid[], ${sql.param(tokens)}::text[]) as x(id, token)
        on conflict (school_id, user_id) do update set issued_on = excluded.issued_on
        returning user_id, token
      )
      select u.id as user_id, u.first_name, u.last_name, u.role_id, u.image, nullif(u.blood_group, '') as blood_group,
        coalesce(nullif(p.contact, ''), nullif(u.contact, '')) as phone,
        k.master_class as class_name, k.section, cs.roll_no, r.admission_no, t.token
      from t
      join users u on u.id = t.user_id and u.school_id = ${schoolId}
      left join users p on p.id = u.parent_user_id and p.school_id = u.school_id and u.role_id = ${ROLE.STUDENT}
      left join academic_sessions a on a.school_id = u.school_id and a.is_current
      left join class_students cs on cs.school_id = u.school_id and cs.student_id = u.id and cs.session_id = a.id
      left join classes k on k.id = cs.class_id and k.school_id = cs.school_id
      left join student_records r on r.school_id = u.school_id and r.student_id = u.id
      order by case when k.master_class ~ '^[0-9]+$' then k.master_class::int else -1 end, k.master_class, k.section,
        cs.roll_no nulls last, u.first_name, u.last_name, u.id`),
  );
}

/** Each person's photo, a few read at a time; null when there is none a card can print. */
async function photosOf(storage: Storage, people: PersonRow[]): Promise<(Buffer | null)[]> {
  const out: (Buffer | null)[] = new Array(people.length).fill(null);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < people.length; i = next++) out[i] = await readLogo(storage, people[i]!.image);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out;
}

/** Makes one batch taken by `takeBatch`: its PDF stored, the row done (or failed). */
async function makeBatch(deps: Pick<Deps, 'data' | 'config' | 'log'>, storage: Storage, batch: BatchRow): Promise<'done' | 'failed'> {
  const db = tenantDb(deps, batch.schoolId);
  try {
    const [school] = rowsOf<{ name: string; address: string | null; city: string | null; state: string | null; phone: string | null; image: string | null; time_zone: string; session_label: string | null }>(
      await db.execute(sql`select s.name, s.address, s.city, s.state, s.phone, s.image, s.time_zone,
          (select label from academic_sessions a where a.school_id = s.id and a.is_current limit 1) as session_label
        from schools s where s.id = ${batch.schoolId}`),
    );
    if (!school) throw new Error('school not found');
    const people = await cardPeople(db, batch, localDate(school.time_zone));
    const photos = await photosOf(storage, people);
    const cards: CardPerson[] = people.map((p, i) => ({
      fullName: fullName({ firstName: p.first_name, lastName: p.last_name }),
      roleId: p.role_id,
      photo: photos[i]!,
      className: p.class_name === null ? null : p.section ? `${p.class_name}-${p.section}` : p.class_name,
      rollNo: p.roll_no,
      admissionNo: p.admission_no,
      bloodGroup: p.blood_group,
      phone: p.phone,
      verifyUrl: verifyUrl(deps.config, p.token),
    }));
    const address = [[school.address, school.city, school.state].filter(Boolean).join(', '), school.phone].filter(Boolean).join(' · ') || null;
    const pdf = await renderIdCards(
      { kind: batch.kind as IdCardKind, school: { name: school.name, address, logo: await readLogo(storage, school.image) }, sessionLabel: batch.kind === 'students' ? school.session_label : null, people: cards },
      batch.lang as IdCardBatch['lang'],
    );
    const fileName = `${randomUUID()}.pdf`;
    await storage.put(fileName, pdf, 'application/pdf');
    const withoutPhoto = people.flatMap((p, i) => (photos[i] ? [] : [{ userId: p.user_id, fullName: cards[i]!.fullName }]));
    const [old] = await db
      .select({ fileName: idCardBatches.fileName })
      .from(idCardBatches)
      .where(and(eq(idCardBatches.schoolId, batch.schoolId), eq(idCardBatches.id, batch.id)));
    await db
      .update(idCardBatches)
      .set({ status: 'done', count: cards.length, withoutPhoto, fileName, finishedAt: sql`now()` })
      .where(and(eq(idCardBatches.schoolId, batch.schoolId), eq(idCardBatches.id, batch.id)));
    // A stale run taken again replaced an earlier file: remove it.
    if (old?.fileName && old.fileName !== fileName) await storage.delete(old.fileName);
    return 'done';
  } catch (err) {
    deps.log.warn({ batch: batch.id, err: safeError(err) }, 'ID cards failed');
    await db
      .update(idCardBatches)
      .set({ status: 'failed', error: 'render', finishedAt: sql`now()` })
      .where(and(eq(idCardBatches.schoolId, batch.schoolId), eq(idCardBatches.id, batch.id)));
    return 'failed';
  }
}

/** Makes every batch waiting (any school), one at a time, until none is left. */
export async function runIdCardBatches(deps: Pick<Deps, 'data' | 'config' | 'log' | 'storage'>, storage: Storage = deps.storage) {
  const outcome = { done: 0, failed: 0 };
  for (let batch = await takeBatch(deps); batch; batch = await takeBatch(deps)) outcome[await makeBatch(deps, storage, batch)]++;
  return outcome;
}

/** One run per app at a time: a kick while one runs asks it to look again when it ends. */
const kick = singleFlight(
  (deps: Deps) => runIdCardBatches(deps),
  (deps, err) => deps.log.warn({ err: safeError(err) }, 'ID cards failed'),
);

/** The safety net: every minute and at start, what a restart left queued. */
export const ID_CARD_JOB: AppJob = {
  name: 'id-cards',
  cron: '* * * * *',
  atStart: true,
  run: (deps) => runIdCardBatches(deps),
};
