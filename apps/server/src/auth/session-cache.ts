import type { Caller } from '../caller.js';
import { nowMs } from '../clock.js';

/** How long a resolved session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  caller: Caller;
  until: number;
}

/**
 * Resolved sessions for a few seconds, so a request costs no session lookup. Every revocation on
 * this node drops the entries it touches at once (signout, password change or reset,
 * deactivation of a user or a school); other nodes are told through Redis, and at worst an
 * entry lives SESSION_CACHE_MS. One per app (createSessionCache).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  get(tokenHash: string, now = nowMs()): Caller | null {
    const e = this.entries.get(tokenHash);
    if (!e) return null;
    if (e.until <= now) {
      this.entries.delete(tokenHash);
      return null;
    }
    return e.caller;
  }

  set(tokenHash: string, caller: Caller, expiresAt: number, now = nowMs()): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { caller, until: Math.min(now + SESSION_CACHE_MS, expiresAt) });
  }

  /** Drops what a revocation touched: a session, a user's sessions (but one) or a school's. */
  drop(what: { sessionId?: string; userId?: string; exceptSessionId?: string; schoolId?: string }): void {
    for (const [hash, { caller }] of this.entries) {
      if (
        (what.sessionId && caller.sessionId === what.sessionId) ||
        (what.userId && caller.userId === what.userId && caller.sessionId !== what.exceptSessionId) ||
        (what.schoolId && caller.schoolId === what.schoolId)
      ) {
        this.entries.delete(hash);
      }
    }
  }

  clear(): void {
    this.entries.clear();
  }
}

/** A cache that keeps nothing: every request reads its session from the database. */
class NoSessionCache extends SessionCache {
  override get(): Caller | null {
    return null;
  }
  override set(): void {}
}

/**
 * The app's session cache. Only where every node hears of every revocation at once: with Redis
 * (revocations are published), or on the embedded database (one node only, it refuses a second
 * opener). Several nodes on PostgreSQL without Redis would keep a signed-out session alive on the
 * other nodes until the entry ends, so there each request reads its session from the database.
 */
export function createSessionCache(opts: { redis: boolean; database: 'pglite' | 'postgres' }): SessionCache {
  return opts.redis || opts.database === 'pglite' ? new SessionCache() : new NoSessionCache();
}
