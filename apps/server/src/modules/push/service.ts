import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscriptionInput } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { pushSubscriptions } from '../../db/schema.js';
import { scopeOf } from '../../policy/index.js';
import { asPlatform, tenantDb } from '../../db/scope.js';
import { isPushService } from '../../adapters/push/index.js';

/** The VAPID public key a browser subscribes with; push turned off answers 404. */
export function pushKey(deps: Deps): { publicKey: string } {
  if (!deps.push.publicKey) throw notFound();
  return { publicKey: deps.push.publicKey };
}

/**
 * Stores the caller's browser subscription. The endpoint is a browser's identity, unique across
 * schools: subscribing it again moves it to the caller (a family's shared phone), whichever school
 * held it, hence the one cross-school statement. Only a known push service is accepted (the server
 * will send requests to it).
 */
export async function subscribe(deps: Deps, caller: Caller, input: PushSubscriptionInput): Promise<void> {
  if (!isPushService(input.endpoint, deps.config.PUSH_SERVICES)) {
    throw new AppError('BAD_REQUEST', 'This is not a known push service.', { reason: 'push_endpoint', field: 'endpoint' });
  }
  if (!deps.push.publicKey) throw notFound();
  const row = { schoolId: caller.schoolId, userId: caller.userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await asPlatform(deps)
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { schoolId: row.schoolId, userId: row.userId, p256dh: row.p256dh, auth: row.auth, createdAt: sql`now()` },
    });
}

/** Forgets the caller's own subscription of this endpoint (another user's stays). */
export async function unsubscribe(deps: Deps, caller: Caller, endpoint: string): Promise<void> {
  await tenantDb(deps, scopeOf(caller))
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, caller.userId)));
}
