import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORPHAN_AFTER_MS, sweepOrphans } from '../src/modules/files/service.js';
import { classStudents, classSubjects, classes, subjects } from '../src/db/schema.js';
import { multipart, setupApp, type TestEnv, type TestSchool } from './helpers.js';
import { startS3, type TestS3 } from './s3-server.js';

/**
 * The app with its files in S3 (a real s3rver on loopback): uploads, authorised downloads, other
 * schools' 404s and clean-up behave as on disk, and nothing is written to DATA_DIR/uploads.
 */

let s3: TestS3;
let env: TestEnv;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

beforeAll(async () => {
  s3 = await startS3();
  env = await setupApp(s3.env);
});
afterAll(async () => {
  await env?.close();
  await s3?.stop();
});

const auth = (token: string) => ({ token });
const signed = async (role: 113 | 114 | 116, school: TestSchool) => {
  const u = await env.f.user(role, school);
  return { ...u, token: await env.f.token(u) };
};
const uploadsDir = () => path.join(env.dataDir, 'uploads');

async function upload(token: string, url: string, field: string, filename: string, data: Buffer, type: string) {
  const body = multipart(field, filename, data, type);
  return env.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...auth(token) } });
}

describe('files in S3', () => {
  it('stores a photo in the bucket, serves it to its school and 404s another school; the sweep removes an orphan', async () => {
    const school = await env.f.school();
    const principal = await signed(113, school);
    const teacher = await signed(114, school);
    const stranger = await signed(113, await env.f.school());

    // A polyglot: the bucket gets the image encoded again, without the page after it.
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await upload(principal.token, '/api/fileupload', 'file', 'me.png', polyglot, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const size = res.json().result.size as number;
    const name = res.json().result.imageName as string;
    expect(s3.objects()).toContain(name);
    expect(fs.existsSync(uploadsDir())).toBe(false);

    const got = await env.app.inject({ method: 'GET', url: `/api/uploads/${name}`, headers: auth(teacher.token) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(Number(got.headers['content-length'])).toBe(size);
    expect(got.rawPayload.length).toBe(size);
    expect(got.rawPayload.includes('<html')).toBe(false);
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    const foreign = await env.app.inject({ method: 'GET', url: `/api/uploads/${name}`, headers: auth(stranger.token) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('NOT_FOUND');

    // Never attached to a record: after a day the sweep removes the object and its row.
    await sweepOrphans(env.db, env.app.deps.storage, new Date(Date.now() + ORPHAN_AFTER_MS + 60_000));
    expect(s3.objects()).not.toContain(name);
    expect((await env.app.inject({ method: 'GET', url: `/api/uploads/${name}`, headers: auth(principal.token) })).statusCode).toBe(404);
  });

  it('keeps nothing of a refused upload (a file of the wrong type)', async () => {
    const teacher = await signed(114, await env.f.school());
    const before = s3.objects();
    const res = await upload(teacher.token, '/api/fileupload', 'file', 'x.png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]), 'image/png');
    expect(res.statusCode).toBe(415);
    expect(s3.objects()).toEqual(before);
  });

  it("serves class work's files from S3 to the class only, and removes them after the work is deleted", async () => {
    const school = await env.f.school();
    const teacher = await signed(114, school);
    const student = await signed(116, school);
    const otherSchoolStudent = await signed(116, await env.f.school());
    const [cls] = await env.db.insert(classes).values({ schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: '5', section: 'A' }).returning();
    const [subject] = await env.db.insert(subjects).values({ schoolId: school.id, name: `Maths ${randomUUID().slice(0, 4)}` }).returning();
    await env.db.insert(classSubjects).values({ schoolId: school.id, classId: cls!.id, subjectId: subject!.id, teacherId: teacher.id });
    await env.db.insert(classStudents).values({ schoolId: school.id, sessionId: school.sessionId, classId: cls!.id, studentId: student.id, rollNo: 1 });

    const up = await upload(teacher.token, '/api/fileupload/multi', 'files', 'Worksheet.pdf', PDF, 'application/pdf');
    expect(up.statusCode, up.body).toBe(200);
    const name = up.json().result[0].imageName as string;
    const work = await env.app.inject({
      method: 'POST',
      url: '/api/school/class/work',
      headers: auth(teacher.token),
      payload: { assignClassId: cls!.id, subjectId: subject!.id, title: 'Fractions', description: 'Questions 1 to 10.', date: '2026-07-01', dueDate: '2026-07-05', files: [name] },
    });
    expect(work.statusCode, work.body).toBe(200);
    const workId = work.json().result.workId as string;

    const url = `/api/school/class/work/${workId}/files/${name}`;
    const got = await env.app.inject({ method: 'GET', url, headers: auth(student.token) });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-disposition']).toContain('Worksheet.pdf');
    expect((await env.app.inject({ method: 'GET', url, headers: auth(otherSchoolStudent.token) })).statusCode).toBe(404);

    const removed = await env.app.inject({ method: 'DELETE', url: `/api/school/class/work/${workId}`, headers: auth(teacher.token) });
    expect(removed.statusCode).toBe(200);
    expect(s3.objects()).toContain(name);
    await sweepOrphans(env.db, env.app.deps.storage, new Date(Date.now() + ORPHAN_AFTER_MS + 60_000));
    expect(s3.objects()).not.toContain(name);
  });
});
