import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@shala/contract';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './mail/index.js';
import type { Realtime } from './realtime/index.js';

/** What every service needs; built once in app.ts and passed down. */
export interface Deps {
  /** The database; reach it through policy's tenantDb, inTenant or asPlatform. */
  data: Database;
  config: Config;
  mailer: Mailer;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

/** The signed-in caller, resolved from the session token. */
export interface Caller {
  userId: string;
  roleId: Role;
  schoolId: string | null;
  sessionId: string;
  name: string;
}

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
  }
}
