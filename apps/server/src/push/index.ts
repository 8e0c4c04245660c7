import type { Notification } from '@shala/contract';

/**
 * Web Push (issue 10): a notification reaches the user's subscribed browsers with the app closed.
 * `send` never waits for the push services and never throws: a failed push is logged, a gone
 * subscription (404/410) is removed.
 */
export interface Push {
  /** The VAPID public key browsers subscribe with (null: push is off). */
  readonly publicKey: string | null;
  /** Sends each notification to its user's subscriptions, in the background. */
  send(items: ReadonlyArray<{ userId: string; notification: Notification }>): void;
  /** Waits for the pushes under way (tests, shutdown). */
  idle(): Promise<void>;
}

/** For code paths with no push (seed scripts, tests that do not look at it). */
export const noPush: Push = { publicKey: null, send() {}, idle: async () => {} };
