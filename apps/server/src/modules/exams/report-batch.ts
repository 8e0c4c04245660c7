import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ReportBatch, ReportCard, ReportLang } from '@shala/contract';
import type { AppJob, Caller, Deps } from '../../context.js';
import { classStudents, classes, reportCardBatches } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { singleFlight } from '../../queue/index.js';
import { readLogo } from '../../pdf/text.js';
import { examsPolicy } from '../../policy/exams.js';
import { schoolOf, scopeOf } from '../../policy/index.js';
import { asPlatform, tenantDb } from '../../db/scope.js';
import { safeError } from '../../log.js';
import type { Storage } from '../../adapters/storage/index.js';
import { localDate } from '../calendar/index.js';
import { afterCommit, notify } from '../notifications/service.js';
import { cardOf, loadCardPeople, loadTerms } from './report.js';
import { classLabel, renderReportCards } from './report-pdf.js';
import { loadClassResults } from './results.js';
import { rowsOf } from '../../db/rows.js';

/**
 * A class's report cards in one PDF, made off the request path (issue 11, helper 3).
 *
 * A request inserts a `report_card_batches` row (queued) and answers at once; the PDF is made by
 * `runReportBatches`, which takes queued rows one at a time with FOR UPDATE SKIP LOCKED (two nodes
 * never take the same row; a row is marked running in the statement that takes it), renders every
 * card of the class (the class's results, people and terms: seven statements for any size), stores
 * the PDF in the storage (private: served only by `openBatchFile` to its requester; it is not a row
 * of `files`, so `/api/uploads/:name` never serves it) and tells the requester (kind `result`).
 *
 * When does it run? A user waits for it, so a 30-second poll is too slow: the request that creates
 * a batch starts `runReportBatches` at once in its own process (not awaited; one loop per process
 * at a time). The job queue (`REPORT_CARD_JOB`, jobs/index.ts) is the safety net: every minute and
 * at start it runs the same function, which picks up what a restart or a crashed node left behind
 * (queued rows, and running rows whose run started over `STALE_MINUTES` ago). With JOBS=off (the
 * tests) nothing starts by itself: tests call `runReportBatches` directly.
 */

/** A running batch older than this was left by a node that stopped: it is taken again. */
export const STALE_MINUTES = 10;

type BatchRow = typeof reportCardBatches.$inferSelect;

function present(r: Pick<BatchRow, 'id' | 'classId' | 'lang' | 'status' | 'cards' | 'createdAt' | 'finishedAt'>): ReportBatch {
  return {
    batchId: r.id,
    assignClassId: r.classId,
    lang: r.lang as ReportLang,
    status: r.status as ReportBatch['status'],
    cards: r.cards,
    createdAt: new Date(r.createdAt).toISOString(),
    finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
  };
}

/** Queues a class's cards in one PDF (admins; a teacher of the class; else 404) and starts making it. */
export async function createReportBatch(deps: Deps, caller: Caller, classId: string, body: { lang: ReportLang }): Promise<ReportBatch> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  // The class (visible to the caller), its session and size, in the insert's own statement.
  const result = await db.execute(sql`
    insert into report_card_batches (school_id, class_id, session_id, lang, cards, requested_by)
    select k.school_id, k.id, k.session_id, ${body.lang}::text,
      (select count(*)::int from class_students cs where cs.school_id = k.school_id and cs.class_id = k.id), ${caller.userId}::uuid
    from classes k
    where k.school_id = ${schoolId} and k.id = ${classId} and ${examsPolicy.classVisible(caller, sql`k.id`)}
    returning id, class_id as "classId", lang, status, cards, created_at as "createdAt", finished_at as "finishedAt"`);
  const [row] = rowsOf<Pick<BatchRow, 'id' | 'classId' | 'lang' | 'status' | 'cards' | 'createdAt' | 'finishedAt'>>(result);
  if (!row) throw notFound('Class');
  if (deps.config.JOBS) kick(deps);
  return present(row);
}

/** A batch of the caller's (anyone else's: 404). */
export async function getReportBatch(deps: Pick<Deps, 'data'>, caller: Caller, batchId: string): Promise<ReportBatch> {
  const schoolId = schoolOf(caller);
  const [row] = await tenantDb(deps, scopeOf(caller))
    .select()
    .from(reportCardBatches)
    .where(and(eq(reportCardBatches.schoolId, schoolId), eq(reportCardBatches.id, batchId), eq(reportCardBatches.requestedBy, caller.userId)));
  if (!row) throw notFound('Batch');
  return present(row);
}

/** A finished batch's PDF, for its requester only (404 otherwise, and while it is not done). */
export async function openBatchFile(deps: Pick<Deps, 'data'>, storage: Storage, caller: Caller, batchId: string) {
  const schoolId = schoolOf(caller);
  const [row] = await tenantDb(deps, scopeOf(caller))
    .select({ fileName: reportCardBatches.fileName, className: classes.name, section: classes.section, lang: reportCardBatches.lang })
    .from(reportCardBatches)
    .innerJoin(classes, eq(classes.id, reportCardBatches.classId))
    .where(
      and(
        eq(reportCardBatches.schoolId, schoolId),
        eq(reportCardBatches.id, batchId),
        eq(reportCardBatches.requestedBy, caller.userId),
        eq(reportCardBatches.status, 'done'),
      ),
    );
  if (!row?.fileName) throw notFound('File');
  const found = await storage.get(row.fileName);
  if (!found) throw notFound('File');
  const name = `report-cards-${classLabel(row.lang as ReportLang, row.className, row.section)}-${row.lang}.pdf`;
  return { ...found, originalName: name };
}

// ---------------------------------------------------------------------------------------------
// Making the PDFs

/** Takes the next batch to make (queued, or running but stale), marking it running: one statement. */
async function takeBatch(deps: Pick<Deps, 'data'>): Promise<BatchRow | null> {
  const result = await asPlatform(deps).execute(sql`
    update report_card_batches b set status = 'running', started_at = now()
    where b.id = (
      select id from report_card_batches
      where status = 'queued' or (status = 'running' and started_at < now() - make_interval(mins => ${STALE_MINUTES}))
      order by created_at
      limit 1
      for update skip locked
    )
    returning b.id, b.school_id, b.class_id, b.session_id, b.lang, b.requested_by`);
  const r = rowsOf<{ id: string; school_id: string; class_id: string; session_id: string; lang: string; requested_by: string }>(result)[0];
  if (!r) return null;
  return { id: r.id, schoolId: r.school_id, classId: r.class_id, sessionId: r.session_id, lang: r.lang, requestedBy: r.requested_by } as BatchRow;
}

/** A class's cards (staff: every exam), rendered in one PDF: seven statements for any class size. */
export async function renderClassCards(deps: Pick<Deps, 'data'>, storage: Storage, schoolId: string, classId: string, lang: ReportLang) {
  const db = tenantDb(deps, schoolId);
  const results = await loadClassResults(db, schoolId, classId);
  const people = await loadCardPeople(db, schoolId, eq(classStudents.classId, classId), results.sessionId);
  const terms = await loadTerms(
    db,
    schoolId,
    people.map((p) => p.studentId),
    results.exams.map((e) => e.examId),
  );
  const byId = new Map(people.map((p) => [p.studentId, p]));
  const cards = results.students.flatMap((s) => {
    const person = byId.get(s.studentId);
    const card: ReportCard | null = person ? cardOf(results, person, terms.get(s.studentId) ?? []) : null;
    return card ? [card] : [];
  });
  const school = people[0]?.school;
  const logo = await readLogo(storage, school?.logo ?? null);
  const madeOn = localDate(school?.timeZone ?? 'Asia/Kolkata');
  const title = `${classLabel(lang, results.className, results.section)} – ${results.sessionLabel}`;
  const pdf = await renderReportCards(cards, lang, { logo, madeOn }, title);
  return { pdf, cards: cards.length, className: results.className, section: results.section };
}

/** Makes one batch taken by `takeBatch`: its PDF stored, the row done (or failed), the requester told. */
async function makeBatch(deps: Pick<Deps, 'data' | 'realtime' | 'push' | 'config' | 'log'>, storage: Storage, batch: BatchRow): Promise<'done' | 'failed'> {
  const db = tenantDb(deps, batch.schoolId);
  try {
    const { pdf, cards, className, section } = await renderClassCards(deps, storage, batch.schoolId, batch.classId, batch.lang as ReportLang);
    const fileName = `${randomUUID()}.pdf`;
    await storage.put(fileName, pdf, 'application/pdf');
    const { via, flush } = afterCommit(deps);
    const previous = await deps.data.transaction(batch.schoolId, async (tx) => {
      const [old] = await tx
        .select({ fileName: reportCardBatches.fileName })
        .from(reportCardBatches)
        .where(and(eq(reportCardBatches.schoolId, batch.schoolId), eq(reportCardBatches.id, batch.id)));
      await tx
        .update(reportCardBatches)
        .set({ status: 'done', cards, fileName, finishedAt: sql`now()` })
        .where(and(eq(reportCardBatches.schoolId, batch.schoolId), eq(reportCardBatches.id, batch.id)));
      await notify(via, tx, {
        schoolId: batch.schoolId,
        userId: batch.requestedBy,
        senderId: null,
        senderName: 'Shala',
        kind: 'report_cards',
        link: `/examresults/${batch.classId}`,
        params: { class: classLabel('en', className, section), classHi: classLabel('hi', className, section) },
      });
      return old?.fileName ?? null;
    });
    flush();
    // A stale run taken again replaced an earlier file: remove it.
    if (previous && previous !== fileName) await storage.delete(previous);
    return 'done';
  } catch (err) {
    deps.log.warn({ batch: batch.id, err: safeError(err) }, 'report cards failed');
    await db
      .update(reportCardBatches)
      .set({ status: 'failed', finishedAt: sql`now()` })
      .where(and(eq(reportCardBatches.schoolId, batch.schoolId), eq(reportCardBatches.id, batch.id)));
    return 'failed';
  }
}

/**
 * Makes every batch waiting (any school), one at a time, until none is left; several processes may
 * run it at once (each batch is taken by one). Returns how many were made and how many failed.
 */
export async function runReportBatches(deps: Pick<Deps, 'data' | 'realtime' | 'push' | 'config' | 'log' | 'storage'>, storage: Storage = deps.storage) {
  const outcome = { done: 0, failed: 0 };
  for (let batch = await takeBatch(deps); batch; batch = await takeBatch(deps)) outcome[await makeBatch(deps, storage, batch)]++;
  return outcome;
}

/** One run per app at a time: a kick while one runs asks it to look again when it ends. */
const kick = singleFlight(
  (deps: Deps) => runReportBatches(deps),
  (deps, err) => deps.log.warn({ err: safeError(err) }, 'report cards failed'),
);

/** The safety net: every minute and at start, what was left queued (see above). */
export const REPORT_CARD_JOB: AppJob = {
  name: 'report-cards',
  cron: '* * * * *',
  atStart: true,
  run: (deps) => runReportBatches(deps),
};

