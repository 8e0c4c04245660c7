import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_EVENTS, type ChatMessage, type ChatReadEvent } from '@shala/contract';
import { academicSessions, chatConversations, chatMessages, classStudents, classSubjects, classes, notifications, subjects } from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';

/**
 * Chat: each route's 401/400/403/404/success, every pair rule both ways, history paging, clientId
 * idempotency, unread counts and read, live delivery to the recipient only, and that a refused
 * send stores nothing.
 */
type Signed = TestUser & { token: string };
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;
let classTeacher: Signed; // class teacher of 5-A
let subjectTeacher: Signed; // teaches Maths in 5-A
let otherTeacher: Signed; // teaches only 5-B
let pastTeacher: Signed; // taught the child's class last session
let parent: Signed; // child in 5-A
let otherParent: Signed; // child in 5-B
let goneTeacher: TestUser; // inactive, class teacher of 5-B
let goneParent: TestUser; // inactive, child in 5-A
let secondPrincipal: Signed;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object) => env.app.inject({ method, url, headers: token ? { token } : {}, payload });
const send = (from: Signed, to: { id: string }, text: string, clientId?: string) =>
  call('POST', `/api/chat/${to.id}/messages`, from.token, { text, ...(clientId ? { clientId } : {}) });
const history = (who: Signed, peer: { id: string }, query = '') => call('GET', `/api/chat/${peer.id}/messages${query}`, who.token);
const messageCount = async () => (await env.db.select({ n: count() }).from(chatMessages))[0]!.n;
const conversationCount = async () => (await env.db.select({ n: count() }).from(chatConversations))[0]!.n;

async function signed(role: 112 | 113 | 114 | 115 | 116, school: TestSchool, over: { firstName?: string; parentUserId?: string; status?: boolean } = {}): Promise<Signed> {
  const u = await env.f.user(role, school, over);
  return { ...u, token: over.status === false ? '' : await env.f.token(u) };
}

async function addClass(school: TestSchool, section: string, classTeacherId: string | null, sessionId = school.sessionId): Promise<string> {
  const [row] = await env.db
    .insert(classes)
    .values({ schoolId: school.id, sessionId, masterClass: '5', name: '5', section, classLimit: 40, classTeacherId })
    .returning({ id: classes.id });
  return row!.id;
}

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
  const school = mine.school;
  classTeacher = await signed(114, school, { firstName: 'Classteacher' });
  subjectTeacher = await signed(114, school, { firstName: 'Mathsteacher' });
  otherTeacher = await signed(114, school, { firstName: 'Otherteacher' });
  pastTeacher = await signed(114, school, { firstName: 'Pastteacher' });
  goneTeacher = await env.f.user(114, school, { firstName: 'Goneteacher', status: false });
  parent = await signed(115, school, { firstName: 'Parentone' });
  otherParent = await signed(115, school, { firstName: 'Parenttwo' });
  goneParent = await env.f.user(115, school, { firstName: 'Goneparent', status: false });
  secondPrincipal = await signed(113, school, { firstName: 'Secondprincipal' });
  const child = await env.f.user(116, school, { firstName: 'Aarav', parentUserId: parent.id });
  const otherChild = await env.f.user(116, school, { firstName: 'Bela', parentUserId: otherParent.id });
  const goneChild = await env.f.user(116, school, { firstName: 'Chetan', parentUserId: goneParent.id });
  const [maths] = await env.db.insert(subjects).values({ schoolId: school.id, name: 'Maths' }).returning({ id: subjects.id });
  const a = await addClass(school, 'A', classTeacher.id);
  const b = await addClass(school, 'B', goneTeacher.id);
  const [past] = await env.db
    .insert(academicSessions)
    .values({ schoolId: school.id, label: '2025-26', startDate: '2025-04-01', endDate: '2026-03-31', isCurrent: false })
    .returning({ id: academicSessions.id });
  const pastClass = await addClass(school, 'A', pastTeacher.id, past!.id);
  await env.db.insert(classSubjects).values([
    { schoolId: school.id, classId: a, subjectId: maths!.id, teacherId: subjectTeacher.id },
    { schoolId: school.id, classId: b, subjectId: maths!.id, teacherId: otherTeacher.id },
  ]);
  await env.db.insert(classStudents).values([
    { schoolId: school.id, sessionId: school.sessionId, classId: a, studentId: child.id },
    { schoolId: school.id, sessionId: school.sessionId, classId: a, studentId: goneChild.id },
    { schoolId: school.id, sessionId: school.sessionId, classId: b, studentId: otherChild.id },
    { schoolId: school.id, sessionId: past!.id, classId: pastClass, studentId: child.id },
  ]);
});
afterAll(() => env?.close());

describe('who may chat with whom', () => {
  const allowed: Array<[string, () => Signed, () => Signed]> = [
    ['teacher → principal', () => mine.users[114], () => mine.users[113]],
    ['teacher → system admin', () => mine.users[114], () => mine.users[112]],
    ['principal → teacher', () => mine.users[113], () => mine.users[114]],
    ['system admin → teacher', () => mine.users[112], () => mine.users[114]],
    ['parent → class teacher', () => parent, () => classTeacher],
    ['parent → subject teacher', () => parent, () => subjectTeacher],
    ['class teacher → parent', () => classTeacher, () => parent],
    ['subject teacher → parent', () => subjectTeacher, () => parent],
  ];
  it.each(allowed)('%s may read and send', async (_, from, to) => {
    expect((await history(from(), to())).statusCode).toBe(200);
    const res = await send(from(), to(), `hello from ${from().name}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ senderId: from().id, recipientId: to().id, readAt: null });
  });

  const refused: Array<[string, () => Signed, () => { id: string }, number, string | undefined]> = [
    ['parent → teacher of another class', () => parent, () => otherTeacher, 403, 'chat_not_related'],
    ['parent → last session’s teacher', () => parent, () => pastTeacher, 403, 'chat_not_related'],
    ['teacher → parent of a class it does not teach', () => classTeacher, () => otherParent, 403, 'chat_not_related'],
    ['parent → principal', () => parent, () => mine.users[113], 403, 'chat_not_related'],
    ['principal → parent', () => mine.users[113], () => parent, 403, 'chat_not_related'],
    ['principal → system admin', () => mine.users[113], () => mine.users[112], 403, 'chat_not_related'],
    ['principal → principal', () => mine.users[113], () => secondPrincipal, 403, 'chat_not_related'],
    ['teacher → teacher', () => classTeacher, () => subjectTeacher, 403, 'chat_not_related'],
    ['parent → parent', () => parent, () => otherParent, 403, 'chat_not_related'],
    ['teacher → student', () => classTeacher, () => mine.users[116], 403, 'chat_not_related'],
    ['teacher → principal of another school', () => mine.users[114], () => theirs.users[113], 404, undefined],
    ['principal → teacher of another school', () => mine.users[113], () => theirs.users[114], 404, undefined],
    ['parent → inactive teacher', () => otherParent, () => goneTeacher, 404, undefined],
    ['teacher → inactive parent', () => classTeacher, () => goneParent, 404, undefined],
    ['teacher → unknown id', () => mine.users[114], () => ({ id: randomUUID() }), 404, undefined],
    ['teacher → platform owner', () => mine.users[114], () => mine.users[111], 404, undefined],
    ['teacher → itself', () => mine.users[114], () => mine.users[114], 400, 'chat_self'],
  ];
  it.each(refused)('%s is refused (%i) on every route, storing nothing', async (_, from, to, status, reason) => {
    const before = { m: await messageCount(), c: await conversationCount() };
    for (const res of [
      await history(from(), to()),
      await send(from(), to(), 'not allowed'),
      await call('POST', `/api/chat/${to().id}/read`, from().token),
    ]) {
      expect(res.statusCode).toBe(status);
      expect(res.json().reason).toBe(reason);
    }
    expect({ m: await messageCount(), c: await conversationCount() }).toEqual(before);
  });

  it('a student (116) or the platform owner (111) has no chat: 403 by role; no session: 401', async () => {
    for (const token of [mine.users[116].token, mine.users[111].token]) {
      expect((await call('GET', '/api/chat/contacts', token)).statusCode).toBe(403);
      expect((await call('GET', '/api/chat/conversations', token)).statusCode).toBe(403);
      expect((await send({ ...mine.users[116], token }, mine.users[114], 'hi')).statusCode).toBe(403);
    }
    for (const [method, url] of [
      ['GET', '/api/chat/contacts'],
      ['GET', '/api/chat/conversations'],
      ['GET', `/api/chat/${mine.users[114].id}/messages`],
      ['POST', `/api/chat/${mine.users[114].id}/messages`],
      ['POST', `/api/chat/${mine.users[114].id}/read`],
    ] as const) {
      expect((await call(method, url, undefined, method === 'POST' ? { text: 'x' } : undefined)).statusCode).toBe(401);
    }
  });

  it('bad input answers 400 and stores nothing', async () => {
    const before = await messageCount();
    expect((await call('GET', '/api/chat/not-a-uuid/messages', parent.token)).statusCode).toBe(400);
    expect((await history(parent, classTeacher, '?before=nope')).statusCode).toBe(400);
    expect((await history(parent, classTeacher, '?limit=1000')).statusCode).toBe(400);
    expect((await send(parent, classTeacher, '')).statusCode).toBe(400);
    expect((await send(parent, classTeacher, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await send(parent, classTeacher, 'bad\u0000text')).statusCode).toBe(400);
    expect((await send(parent, classTeacher, 'hi', 'not-a-uuid')).statusCode).toBe(400);
    expect((await call('POST', `/api/chat/x/read`, parent.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/chat/contacts?pageSize=1000', parent.token)).statusCode).toBe(400);
    expect(await messageCount()).toBe(before);
  });
});

describe('contacts', () => {
  it('a parent sees its children’s current teachers with what they teach', async () => {
    const res = await call('GET', '/api/chat/contacts', parent.token);
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      expect.objectContaining({ userId: classTeacher.id, relation: 'childTeacher', classTeacherOf: '5-A', detail: null }),
      expect.objectContaining({ userId: subjectTeacher.id, relation: 'childTeacher', classTeacherOf: null, detail: 'Maths (5-A)' }),
    ]);
  });

  it('a teacher sees the principals, the admins and its students’ parents with the children’s names', async () => {
    const res = await call('GET', '/api/chat/contacts?pageSize=100', classTeacher.token);
    const items = res.json().result.items as Array<{ userId: string; relation: string; detail: string | null }>;
    expect(items.map((c) => c.userId).sort()).toEqual([mine.users[112].id, mine.users[113].id, secondPrincipal.id, parent.id].sort());
    expect(items.find((c) => c.userId === parent.id)).toMatchObject({ relation: 'parent', detail: 'Aarav Test' });
    expect(items.find((c) => c.userId === mine.users[112].id)).toMatchObject({ relation: 'systemAdmin' });
    expect(items.find((c) => c.userId === mine.users[113].id)).toMatchObject({ relation: 'principal' });
  });

  it('an admin sees the active teachers; search by name; paging', async () => {
    const all = (await call('GET', '/api/chat/contacts?pageSize=100', mine.users[113].token)).json().result;
    expect(all.items.every((c: { relation: string; roleId: number }) => c.relation === 'teacher' && c.roleId === 114)).toBe(true);
    expect(all.items.map((c: { userId: string }) => c.userId)).not.toContain(goneTeacher.id);
    expect(all.total).toBe(5);
    const found = (await call('GET', '/api/chat/contacts?search=mathsteach', mine.users[113].token)).json().result;
    expect(found.items.map((c: { userId: string }) => c.userId)).toEqual([subjectTeacher.id]);
    const page2 = (await call('GET', '/api/chat/contacts?pageSize=2&page=2', mine.users[113].token)).json().result;
    expect(page2).toMatchObject({ total: 5, page: 2 });
    expect(page2.items).toHaveLength(2);
    const past = (await call('GET', '/api/chat/contacts?pageSize=2&page=9', mine.users[113].token)).json().result;
    expect(past).toMatchObject({ total: 5, items: [] });
  });
});

describe('a conversation', () => {
  let t: Signed;
  let g: Signed;
  beforeAll(async () => {
    const school = await env.f.school();
    t = await signed(114, school, { firstName: 'Pagingteacher' });
    g = await signed(115, school, { firstName: 'Pagingparent' });
    const kid = await env.f.user(116, school, { parentUserId: g.id });
    const c = await addClass(school, 'C', t.id);
    await env.db.insert(classStudents).values({ schoolId: school.id, sessionId: school.sessionId, classId: c, studentId: kid.id });
  });

  it('pages the history newest first with before, no gaps or repeats', async () => {
    const sent: string[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await send(i % 2 ? t : g, i % 2 ? g : t, `message ${i}`);
      sent.push(res.json().result.messageId);
    }
    const seen: string[] = [];
    let before: string | undefined;
    const pages: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await history(g, t, `?limit=10${before ? `&before=${before}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json().result;
      if (i === 0) expect(page.peer).toMatchObject({ userId: t.id, relation: 'childTeacher', classTeacherOf: '5-C' });
      seen.push(...page.items.map((m: ChatMessage) => m.messageId));
      pages.push(page.hasMore);
      before = page.items.at(-1)?.messageId;
    }
    expect(pages).toEqual([true, true, false]);
    expect(seen).toEqual([...sent].reverse());
    // the teacher sees the same history
    const other = (await history(t, g, '?limit=100')).json().result;
    expect(other.items.map((m: ChatMessage) => m.messageId)).toEqual([...sent].reverse());
    expect(other.peer).toMatchObject({ userId: g.id, relation: 'parent' });
  });

  it('a clientId sent twice is stored once and answers the stored message', async () => {
    const clientId = randomUUID();
    const before = await messageCount();
    const first = await send(g, t, 'only once', clientId);
    const again = await send(g, t, 'only once', clientId);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toEqual(first.json().result);
    expect(await messageCount()).toBe(before + 1);
    const notes = await env.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, t.id), eq(notifications.message, 'only once')));
    expect(notes[0]!.n).toBe(1);
    // the same id to another person is a conflict, not a new message
    const elsewhere = await send(t, g, 'x', randomUUID());
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts unread per conversation and in all; reading clears them and tells the sender', async () => {
    const list = (await call('GET', '/api/chat/conversations', t.token)).json().result;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ peer: { userId: g.id }, lastMessage: { text: 'x', senderId: t.id } });
    const unreadBefore = list.items[0].unread;
    expect(unreadBefore).toBe(14); // 13 of the 25 + 'only once'
    expect(list.unread).toBe(14);
    const note = await env.db.select().from(notifications).where(and(eq(notifications.userId, t.id), eq(notifications.kind, 'chat'))).limit(1);
    expect(note[0]!.link).toBe(`/chat?teacherId=${g.id}&UserName=${encodeURIComponent(g.name)}`);
    // Opening the chat reads its messages and clears the bell's notifications of them.
    const unreadFrom = async () =>
      (await env.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, t.id), eq(notifications.senderId, g.id), eq(notifications.kind, 'chat'), isNull(notifications.readAt))))[0]!.n;
    const notesBefore = await unreadFrom();
    expect(notesBefore).toBeGreaterThan(0);
    const read = await call('POST', `/api/chat/${g.id}/read`, t.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().result).toEqual({ read: 14, notes: notesBefore });
    expect(await unreadFrom()).toBe(0);
    expect((await call('GET', '/api/notifications', t.token)).json().result.items.filter((n: { kind: string; read: boolean }) => n.kind === 'chat' && !n.read)).toEqual([]);
    expect((await call('POST', `/api/chat/${g.id}/read`, t.token)).json().result).toEqual({ read: 0, notes: 0 });
    const after = (await call('GET', '/api/chat/conversations', t.token)).json().result;
    expect(after).toMatchObject({ unread: 0, items: [{ unread: 0 }] });
    const unreadNotes = await env.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, t.id), eq(notifications.kind, 'chat')));
    expect(unreadNotes[0]!.n).toBeGreaterThan(0);
    const mine = (await history(g, t, '?limit=100')).json().result.items as ChatMessage[];
    expect(mine.filter((m) => m.senderId === g.id).every((m) => m.readAt !== null)).toBe(true);
    expect(mine.filter((m) => m.senderId === t.id).every((m) => m.readAt === null)).toBe(true);
    // the parent's side: one unread message from the teacher
    const gl = (await call('GET', '/api/chat/conversations', g.token)).json().result;
    expect(gl.unread).toBe(13);
    expect((await call('GET', '/api/chat/conversations?page=5', g.token)).json().result).toMatchObject({ total: 1, unread: 13, items: [] });
  });

  it('a notification text is cut to about 140 characters', async () => {
    const long = 'word '.repeat(100).trim();
    expect((await send(g, t, long)).statusCode).toBe(200);
    const [note] = await env.db.select().from(notifications).where(eq(notifications.userId, t.id)).orderBy(notifications.createdAt);
    expect(note).toBeTruthy();
    const last = await env.db.select().from(notifications).where(and(eq(notifications.userId, t.id), eq(notifications.kind, 'chat')));
    const cut = last.find((n) => n.message.startsWith('word word'))!;
    expect(cut.message.length).toBeLessThanOrEqual(141);
    expect(cut.message.endsWith('…')).toBe(true);
  });
});

describe('live delivery', () => {
  let url: string;
  beforeAll(async () => {
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = env.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${addr.port}`;
  });
  const client = (token: string): Socket => connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  const next = <T>(socket: Socket, event: string, ms = 5000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event}`)), ms);
      socket.once(event, (p: T) => {
        clearTimeout(timer);
        resolve(p);
      });
    });

  it('a message reaches the recipient and the sender’s other tabs, nobody else; read is told to the sender', async () => {
    const recipient = client(classTeacher.token);
    const senderTab = client(parent.token);
    const bystander = client(subjectTeacher.token);
    await Promise.all([next(recipient, 'connect'), next(senderTab, 'connect'), next(bystander, 'connect')]);
    let bystanderGot = 0;
    bystander.on(REALTIME_EVENTS.chatMessage, () => bystanderGot++);
    const got = next<ChatMessage>(recipient, REALTIME_EVENTS.chatMessage);
    const echo = next<ChatMessage>(senderTab, REALTIME_EVENTS.chatMessage);
    const note = next<{ kind: string; link: string }>(recipient, REALTIME_EVENTS.notification);
    const clientId = randomUUID();
    const res = await send(parent, classTeacher, 'live hello', clientId);
    // The sender's answer and its other tabs carry its clientId (to match their unsent copies);
    // the recipient's copy does not.
    expect(res.json().result).toMatchObject({ clientId });
    expect(await echo).toEqual(res.json().result);
    const { clientId: _own, ...forRecipient } = res.json().result as ChatMessage;
    expect(await got).toEqual(forRecipient);
    expect(await note).toMatchObject({ kind: 'chat', link: expect.stringContaining(`teacherId=${parent.id}`) });
    const read = next<ChatReadEvent>(senderTab, REALTIME_EVENTS.chatRead);
    await call('POST', `/api/chat/${parent.id}/read`, classTeacher.token);
    expect(await read).toMatchObject({ peerId: classTeacher.id });
    await new Promise((r) => setTimeout(r, 100));
    expect(bystanderGot).toBe(0);
    for (const s of [recipient, senderTab, bystander]) s.close();
  });
});
