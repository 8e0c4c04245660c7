import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { classStudents, classSubjects, classWorkFiles, classWorks, classes, files, notifications, subjects } from '../src/db/schema.js';
import { setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';

let env: TestEnv;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** The start of a Windows executable ("MZ" header pointing at a "PE" header). */
const EXE = (() => {
  const b = Buffer.alloc(256, 0);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
})();

/** A zip of stored (uncompressed) entries, built by hand. */
function zip(entries: Array<[string, string]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
const DOCX = zip([
  [
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ],
  ['word/document.xml', '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'],
]);

function form(parts: Array<{ filename: string; data: Buffer; type?: string }>) {
  const boundary = `----shala-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

interface World {
  school: TestSchool;
  admin: TestUser & { token: string };
  principal: TestUser & { token: string };
  teacher: TestUser & { token: string };
  otherTeacher: TestUser & { token: string };
  parent: TestUser & { token: string };
  otherParent: TestUser & { token: string };
  student: TestUser & { token: string };
  classmate: TestUser & { token: string };
  otherStudent: TestUser & { token: string };
  classId: string;
  otherClassId: string;
  subjectId: string;
  otherSubjectId: string;
}

async function signed(role: 112 | 113 | 114 | 115 | 116, school: TestSchool, over: { parentUserId?: string; firstName?: string } = {}) {
  const u = await env.f.user(role, school, over);
  return { ...u, token: await env.f.token(u) };
}

/** A school with a class (teacher teaches one subject there), its students and their parents, and another class. */
async function world(): Promise<World> {
  const school = await env.f.school();
  // One at a time: login ids are numbered in order.
  const admin = await signed(112, school);
  const principal = await signed(113, school);
  const teacher = await signed(114, school);
  const otherTeacher = await signed(114, school);
  const parent = await signed(115, school);
  const otherParent = await signed(115, school);
  const student = await signed(116, school, { parentUserId: parent.id });
  const classmate = await signed(116, school);
  const otherStudent = await signed(116, school, { parentUserId: otherParent.id });
  const [c1, c2] = await env.db
    .insert(classes)
    .values([
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: '5', section: 'A' },
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '6', name: '6', section: 'A', classTeacherId: otherTeacher.id },
    ])
    .returning();
  const [s1, s2] = await env.db
    .insert(subjects)
    .values([
      { schoolId: school.id, name: `Maths ${randomUUID().slice(0, 4)}` },
      { schoolId: school.id, name: `Art ${randomUUID().slice(0, 4)}` },
    ])
    .returning();
  await env.db.insert(classSubjects).values([
    { schoolId: school.id, classId: c1!.id, subjectId: s1!.id, teacherId: teacher.id },
    { schoolId: school.id, classId: c1!.id, subjectId: s2!.id, teacherId: otherTeacher.id },
    { schoolId: school.id, classId: c2!.id, subjectId: s1!.id, teacherId: otherTeacher.id },
  ]);
  await env.db.insert(classStudents).values([
    { schoolId: school.id, sessionId: school.sessionId, classId: c1!.id, studentId: student.id, rollNo: 1 },
    { schoolId: school.id, sessionId: school.sessionId, classId: c1!.id, studentId: classmate.id, rollNo: 2 },
    { schoolId: school.id, sessionId: school.sessionId, classId: c2!.id, studentId: otherStudent.id, rollNo: 1 },
  ]);
  return { school, admin, principal, teacher, otherTeacher, parent, otherParent, student, classmate, otherStudent, classId: c1!.id, otherClassId: c2!.id, subjectId: s1!.id, otherSubjectId: s2!.id };
}

async function upload(token: string, parts: Array<{ filename: string; data: Buffer }>) {
  const body = form(parts);
  return env.app.inject({ method: 'POST', url: '/api/fileupload/multi', payload: body.payload, headers: { ...body.headers, ...auth(token) } });
}
async function uploaded(token: string, filename = 'Worksheet 1.pdf', data: Buffer = PDF): Promise<string> {
  const res = await upload(token, [{ filename, data }]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result[0].imageName as string;
}

const body = (w: World, over: Record<string, unknown> = {}) => ({
  assignClassId: w.classId,
  subjectId: w.subjectId,
  title: 'Fractions worksheet',
  description: 'Do questions 1 to 10.',
  date: '2026-07-01',
  dueDate: '2026-07-05',
  files: [],
  ...over,
});

async function post(w: World, over: Record<string, unknown> = {}, token = w.teacher.token) {
  return env.app.inject({ method: 'POST', url: '/api/school/class/work', headers: auth(token), payload: body(w, over) });
}

const workCount = async (schoolId: string) => (await env.db.select({ n: count() }).from(classWorks).where(eq(classWorks.schoolId, schoolId)))[0]!.n;

let w: World;
let other: World;
beforeAll(async () => {
  env = await setupApp();
  w = await world();
  other = await world();
});
afterAll(() => env?.close());

describe('uploads of office documents', () => {
  it('accepts a .docx from its bytes and refuses an .exe named .pdf', async () => {
    const ok = await upload(w.teacher.token, [{ filename: 'Notes.docx', data: DOCX }]);
    expect(ok.statusCode, ok.body).toBe(200);
    const [f] = ok.json().result;
    expect(f.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(f.imageName).toMatch(/\.docx$/);
    expect(f.originalName).toBe('Notes.docx');
    const [row] = await env.db.select().from(files).where(eq(files.name, f.imageName));
    expect(row!.originalName).toBe('Notes.docx');

    const bad = await upload(w.teacher.token, [{ filename: 'homework.pdf', data: EXE }]);
    expect(bad.statusCode).toBe(415);
    expect(bad.json().reason).toBe('file_type');
  });

  it('accepts a .docx written with its content types last, and legacy .xls only by that name', async () => {
    const late = zip([
      ['word/document.xml', '<?xml version="1.0"?><document/>'],
      ['[Content_Types].xml', '<?xml version="1.0"?><Types/>'],
    ]);
    const ok = await upload(w.teacher.token, [{ filename: 'Late.docx', data: late }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result[0].imageName).toMatch(/\.docx$/);

    const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504, 0)]);
    const xls = await upload(w.teacher.token, [{ filename: 'Marks.XLS', data: cfb }]);
    expect(xls.statusCode, xls.body).toBe(200);
    expect(xls.json().result[0]).toMatchObject({ mime: 'application/vnd.ms-excel', originalName: 'Marks.XLS' });
    expect(xls.json().result[0].imageName).toMatch(/\.xls$/);
    const msi = await upload(w.teacher.token, [{ filename: 'setup.msi', data: cfb }]);
    expect(msi.statusCode).toBe(415);
  });

  it('refuses a bare zip named .docx', async () => {
    const res = await upload(w.teacher.token, [{ filename: 'fake.docx', data: zip([['readme.txt', 'hello']]) }]);
    expect(res.statusCode).toBe(415);
  });
});

describe('class work', () => {
  it('slots: the teacher’s classes and subjects of the current session; 401, 403', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/school/class/work/slots', headers: auth(w.teacher.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([{ assignClassId: w.classId, className: '5', section: 'A', subjectId: w.subjectId, subjectName: expect.any(String) }]);
    expect((await env.app.inject({ method: 'GET', url: '/api/school/class/work/slots' })).statusCode).toBe(401);
    expect((await env.app.inject({ method: 'GET', url: '/api/school/class/work/slots', headers: auth(w.student.token) })).statusCode).toBe(403);
  });

  it('create: 401, 400, 403 role, 403 not_teaching, 404 other school, file_not_yours; refused requests change nothing', async () => {
    const before = await workCount(w.school.id);
    expect((await env.app.inject({ method: 'POST', url: '/api/school/class/work', payload: body(w) })).statusCode).toBe(401);
    expect((await post(w, { title: '' })).statusCode).toBe(400);
    const due = await post(w, { dueDate: '2026-06-01' });
    expect(due.statusCode).toBe(400);
    expect(JSON.stringify(due.json())).toContain('due_before_date');
    expect((await post(w, {}, w.student.token)).statusCode).toBe(403);
    expect((await post(w, {}, w.principal.token)).statusCode).toBe(403);

    const notTeaching = await post(w, { subjectId: w.otherSubjectId });
    expect(notTeaching.statusCode).toBe(403);
    expect(notTeaching.json().reason).toBe('not_teaching');
    const otherClass = await post(w, { assignClassId: w.otherClassId });
    expect(otherClass.json().reason).toBe('not_teaching');
    expect((await post(w, { assignClassId: other.classId, subjectId: other.subjectId })).statusCode).toBe(404);

    // Another user's upload, and an upload already used.
    const theirs = await uploaded(w.otherTeacher.token);
    const refused = await post(w, { files: [theirs] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ reason: 'file_not_yours', field: 'files', params: { name: theirs } });
    const mine = await uploaded(w.teacher.token);
    const first = await post(w, { title: 'Uses the file', files: [mine] });
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(w, { title: 'Uses it again', files: [mine] });
    expect(again.statusCode).toBe(400);
    expect(again.json().reason).toBe('file_not_yours');
    const withOne = await uploaded(w.teacher.token);
    const partly = await post(w, { title: 'Half', files: [withOne, theirs] });
    expect(partly.json().reason).toBe('file_not_yours');

    expect(await workCount(w.school.id)).toBe(before + 1);
    const [free] = await env.db.select().from(files).where(eq(files.name, withOne));
    expect(free!.attachedAt).toBeNull();
    expect(free!.private).toBe(false);
    const [theirRow] = await env.db.select().from(files).where(eq(files.name, theirs));
    expect(theirRow!.attachedAt).toBeNull();
  });

  it('create with files: stored in order, private, attached; the students and parents of the class are told', async () => {
    const a = await uploaded(w.teacher.token, 'Fractions – भिन्न.pdf');
    const b = await uploaded(w.teacher.token, 'Notes.docx', DOCX);
    const res = await post(w, { title: 'Fractions with files', files: [a, b] });
    expect(res.statusCode, res.body).toBe(200);
    const work = res.json().result;
    expect(work).toMatchObject({ assignClassId: w.classId, subjectId: w.subjectId, teacherId: w.teacher.id, title: 'Fractions with files', dueDate: '2026-07-05' });
    expect(work.files.map((f: { name: string; originalName: string }) => [f.name, f.originalName])).toEqual([
      [a, 'Fractions – भिन्न.pdf'],
      [b, 'Notes.docx'],
    ]);
    const rows = await env.db.select().from(files).where(inArray(files.name, [a, b]));
    expect(rows.every((r) => r.private && r.attachedAt)).toBe(true);

    const told = await env.db
      .select({ userId: notifications.userId, link: notifications.link, kind: notifications.kind, params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.kind, 'classwork'), sql`${notifications.params}->>'title' = 'Fractions with files'`));
    expect(told[0]!.params).toEqual({ subject: work.subjectName, title: 'Fractions with files' });
    expect(told.map((n) => n.userId).sort()).toEqual([w.student.id, w.classmate.id, w.parent.id].sort());
    expect(told.find((n) => n.userId === w.student.id)!.link).toBe(`/mywork/${w.classId}`);
    expect(told.find((n) => n.userId === w.parent.id)!.link).toBe('/childwork');
  });

  it('class list: admins, the class’s teachers, students and parents; others 404; newest first with files', async () => {
    const older = await post(w, { title: 'Older', date: '2026-06-01', dueDate: null });
    expect(older.statusCode).toBe(200);
    const url = `/api/school/class/work/class/${w.classId}`;
    for (const who of [w.admin, w.principal, w.teacher, w.otherTeacher, w.student, w.parent]) {
      const res = await env.app.inject({ method: 'GET', url, headers: auth(who.token) });
      expect(res.statusCode, `${who.roleId}`).toBe(200);
      const page = res.json().result;
      expect(page.total).toBeGreaterThanOrEqual(3);
      expect(page.items.at(-1).title).toBe('Older');
      expect(page.items.some((i: { files: unknown[] }) => i.files.length === 2)).toBe(true);
    }
    for (const who of [w.otherStudent, w.otherParent, other.student, other.admin]) {
      expect((await env.app.inject({ method: 'GET', url, headers: auth(who.token) })).statusCode, `${who.roleId}`).toBe(404);
    }
    // otherTeacher teaches Art in class 5; a teacher teaching nothing there: 404.
    const lone = await signed(114, w.school);
    expect((await env.app.inject({ method: 'GET', url, headers: auth(lone.token) })).statusCode).toBe(404);
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await env.app.inject({ method: 'GET', url: `${url}?pageSize=0`, headers: auth(w.admin.token) })).statusCode).toBe(400);
    const filtered = await env.app.inject({ method: 'GET', url: `${url}?subjectId=${w.otherSubjectId}`, headers: auth(w.admin.token) });
    expect(filtered.json().result.total).toBe(0);
  });

  it('mine: the teacher’s own posts only, newest first, filtered by class; 403 for others', async () => {
    const res = await env.app.inject({ method: 'GET', url: `/api/school/class/work?assignClassId=${w.classId}&pageSize=2`, headers: auth(w.teacher.token) });
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.every((i: { teacherId: string }) => i.teacherId === w.teacher.id)).toBe(true);
    const none = await env.app.inject({ method: 'GET', url: '/api/school/class/work', headers: auth(w.otherTeacher.token) });
    expect(none.json().result).toMatchObject({ items: [], total: 0 });
    expect((await env.app.inject({ method: 'GET', url: '/api/school/class/work', headers: auth(w.parent.token) })).statusCode).toBe(403);
  });

  it('downloads: only for those who may see the work, only the work’s files; private files not school-wide', async () => {
    const name = await uploaded(w.teacher.token, 'Fractions – भिन्न.pdf');
    const work = (await post(w, { title: 'Download me', files: [name] })).json().result;
    const url = `/api/school/class/work/${work.workId}/files/${name}`;

    const got = await env.app.inject({ method: 'GET', url, headers: auth(w.student.token) });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Fractions _ _____.pdf"; filename*=UTF-8''${encodeURIComponent('Fractions – भिन्न.pdf')}`,
    );
    expect((await env.app.inject({ method: 'GET', url, headers: auth(w.parent.token) })).statusCode).toBe(200);
    expect((await env.app.inject({ method: 'GET', url, headers: auth(w.principal.token) })).statusCode).toBe(200);
    expect((await env.app.inject({ method: 'GET', url, headers: auth(w.otherStudent.token) })).statusCode).toBe(404);
    expect((await env.app.inject({ method: 'GET', url, headers: auth(w.otherParent.token) })).statusCode).toBe(404);
    expect((await env.app.inject({ method: 'GET', url, headers: auth(other.student.token) })).statusCode).toBe(404);
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    // A file of another work through this work's URL.
    const otherName = await uploaded(w.teacher.token);
    await post(w, { title: 'Another', files: [otherName] });
    expect((await env.app.inject({ method: 'GET', url: `/api/school/class/work/${work.workId}/files/${otherName}`, headers: auth(w.student.token) })).statusCode).toBe(404);

    // School-wide: private, so only its owner.
    const shared = `/api/uploads/${name}`;
    expect((await env.app.inject({ method: 'GET', url: shared, headers: auth(w.student.token) })).statusCode).toBe(404);
    expect((await env.app.inject({ method: 'GET', url: shared, headers: auth(w.principal.token) })).statusCode).toBe(404);
    const own = await env.app.inject({ method: 'GET', url: shared, headers: auth(w.teacher.token) });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
  });

  it('delete: its teacher or the principal; others 404 (nothing changed); files detached', async () => {
    const name = await uploaded(w.teacher.token);
    const work = (await post(w, { title: 'To remove', files: [name] })).json().result;
    const url = `/api/school/class/work/${work.workId}`;
    expect((await env.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await env.app.inject({ method: 'DELETE', url: '/api/school/class/work/not-a-uuid', headers: auth(w.teacher.token) })).statusCode).toBe(400);
    expect((await env.app.inject({ method: 'DELETE', url, headers: auth(w.student.token) })).statusCode).toBe(403);
    expect((await env.app.inject({ method: 'DELETE', url, headers: auth(w.admin.token) })).statusCode).toBe(403);
    expect((await env.app.inject({ method: 'DELETE', url, headers: auth(w.otherTeacher.token) })).statusCode).toBe(404);
    expect((await env.app.inject({ method: 'DELETE', url, headers: auth(other.principal.token) })).statusCode).toBe(404);
    const [kept] = await env.db.select().from(files).where(eq(files.name, name));
    expect(kept!.attachedAt).not.toBeNull();
    expect((await env.db.select().from(classWorks).where(eq(classWorks.id, work.workId))).length).toBe(1);

    const res = await env.app.inject({ method: 'DELETE', url, headers: auth(w.teacher.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ workId: work.workId });
    const [freed] = await env.db.select().from(files).where(eq(files.name, name));
    expect(freed!.attachedAt).toBeNull();
    expect((await env.db.select().from(classWorkFiles).where(eq(classWorkFiles.workId, work.workId))).length).toBe(0);
    expect((await env.app.inject({ method: 'DELETE', url, headers: auth(w.teacher.token) })).statusCode).toBe(404);

    // The principal removes anyone's.
    const second = (await post(w, { title: 'Principal removes' })).json().result;
    expect((await env.app.inject({ method: 'DELETE', url: `/api/school/class/work/${second.workId}`, headers: auth(w.principal.token) })).statusCode).toBe(200);
  });
});
