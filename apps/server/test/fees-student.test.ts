import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestEnv } from './helpers.js';
import { addRecord, feeSchool, type FeeSchool } from './fees-fixture.js';

let env: TestEnv;
let fs: FeeSchool;
beforeAll(async () => {
  env = await setupApp();
  fs = await feeSchool(env);
});
afterAll(() => env.close());

const url = (studentId: string, sessionId: string) => `/api/school/feerecord/emi/student/${studentId}/${sessionId}`;

describe("a student's fees", () => {
  it('shows the record, the plan with paid, overdue and due instalments, and the payments', async () => {
    const student = fs.students[0]!;
    await addRecord(env, fs, student, { instalments: 4, start: '2026-05-10', paidCount: 1 });
    const res = await env.app.inject({ method: 'GET', url: url(student.id, fs.school.sessionId), headers: { token: fs.principal.token } });
    expect(res.statusCode).toBe(200);
    const fees = res.json().result;
    expect(fees.record.total).toBe(3_200_000);
    expect(fees.record.paid).toBe(800_000);
    expect(fees.record.balance).toBe(2_400_000);
    expect(fees.instalments.map((i: { state: string }) => i.state)).toEqual(['paid', ...fees.instalments.slice(1).map((i: { dueDate: string }) => (i.dueDate < fees.today ? 'overdue' : 'due'))]);
    expect(fees.instalments[0].payment.receiptNo).toBe(1);
    expect(fees.payments).toHaveLength(1);
  });

  it('answers a student without a record with record null, and another family 404', async () => {
    const other = fs.students[1]!;
    const res = await env.app.inject({ method: 'GET', url: url(other.id, fs.school.sessionId), headers: { token: fs.principal.token } });
    expect(res.json().result.record).toBeNull();
    const parentToken = await env.f.token(fs.parent);
    const denied = await env.app.inject({ method: 'GET', url: url(other.id, fs.school.sessionId), headers: { token: parentToken } });
    expect(denied.statusCode).toBe(404);
    const own = await env.app.inject({ method: 'GET', url: url(fs.students[0]!.id, fs.school.sessionId), headers: { token: parentToken } });
    expect(own.statusCode).toBe(200);
  });
});
