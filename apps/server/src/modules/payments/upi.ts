import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ROLE,
  type Payment,
  type UpiClaim,
  type UpiClaimBody,
  type UpiClaimStatus,
  type UpiPay,
  type UpiPayee,
  type UpiSettings,
  type UpiSettingsInput,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { rowsOf } from '../../db/rows.js';
import { classes, feeInstalments, feeLateFees, feePayments, feeRecords, feeUpiClaims, paymentSettings, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { paymentsPolicy } from '../../policy/payments.js';
import { scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { localDate } from '../calendar/index.js';
import { afterCommit, notifyMany, notifyRoles } from '../notifications/service.js';
import { fullName } from '../users/service.js';
import { now } from '../../clock.js';
import { writePayments } from './payments.js';
import { lockInstalments } from '../fees/index.js';

/**
 * Fees, part "UPI" (issue 25): payment by UPI for a school without a gateway.
 *
 * - The principal gives the school's UPI id (VPA) and payee name (`payment_settings`, only the
 *   UPI columns: the gateway's are the online part's).
 * - A parent (or the student) gets, for an unpaid instalment, a `upi://pay` link and its QR code:
 *   payee, amount due (instalment and late fee not waived, in rupees with two decimals) and a note
 *   naming the instalment (the student's login id and the instalment's number). The link carries
 *   no `tr` or `mc` (merchant fields): a school's UPI id is often a plain bank account's, and apps
 *   refuse merchant fields for those.
 * - After paying, the parent enters the UPI reference (UTR): a pending claim, at most one per
 *   instalment (`fee_upi_claims_pending_uq`); the principals are told in the bell. A reference
 *   pays once in the school (issue 39): one already on a pending or confirmed claim, or on a live
 *   payment by UPI or bank transfer, is refused (409 `upi_reference_used`; the partial unique index
 *   `fee_upi_claims_reference_uq` decides a race). A confirmed claim's payment carries its
 *   reference, so the check sees it there too; a repeat that came in before the rule is marked in
 *   the office's list (`repeat`) and cannot be confirmed while its reference pays something.
 * - The office confirms it once the reference is in the bank statement: the payment (mode `upi`,
 *   the claim's reference) through `lockInstalments` + `writePayments`, the one path of every
 *   payment, and the claim confirmed with it, in one transaction; or rejects it with a reason, which
 *   the parent is told in the bell (the claim keeps who and when). Deciding twice: 409.
 *
 * Lock order, as every write of a record: the record, its instalment (lockInstalments), then the claim.
 */

type Scope = string;
const PENDING_CLAIM = 'fee_upi_claims_pending_uq';
const REFERENCE_USED = 'fee_upi_claims_reference_uq';

/**
 * Whether a UPI reference (UTR) already pays something in the school: on a pending or confirmed
 * claim (but `claimId`'s own) or on a live payment by UPI or bank transfer (but `paymentId`'s own).
 * Letters compare in capitals. Per school: a UTR is unique at NPCI, but refusing one another school
 * holds would tell a parent of this school something of that one's.
 */
function referenceUsed(schoolId: Scope, reference: SQL, own: { claimId?: SQL; paymentId?: SQL; confirmedOnly?: boolean } = {}): SQL<boolean> {
  const statuses = own.confirmedOnly ? sql`('confirmed')` : sql`('pending', 'confirmed')`;
  return sql<boolean>`(exists (select 1 from fee_upi_claims o where o.school_id = ${schoolId}::uuid and upper(o.reference) = upper(${reference})
      and o.status in ${statuses}${own.claimId ? sql` and o.id <> ${own.claimId}` : sql``})
    or exists (select 1 from fee_payments p where p.school_id = ${schoolId}::uuid and upper(p.reference) = upper(${reference})
      and p.reversed_at is null and p.mode in ('upi', 'bank_transfer') and p.reference is not null${own.paymentId ? sql` and p.id is distinct from ${own.paymentId}` : sql``}))`;
}

const referenceUsedError = () =>
  new AppError('CONFLICT', 'This UPI reference has paid a fee of the school already.', { reason: 'upi_reference_used', field: 'reference' });

/** Paise as rupees with two decimals, without grouping or symbol: 1234567 → "12345.67" (UPI links, CSV). */
export function plainRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The reference naming an instalment in a UPI payment's note: the student's login id and the instalment's number. */
export const upiReference = (loginId: string, seq: number) => `${loginId}-${seq}`;

/**
 * A `upi://pay` link (NPCI's UPI linking specification): payee address and name, the amount in
 * rupees, INR, and a note naming the instalment. The VPA is checked by the contract (letters,
 * digits, `._-@`), so it goes as it is: some apps do not decode `%40`.
 */
export function upiLink(payee: UpiPayee, amount: number, reference: string): string {
  const note = encodeURIComponent(`Fee ${reference}`);
  return `upi://pay?pa=${payee.vpa}&pn=${encodeURIComponent(payee.name)}&am=${plainRupees(amount)}&cu=INR&tn=${note}`;
}

/** A link as a QR code, an SVG document (error correction M: a phone reads it off a screen or paper). */
export async function upiQrSvg(link: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

const upiNotSet = () => new AppError('CONFLICT', 'The school takes no UPI payments: it has no UPI id.', { reason: 'upi_not_set' });
const emiPaid = () => new AppError('CONFLICT', 'This instalment is paid already.', { reason: 'emi_paid' });
const claimPending = () => new AppError('CONFLICT', 'A UPI reference for this instalment is already waiting for the school.', { reason: 'upi_claim_pending' });
const claimDecided = () => new AppError('CONFLICT', 'This UPI reference was confirmed or rejected already.', { reason: 'upi_claim_decided' });

// ---------------------------------------------------------------------------------------------
// Settings

/** `GET /api/school/paymentsettings/upi`. */
export async function getUpiSettings(deps: Pick<Deps, 'data'>, caller: Caller): Promise<UpiSettings> {
  const schoolId = scopeOf(caller);
  const [row] = await tenantDb(deps, schoolId)
    .select({ vpa: paymentSettings.upiVpa, name: paymentSettings.upiName, updatedAt: paymentSettings.updatedAt })
    .from(paymentSettings)
    .where(eq(paymentSettings.schoolId, schoolId));
  return { vpa: row?.vpa ?? null, name: row?.vpa ? row.name : null, updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** `PUT /api/school/paymentsettings/upi`: sets (or, with an empty UPI id, removes) the UPI columns alone, one upsert. */
export async function saveUpiSettings(deps: Pick<Deps, 'data'>, caller: Caller, body: UpiSettingsInput): Promise<UpiSettings> {
  const schoolId = scopeOf(caller);
  const vpa = body.vpa === '' ? null : body.vpa;
  const values = { upiVpa: vpa, upiName: vpa ? body.name : null, updatedBy: caller.userId, updatedAt: now() };
  const [row] = await tenantDb(deps, schoolId)
    .insert(paymentSettings)
    .values({ schoolId, ...values })
    .onConflictDoUpdate({ target: paymentSettings.schoolId, set: values })
    .returning({ vpa: paymentSettings.upiVpa, name: paymentSettings.upiName, updatedAt: paymentSettings.updatedAt });
  return { vpa: row!.vpa, name: row!.name, updatedAt: row!.updatedAt.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Paying an instalment

/**
 * An instalment the caller may see (`see`: its fees' rule, admins any, a parent its children's, a
 * student its own) or pay itself (`pay`: the family only; else 404), with what paying it by UPI
 * needs, in one statement.
 */
async function instalmentForUpi(db: DbOrTx, caller: Caller, schoolId: Scope, emiId: string, access: 'see' | 'pay') {
  const student = { parentOf: users.parentUserId, studentId: feeRecords.studentId };
  const [row] = await db
    .select({
      id: feeInstalments.id,
      seq: feeInstalments.seq,
      amount: feeInstalments.amount,
      paid: feeInstalments.paid,
      lateFee: feeLateFees.amount,
      studentId: feeRecords.studentId,
      loginId: users.loginId,
      firstName: users.firstName,
      lastName: users.lastName,
      vpa: paymentSettings.upiVpa,
      name: paymentSettings.upiName,
      claimId: feeUpiClaims.id,
      claimReference: feeUpiClaims.reference,
      claimedAt: feeUpiClaims.claimedAt,
    })
    .from(feeInstalments)
    .innerJoin(feeRecords, and(eq(feeRecords.schoolId, feeInstalments.schoolId), eq(feeRecords.id, feeInstalments.feeRecordId)))
    .innerJoin(users, eq(users.id, feeRecords.studentId))
    .leftJoin(feeLateFees, and(eq(feeLateFees.schoolId, feeInstalments.schoolId), eq(feeLateFees.instalmentId, feeInstalments.id), isNull(feeLateFees.waivedAt)))
    .leftJoin(paymentSettings, eq(paymentSettings.schoolId, feeInstalments.schoolId))
    .leftJoin(feeUpiClaims, and(eq(feeUpiClaims.schoolId, feeInstalments.schoolId), eq(feeUpiClaims.instalmentId, feeInstalments.id), eq(feeUpiClaims.status, 'pending')))
    .where(
      and(
        eq(feeInstalments.schoolId, schoolId),
        eq(feeInstalments.id, emiId),
        access === 'pay' ? paymentsPolicy.payableWhere(caller, student) : paymentsPolicy.visibleWhere(caller, student),
      ),
    );
  if (!row) throw notFound('Instalment');
  return row;
}

/** `GET /api/fee/upi/:emiId`: the link and QR code of an unpaid instalment. No UPI id: 409 `upi_not_set`; paid: 409 `emi_paid`. */
export async function upiPayOf(deps: Pick<Deps, 'data'>, caller: Caller, emiId: string): Promise<UpiPay> {
  const schoolId = scopeOf(caller);
  const row = await instalmentForUpi(tenantDb(deps, schoolId), caller, schoolId, emiId, 'see');
  if (!row.vpa || !row.name) throw upiNotSet();
  if (row.paid) throw emiPaid();
  const payee = { vpa: row.vpa, name: row.name };
  const lateFee = row.lateFee ?? 0;
  const amount = row.amount + lateFee;
  const reference = upiReference(row.loginId, row.seq);
  const link = upiLink(payee, amount, reference);
  return {
    emiId: row.id,
    seq: row.seq,
    amount,
    lateFee,
    reference,
    payee,
    link,
    svg: await upiQrSvg(link),
    claim: row.claimId ? { claimId: row.claimId, reference: row.claimReference!, claimedAt: row.claimedAt!.toISOString() } : null,
  };
}

/**
 * `POST /api/fee/upi/:emiId/claim` (a parent, for its child): the UPI reference of a payment made,
 * pending until the office decides; the principals are told once it is stored. Another family's:
 * 404; no UPI id: 409 `upi_not_set`; paid: 409 `emi_paid`; one pending already: 409 `upi_claim_pending`.
 */
export async function claimUpi(deps: Pick<Deps, 'data' | 'realtime' | 'outbox'>, caller: Caller, emiId: string, body: UpiClaimBody) {
  const schoolId = scopeOf(caller);
  const { via: later, flush } = afterCommit(deps);
  let claim: { claimId: string; reference: string; claimedAt: string };
  try {
    claim = await inTenant(deps, schoolId, async (tx) => {
      const seen = await instalmentForUpi(tx, caller, schoolId, emiId, 'pay');
      if (!seen.vpa) throw upiNotSet();
      const inst = (await lockInstalments(tx, schoolId, [emiId]))[0]!;
      if (inst.paid) throw emiPaid();
      if (seen.claimId) throw claimPending();
      // One reference pays once (a second instalment, a sibling, another family): the index below is the guarantee.
      const [used] = rowsOf<{ used: boolean }>(await tx.execute(sql`select ${referenceUsed(schoolId, sql`${body.reference}::text`)} as used`));
      if (used!.used) throw referenceUsedError();
      const amount = Number(inst.amount) + Number(inst.lateFee);
      const [row] = await tx
        .insert(feeUpiClaims)
        .values({ schoolId, instalmentId: emiId, studentId: inst.studentId, amount, reference: body.reference, claimedBy: caller.userId, claimedAt: now() })
        .returning({ claimId: feeUpiClaims.id, reference: feeUpiClaims.reference, claimedAt: feeUpiClaims.claimedAt });
      await notifyRoles(later, tx, {
        schoolId,
        roles: [ROLE.PRINCIPAL],
        senderId: caller.userId,
        senderName: caller.name,
        kind: 'fee',
        link: '/feeupiclaims',
        params: { upiClaim: 'claimed', child: fullName(inst), seq: inst.seq, amount, reference: body.reference },
      });
      return { claimId: row!.claimId, reference: row!.reference, claimedAt: row!.claimedAt.toISOString() };
    });
  } catch (err) {
    if (!(err instanceof AppError) && violatedConstraint(err) === PENDING_CLAIM) throw claimPending();
    if (!(err instanceof AppError) && violatedConstraint(err) === REFERENCE_USED) throw referenceUsedError();
    throw err;
  }
  flush();
  return claim;
}

// ---------------------------------------------------------------------------------------------
// The office's list and decisions

const student = alias(users, 'student');
const claimer = alias(users, 'claimer');
const decider = alias(users, 'decider');

type PersonCols = { userId: string | null; firstName: string | null; lastName: string | null; loginId: string | null };
const personOf = (u: PersonCols | null) => (u?.userId ? { userId: u.userId, fullName: fullName({ firstName: u.firstName ?? '', lastName: u.lastName ?? '' }), loginId: u.loginId ?? '' } : null);
const cols = (u: typeof student | typeof claimer | typeof decider) => ({ userId: u.id, firstName: u.firstName, lastName: u.lastName, loginId: u.loginId });

/** Claims as the office sees them, by a condition, in one statement (with the total ahead of paging). */
function claimsQuery(db: DbOrTx, schoolId: Scope, where: SQL | undefined) {
  return db
    .select({
      c: feeUpiClaims,
      seq: feeInstalments.seq,
      dueDate: feeInstalments.dueDate,
      classId: classes.id,
      masterClass: classes.masterClass,
      className: classes.name,
      section: classes.section,
      receiptNo: feePayments.receiptNo,
      // The same reference on another claim or payment of the school (one that came in before the rule).
      repeat: referenceUsed(schoolId, sql`${feeUpiClaims.reference}`, { claimId: sql`${feeUpiClaims.id}`, paymentId: sql`${feeUpiClaims.paymentId}` }),
      parentId: student.parentUserId,
      student: cols(student),
      claimer: cols(claimer),
      decider: cols(decider),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(feeUpiClaims)
    .innerJoin(feeInstalments, and(eq(feeInstalments.schoolId, feeUpiClaims.schoolId), eq(feeInstalments.id, feeUpiClaims.instalmentId)))
    .innerJoin(feeRecords, and(eq(feeRecords.schoolId, feeInstalments.schoolId), eq(feeRecords.id, feeInstalments.feeRecordId)))
    .leftJoin(classes, eq(classes.id, feeRecords.classId))
    .innerJoin(student, eq(student.id, feeUpiClaims.studentId))
    .leftJoin(claimer, eq(claimer.id, feeUpiClaims.claimedBy))
    .leftJoin(decider, eq(decider.id, feeUpiClaims.decidedBy))
    .leftJoin(feePayments, and(eq(feePayments.schoolId, feeUpiClaims.schoolId), eq(feePayments.id, feeUpiClaims.paymentId)))
    .where(and(eq(feeUpiClaims.schoolId, schoolId), where))
    .$dynamic();
}

type ClaimRow = Awaited<ReturnType<typeof claimsQuery>>[number];
function presentClaim(r: ClaimRow): UpiClaim {
  return {
    claimId: r.c.id,
    status: r.c.status as UpiClaimStatus,
    student: personOf(r.student)!,
    class: r.classId ? { assignClassId: r.classId, masterClass: r.masterClass!, className: r.className!, section: r.section! } : null,
    emiId: r.c.instalmentId,
    seq: r.seq,
    dueDate: r.dueDate,
    amount: r.c.amount,
    reference: r.c.reference,
    claimedAt: r.c.claimedAt.toISOString(),
    claimedBy: personOf(r.claimer),
    decidedAt: r.c.decidedAt?.toISOString() ?? null,
    decidedBy: personOf(r.decider),
    receiptNo: r.receiptNo,
    rejectReason: r.c.rejectReason,
    repeat: Boolean(r.repeat),
  };
}

const oneClaim = async (db: DbOrTx, schoolId: Scope, claimId: string) => presentClaim((await claimsQuery(db, schoolId, eq(feeUpiClaims.id, claimId)))[0]!);

/** `GET /api/school/feeupi/claims`: a page of claims of a status; pending the oldest first, decided the latest decided first. */
export async function listUpiClaims(deps: Pick<Deps, 'data'>, caller: Caller, q: { status: UpiClaimStatus; page: number; pageSize: number }) {
  const schoolId = scopeOf(caller);
  const order = q.status === 'pending' ? [asc(feeUpiClaims.claimedAt), asc(feeUpiClaims.id)] : [desc(feeUpiClaims.decidedAt), desc(feeUpiClaims.id)];
  const rows = await claimsQuery(tenantDb(deps, schoolId), schoolId, eq(feeUpiClaims.status, q.status))
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { items: rows.map(presentClaim), total: rows[0]?.total ?? 0, page: q.page, pageSize: q.pageSize };
}

/**
 * `POST /api/school/feeupi/claims/:claimId/confirm`: the reference is in the bank statement. The
 * payment (mode `upi`, the claim's reference, dated `paidOn` or today, never after it) with its
 * receipt number, and the claim confirmed with it, in one transaction; the parent is told of the
 * receipt (writePayments) once it commits. Decided already: 409 `upi_claim_decided`; the
 * instalment was paid meanwhile by other means: 409 `emi_paid` (reject the claim then).
 */
export async function confirmUpiClaim(
  deps: Pick<Deps, 'data' | 'realtime' | 'outbox'>,
  caller: Caller,
  claimId: string,
  body: { paidOn?: string },
): Promise<{ claim: UpiClaim; payment: Payment }> {
  const schoolId = scopeOf(caller);
  const { via: later, flush } = afterCommit(deps);
  const answer = await inTenant(deps, schoolId, async (tx) => {
    const [found] = await tx
      .select({ instalmentId: feeUpiClaims.instalmentId })
      .from(feeUpiClaims)
      .where(and(eq(feeUpiClaims.schoolId, schoolId), eq(feeUpiClaims.id, claimId)));
    if (!found) throw notFound('UPI claim');
    const inst = (await lockInstalments(tx, schoolId, [found.instalmentId]))[0]!;
    const [claim] = await tx
      .select({ status: feeUpiClaims.status, reference: feeUpiClaims.reference })
      .from(feeUpiClaims)
      .where(and(eq(feeUpiClaims.schoolId, schoolId), eq(feeUpiClaims.id, claimId)))
      .for('update');
    if (claim!.status !== 'pending') throw claimDecided();
    // A repeat that came in before the rule: its reference paid already (reject it instead).
    const [used] = rowsOf<{ used: boolean }>(await tx.execute(sql`select ${referenceUsed(schoolId, sql`${claim!.reference}::text`, { claimId: sql`${claimId}::uuid`, confirmedOnly: true })} as used`));
    if (used!.used) throw referenceUsedError();
    const today = localDate(inst.timeZone);
    const paidOn = body.paidOn ?? today;
    if (paidOn > today) throw new AppError('BAD_REQUEST', 'A payment cannot be dated after today.', { reason: 'paid_on_future', field: 'paidOn' });
    const [payment] = await writePayments(later, tx, schoolId, [inst], {
      mode: 'upi',
      reference: claim!.reference,
      paidOn,
      receivedBy: { userId: caller.userId, name: caller.name },
      batchId: null,
    });
    await tx
      .update(feeUpiClaims)
      .set({ status: 'confirmed', decidedBy: caller.userId, decidedAt: now(), paymentId: payment!.paymentId })
      .where(and(eq(feeUpiClaims.schoolId, schoolId), eq(feeUpiClaims.id, claimId)));
    return { claim: await oneClaim(tx, schoolId, claimId), payment: payment! };
  });
  flush();
  return answer;
}

/**
 * `POST /api/school/feeupi/claims/:claimId/reject`: the reference is not in the bank statement.
 * The claim rejected (who, when, why) in one conditional update, and the parent told why in the bell
 * (in its own language: kind `fee`, text `fee_upi_rejected`). Decided already: 409.
 */
export async function rejectUpiClaim(deps: Pick<Deps, 'data' | 'realtime' | 'outbox'>, caller: Caller, claimId: string, body: { reason: string }): Promise<UpiClaim> {
  const schoolId = scopeOf(caller);
  const { via: later, flush } = afterCommit(deps);
  const answer = await inTenant(deps, schoolId, async (tx) => {
    const [row] = await tx
      .update(feeUpiClaims)
      .set({ status: 'rejected', decidedBy: caller.userId, decidedAt: now(), rejectReason: body.reason })
      .where(and(eq(feeUpiClaims.schoolId, schoolId), eq(feeUpiClaims.id, claimId), eq(feeUpiClaims.status, 'pending')))
      .returning({ id: feeUpiClaims.id });
    if (!row) {
      const [exists] = await tx.select({ id: feeUpiClaims.id }).from(feeUpiClaims).where(and(eq(feeUpiClaims.schoolId, schoolId), eq(feeUpiClaims.id, claimId)));
      throw exists ? claimDecided() : notFound('UPI claim');
    }
    const [claim] = await claimsQuery(tx, schoolId, eq(feeUpiClaims.id, claimId));
    if (claim!.parentId) {
      await notifyMany(later, tx, [
        {
          schoolId,
          userId: claim!.parentId,
          senderId: caller.userId,
          senderName: caller.name,
          kind: 'fee',
          link: '/studentfeedata',
          params: {
            upiClaim: 'rejected',
            child: fullName({ firstName: claim!.student.firstName ?? '', lastName: claim!.student.lastName ?? '' }),
            seq: claim!.seq,
            amount: claim!.c.amount,
            reference: claim!.c.reference,
            reason: body.reason,
          },
        },
      ]);
    }
    return presentClaim(claim!);
  });
  flush();
  return answer;
}
