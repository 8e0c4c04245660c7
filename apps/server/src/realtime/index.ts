import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../caller.js';
import { logRedisErrors } from './redis-log.js';
import { nowMs } from '../clock.js';

/** Live delivery to a user's open tabs, on any app node (Redis adapter when REDIS_URL is set). */
export interface Realtime {
  toUser(userId: string, event: string, payload: unknown): void;
  /** Ends a user's open sockets on every node, except those of one session if given. */
  disconnectUser(userId: string, exceptSessionId?: string): void;
  /** Ends the sockets of one session on every node (sign-out). */
  disconnectSession(sessionId: string): void;
  /** Ends the sockets of every user of a school (the school is deactivated). */
  disconnectSchool(schoolId: string): void;
  /** Tells the other app nodes that sessions were revoked, so they drop them from their caches. */
  sessionsRevoked(which: RevokedWhich): void;
  close(): Promise<void>;
}

const REVOKED = 'shala:sessions-revoked';
/** Which sessions were revoked: one, a user's (but one), or a school's. */
export interface RevokedWhich {
  sessionId?: string;
  userId?: string;
  exceptSessionId?: string;
  schoolId?: string;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const schoolRoom = (schoolId: string) => `school:${schoolId}`;
/** setTimeout's largest delay; a longer session is checked again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export async function createRealtime(opts: {
  server: HttpServer;
  redisUrl?: string;
  resolve: (token: string) => Promise<Caller | null>;
  /** Sessions revoked on another node. */
  onRemoteRevoked?: (which: RevokedWhich) => void;
  log: FastifyBaseLogger;
}): Promise<Realtime> {
  const io = new Server(opts.server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const closers: Array<() => Promise<unknown>> = [];
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    logRedisErrors(pub, opts.log, 'realtime-pub');
    logRedisErrors(sub, opts.log, 'realtime-sub');
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    closers.push(() => pub.quit(), () => sub.quit());
    io.on(REVOKED, (which: RevokedWhich) => opts.onRemoteRevoked?.(which));
    opts.log.info('realtime: Redis adapter on');
  }
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return next(new Error('UNAUTHENTICATED'));
    opts
      .resolve(token)
      .then((caller) => {
        if (!caller) return next(new Error('UNAUTHENTICATED'));
        socket.data.caller = caller;
        void socket.join([userRoom(caller.userId), sessionRoom(caller.sessionId), ...(caller.schoolId ? [schoolRoom(caller.schoolId)] : [])]);
        // The socket ends when its session expires (the client reconnects and must sign in again).
        if (caller.expiresAt) {
          const timer = setTimeout(() => socket.disconnect(true), Math.min(Math.max(0, caller.expiresAt.getTime() - nowMs()), MAX_TIMER_MS));
          timer.unref();
          socket.once('disconnect', () => clearTimeout(timer));
        }
        next();
      })
      .catch(() => next(new Error('UNAUTHENTICATED')));
  });
  return {
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    disconnectUser(userId, exceptSessionId) {
      const room = io.in(userRoom(userId));
      (exceptSessionId ? room.except(sessionRoom(exceptSessionId)) : room).disconnectSockets(true);
    },
    disconnectSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    disconnectSchool(schoolId) {
      io.in(schoolRoom(schoolId)).disconnectSockets(true);
    },
    sessionsRevoked(which) {
      // Only an adapter that spans nodes carries it; a single node has nothing to tell.
      if (opts.redisUrl) io.serverSideEmit(REVOKED, which);
    },
    async close() {
      // The Redis adapter unsubscribes on close without waiting or catching: with Redis out of
      // reach that is an unhandled rejection at shutdown, and the client may not know yet that it
      // is (its status still 'ready' just after the connection dropped). The subscriber quits
      // next, which ends its subscriptions, so the adapter's own unsubscribing is skipped always.
      if (opts.redisUrl) (io.of('/').adapter as { close(): void }).close = () => {};
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      await Promise.all(closers.map((c) => c().catch(() => undefined)));
    },
  };
}

/** For code paths with no HTTP server (seed scripts): delivery is a no-op. */
export const noRealtime: Realtime = { toUser() {}, disconnectUser() {}, disconnectSession() {}, disconnectSchool() {}, sessionsRevoked() {}, close: async () => {} };
