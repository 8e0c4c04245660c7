import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_EVENTS, type ChatMessage, type Notification } from '@shala/contract';
import { notify } from '../src/modules/notifications/service.js';
import { everyRole, setupApp, type TestEnv } from './helpers.js';

async function listen(env: TestEnv): Promise<string> {
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = env.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
}

function client(url: string, token: string): Socket {
  return connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
}

function nextEvent<T>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('realtime notifications', () => {
  let env: TestEnv;
  let url: string;
  beforeAll(async () => {
    env = await setupApp();
    url = await listen(env);
  });
  afterAll(() => env?.close());

  it('refuses a socket without a valid session', async () => {
    const socket = client(url, 'not-a-token');
    const err = await nextEvent<Error>(socket, 'connect_error');
    expect(err.message).toBe('UNAUTHENTICATED');
    socket.close();
  });

  it('delivers a new notification live to the recipient only', async () => {
    const { users } = await everyRole(env);
    const teacher = client(url, users[114].token);
    const parent = client(url, users[115].token);
    await Promise.all([nextEvent(teacher, 'connect'), nextEvent(parent, 'connect')]);
    let parentGot = 0;
    parent.on(REALTIME_EVENTS.notification, () => parentGot++);
    const received = nextEvent<Notification>(teacher, REALTIME_EVENTS.notification);
    await notify(env.app.deps, env.db, {
      schoolId: users[114].schoolId,
      userId: users[114].id,
      senderId: users[113].id,
      senderName: users[113].name,
      message: 'Staff meeting at 3',
    });
    const n = await received;
    expect(n).toMatchObject({ message: 'Staff meeting at 3', fullName: users[113].name, senderId: users[113].id, read: false });
    await new Promise((r) => setTimeout(r, 100));
    expect(parentGot).toBe(0);
    teacher.close();
    parent.close();
  });
});

/**
 * Two app nodes on one database and one Redis: an event made on node A reaches a tab on node B.
 * Registered where a Redis is given (CI sets TEST_REDIS_URL); a bare machine has none to test.
 */
if (process.env.TEST_REDIS_URL) describe('realtime across two nodes (Redis adapter)', () => {
  it('delivers through Redis', async () => {
    const a = await setupApp({ REDIS_URL: process.env.TEST_REDIS_URL! });
    // Node B shares node A's database: build a second app on the same handle.
    const { buildApp } = await import('../src/app.js');
    const b = await buildApp({ config: a.config, database: a.database, logger: false });
    try {
      await b.listen({ port: 0, host: '127.0.0.1' });
      const addr = b.server.address();
      if (!addr || typeof addr === 'string') throw new Error('no address');
      const { users } = await everyRole(a);
      const socket = client(`http://127.0.0.1:${addr.port}`, users[116].token);
      await nextEvent(socket, 'connect');
      const received = nextEvent<Notification>(socket, REALTIME_EVENTS.notification);
      await notify(a.app.deps, a.db, {
        schoolId: users[116].schoolId,
        userId: users[116].id,
        senderId: null,
        senderName: 'School office',
        message: 'Holiday tomorrow',
      });
      expect((await received).message).toBe('Holiday tomorrow');
      // A chat message sent through node A (HTTP) reaches the recipient's socket on node B.
      const principal = client(`http://127.0.0.1:${addr.port}`, users[113].token);
      await nextEvent(principal, 'connect');
      const chat = nextEvent<ChatMessage>(principal, REALTIME_EVENTS.chatMessage);
      const sent = await a.app.inject({ method: 'POST', url: `/api/chat/${users[113].id}/messages`, headers: { token: users[114].token }, payload: { text: 'Across nodes' } });
      expect(sent.statusCode).toBe(200);
      // The recipient's copy is the sender's answer without the sender's clientId.
      const { clientId: _own, ...forRecipient } = sent.json().result as ChatMessage;
      expect(await chat).toEqual(forRecipient);
      principal.close();
      // Signing out on node A ends the socket held by node B.
      const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const out = await a.app.inject({ method: 'POST', url: '/api/signout', headers: { token: users[116].token } });
      expect(out.statusCode).toBe(200);
      expect(await ended).toBe('io server disconnect');
      socket.close();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
