import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '@shala/contract';
import { everyRole, multipart, setupApp, type TestEnv } from './helpers.js';

let env: TestEnv;
let ctx: Awaited<ReturnType<typeof everyRole>>;
let token: string;

beforeAll(async () => {
  env = await setupApp();
  ctx = await everyRole(env);
  token = ctx.users[113].token;
});
afterAll(() => env?.close());

const upload = (kind: string, csv: string | Buffer, dryRun: boolean, tk = token) => {
  const body = multipart('file', `${kind}.csv`, csv);
  return env.app.inject({
    method: 'POST',
    url: `/api/school/import/${kind}?dryRun=${dryRun}`,
    headers: { ...body.headers, token: tk },
    payload: body.payload,
  });
};
const total = async (kind: string) =>
  (await env.app.inject({ url: `/api/school/${kind}`, headers: { token } })).json().result.total as number;

function studentsCsv(n: number, parentLoginId = '') {
  const lines = ['firstName,lastName,email,contact,gender,dateOfBirth,parentLoginId'];
  for (let i = 1; i <= n; i++) lines.push(`Student${i},Kumar,s${i}@bulk.example.in,98765${String(i).padStart(5, '0')},male,2015-05-${String((i % 28) + 1).padStart(2, '0')},${parentLoginId}`);
  return lines.join('\n');
}

describe('CSV import', () => {
  it('previews a valid file without writing, then imports every row with its own login id and password', async () => {
    const csv = studentsCsv(50, ctx.users[115].loginId);
    const before = await total('student');
    const preview = await upload('students', csv, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().result).toMatchObject({ dryRun: true, total: 50, imported: 0, errors: [], accounts: [] });
    expect(preview.json().result.preview[0]).toEqual({ row: 2, fullName: 'Student1 Kumar', email: 's1@bulk.example.in' });
    expect(await total('student')).toBe(before);

    const done = await upload('students', csv, false);
    const r = done.json().result;
    expect(r).toMatchObject({ dryRun: false, total: 50, imported: 50, errors: [] });
    expect(new Set(r.accounts.map((a: { loginId: string }) => a.loginId)).size).toBe(50);
    expect(await total('student')).toBe(before + 50);
    // Linked to the parent, and each account can sign in.
    const kids = (await env.app.inject({ url: '/api/parent/children', headers: { token: ctx.users[115].token } })).json().result;
    expect(kids.length).toBe(50);
    // Each student added is in the audit log as added by the principal through an import.
    const audit = (await env.app.inject({ url: '/api/school/privacy/audit?action=create&pageSize=100', headers: { token } })).json().result;
    const imported = new Set(kids.map((k: { userId: string }) => k.userId));
    const rows = audit.items.filter((e: { studentId: string }) => imported.has(e.studentId));
    expect(rows).toHaveLength(50);
    expect(rows.every((e: { actorId: string; actorRole: number; details: unknown }) => e.actorId === ctx.users[113].id && e.actorRole === 113 && JSON.stringify(e.details) === '{"via":"import"}')).toBe(true);
    const a = r.accounts[49];
    const signin = await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: a.loginId, password: a.password } });
    expect(signin.json().result).toMatchObject({ roleId: 116, name: 'Student50 Kumar' });
  });

  it('reports every bad row with its line and column, and imports nothing', async () => {
    const csv = [
      'firstName,lastName,email,contact,gender,dateOfBirth,parentLoginId',
      'Good,One,good1@x.in,9876500001,female,2016-01-01,',
      ',NoFirstName,,,,,',
      'Bad,Email,not-an-email,,,,',
      'Bad,Gender,,,robot,,',
      'Dup,A,same@x.in,,,,',
      'Dup,B,same@x.in,,,,',
      `Orphan,Child,,,,,NOPE-G9999`,
    ].join('\r\n');
    const before = await total('student');
    const res = await upload('students', csv, false);
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    expect(r.imported).toBe(0);
    expect(r.accounts).toEqual([]);
    const where = r.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`);
    expect(where).toEqual(['3:firstName', '4:email', '5:gender', '7:email', '8:parentLoginId']);
    expect(r.errors.find((e: { row: number }) => e.row === 7).message).toContain('row 6');
    expect(await total('student')).toBe(before);
  });

  it('refuses a file over 2 MB without reading it all, and a file with too many rows', async () => {
    const huge = Buffer.alloc(3 * 1024 * 1024, 'a,b,c\n');
    const res = await upload('teachers', Buffer.concat([Buffer.from('firstName,lastName\n'), huge]), true);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('PAYLOAD_TOO_LARGE');
    const many = ['firstName'].concat(Array.from({ length: 5001 }, (_, i) => `T${i}`)).join('\n');
    const res2 = await upload('teachers', many, true);
    expect(res2.statusCode).toBe(413);
    expect(res2.json().message).toContain('5000');
  });

  it('refuses a file that is not CSV or lacks the header, and a request that is not multipart', async () => {
    expect((await upload('teachers', 'lastName,email\nA,b@c.in', true)).statusCode).toBe(400);
    expect((await upload('teachers', 'firstName\n"unterminated', true)).statusCode).toBe(400);
    expect((await upload('teachers', '', true)).statusCode).toBe(400);
    const json = await env.app.inject({ method: 'POST', url: '/api/school/import/teachers', headers: { token }, payload: { firstName: 'x' } });
    expect(json.statusCode).toBe(400);
    expect((await upload('admins', 'firstName\nA', true)).statusCode).toBe(400);
    expect((await upload('teachers', 'firstName\nA', true, ctx.users[114].token)).statusCode).toBe(403);
  });
});

describe('CSV export', () => {
  it('exports the list with formula cells neutralised, only from the own school', async () => {
    const hostile = ['firstName,lastName,email,contact,address', '=cmd|\' /C calc\'!A0,@SUM(1),,+919876543210,"-2+3, Main Road"'].join('\n');
    const imported = (await upload('parents', hostile, false)).json().result;
    expect(imported.imported).toBe(1);
    const res = await env.app.inject({ url: '/api/school/export/parents', headers: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="parents-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('loginId,firstName,lastName,email,contact,address,status');
    const row = lines.find((l) => l.includes('calc'))!;
    expect(row).toContain(`'=cmd|' /C calc'!A0`);
    expect(row).toContain(`'@SUM(1)`);
    expect(row).toContain(`'+919876543210`);
    expect(row).toContain(`"'-2+3, Main Road"`);
    expect(row.split(',')[0]).toBe(imported.accounts[0].loginId);
    const other = await everyRole(env);
    const theirs = await env.app.inject({ url: '/api/school/export/parents', headers: { token: other.users[113].token } });
    expect(theirs.body).not.toContain('calc');
  });

  it('quotes cells the CSV way', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell(null)).toBe('');
  });
});
