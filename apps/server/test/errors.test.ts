import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyRole, multipart, setupApp, type TestEnv } from './helpers.js';

// Structured errors: the web translates `reason` / issue `code` with `params`; `message` stays the
// English fallback. One test per kind of error.
let env: TestEnv;
let ctx: Awaited<ReturnType<typeof everyRole>>;
let token: string;

beforeAll(async () => {
  env = await setupApp();
  ctx = await everyRole(env);
  token = ctx.users[113].token;
});
afterAll(() => env?.close());

const teacher = { firstName: 'Asha', lastName: 'Verma', email: 'asha.verma@errors.example.in' };

describe('structured errors', () => {
  it('a 400 lists each field problem with a stable code and its params', async () => {
    const res = await env.app.inject({ method: 'POST', url: '/api/school/teacher', headers: { token }, payload: { ...teacher, firstName: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(body.issues).toContainEqual(
      expect.objectContaining({ path: 'body.firstName', code: 'too_small', params: expect.objectContaining({ minimum: 1 }) }),
    );
  });

  it('a conflict names its reason, the field and the kind', async () => {
    const first = await env.app.inject({ method: 'POST', url: '/api/school/teacher', headers: { token }, payload: teacher });
    expect(first.statusCode).toBe(200);
    const dup = await env.app.inject({ method: 'POST', url: '/api/school/teacher', headers: { token }, payload: teacher });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      error: 'CONFLICT',
      message: expect.stringContaining('already exists'),
      reason: 'email_taken',
      field: 'email',
      params: { kind: 'teachers' },
    });
  });

  it('CSV row errors carry a code and params (same email as row N, no parent with login id X)', async () => {
    const csv = [
      'firstName,lastName,email,parentLoginId',
      'One,A,same@rows.example.in,',
      'Two,B,same@rows.example.in,',
      'Three,C,,NOPE-G9999',
    ].join('\n');
    const body = multipart('file', 'students.csv', csv);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/school/import/students?dryRun=true',
      headers: { ...body.headers, token },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const errors = res.json().result.errors;
    expect(errors).toContainEqual(expect.objectContaining({ row: 3, column: 'email', code: 'duplicate_in_file', params: { row: 2 } }));
    expect(errors).toContainEqual(
      expect.objectContaining({ row: 4, column: 'parentLoginId', code: 'parent_not_found', params: { loginId: 'NOPE-G9999' } }),
    );
  });

  it('a file upload error names its reason and params', async () => {
    const body = multipart('file', 'empty.png', Buffer.alloc(0), 'image/png');
    const res = await env.app.inject({ method: 'POST', url: '/api/fileupload', headers: { ...body.headers, token }, payload: body.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', reason: 'file_empty', params: { name: 'empty.png' } });
  });

  it('a wrong current password names the field', async () => {
    const res = await env.app.inject({
      method: 'PATCH',
      url: '/api/account/password',
      headers: { token },
      payload: { currentPassword: 'not-my-password-1', newPassword: 'A-new-password-2024' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', reason: 'wrong_password', field: 'currentPassword' });
  });
});
