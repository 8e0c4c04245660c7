import type { DbOrTx } from './db/client.js';
import type { Messaging } from './adapters/messaging.js';
import type { Payments } from './adapters/payments/index.js';
import type { Storage } from './adapters/storage/storage.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@shala/contract';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './adapters/mail/index.js';
import type { Realtime } from './realtime/index.js';
import type { Push } from './adapters/push/index.js';
import type { AddressLimiter } from './auth/limits.js';
import type { SessionCache } from './auth/session-cache.js';
import type { DeviceCookies } from './auth/device.js';
import type { JobSender, JobSpec } from './queue/index.js';
import type { Caller } from './caller.js';

export type { Caller };

/** What every service needs; built once in app.ts and passed down. */
export interface Deps {
  /** The database; reach it through policy's tenantDb, inTenant or asPlatform. */
  data: Database;
  config: Config;
  mailer: Mailer;
  realtime: Realtime;
  /** Web Push to the users' browsers (notifications with the app closed). */
  push: Push;
  log: FastifyBaseLogger;
  /** Failed credential attempts per client address, across ids (password spraying). */
  addressLimiter: AddressLimiter;
  /** Resolved sessions for a few seconds (auth/session-cache.ts); keeps nothing where it could go stale. */
  sessionCache: SessionCache;
  /** Signed cookies of the browsers that signed in to an id before (their own sign-in budget). */
  deviceCookies: DeviceCookies;
  /** Jobs sent from requests (the queue when it runs, else in this process after the answer). */
  jobs: JobSender<Deps>;
  /** SMS and WhatsApp providers and the key of their sealed secrets (adapters/messaging.ts). */
  messaging: Messaging;
  /** The payment gateway's client (adapters/payments); each call is given the school's keys. */
  payments: Payments;
  /** The key that seals every provider's secrets at rest (adapters/secrets.ts); null when SECRETS_KEY is unset. */
  secretsKey: Buffer | null;
  /** Where uploaded files live (adapters/storage): the disk or an S3 bucket, made once per app. */
  storage: Storage;
  /** Where notifications go beyond the bell: their deliveries queued in the writing transaction, and the job told (modules/messaging). */
  outbox: Outbox;
}

/**
 * The deliveries of notifications beyond the bell (issue 24: push, SMS, WhatsApp, mail), given to
 * the notifications service so it needs no import of the messaging module (which itself notifies):
 * `queue` in the transaction that made the notifications, `nudge` once it committed, with what
 * `queue` answered (how many deliveries on the phone and the instant lane).
 */
export interface Outbox {
  queue(
    db: DbOrTx,
    rows: ReadonlyArray<{ id: string; kind: string; schoolId: string | null }>,
    message?: { id: string; channels: readonly string[] },
  ): Promise<{ phone: number; instant: number }>;
  nudge(queued: { phone: number; instant: number }): void;
}

/** A job of the app (jobs/index.ts lists them): the queue's job, run with the app's deps. */
export type AppJob<T extends object = object> = JobSpec<T, Deps>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    roles?: 'public' | readonly Role[];
    authRateLimit?: boolean;
    /** Public credential routes: failures count against the client address (auth/limits.ts). */
    addressLimit?: boolean;
  }
}
