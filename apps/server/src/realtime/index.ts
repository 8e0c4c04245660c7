import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../context.js';

/** Live delivery to a user's open tabs, on any app node (Redis adapter when REDIS_URL is set). */
export interface Realtime {
  toUser(userId: string, event: string, payload: unknown): void;
  close(): Promise<void>;
}

export const userRoom = (userId: string) => `user:${userId}`;

export async function createRealtime(opts: {
  server: HttpServer;
  redisUrl?: string;
  resolve: (token: string) => Promise<Caller | null>;
  log: FastifyBaseLogger;
}): Promise<Realtime> {
  const io = new Server(opts.server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const closers: Array<() => Promise<unknown>> = [];
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    closers.push(() => pub.quit(), () => sub.quit());
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
        void socket.join(userRoom(caller.userId));
        next();
      })
      .catch(() => next(new Error('UNAUTHENTICATED')));
  });
  return {
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(closers.map((c) => c().catch(() => undefined)));
    },
  };
}

/** For code paths with no HTTP server (seed scripts): delivery is a no-op. */
export const noRealtime: Realtime = { toUser() {}, close: async () => {} };
