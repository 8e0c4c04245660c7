import type { App } from '../http/types.js';
import { REPORT_CARD_JOB } from '../modules/exams/report-batch.js';
import { ID_CARD_JOB } from '../modules/certificates/idcards.js';
import { FEE_REMINDER_JOB } from '../modules/payments/reminders.js';
import { LATE_FEE_JOB } from '../modules/fees/late-fees.js';
import { REFUND_RETRY_JOB } from '../modules/payments/online.js';
import { FORGOT_MAIL_JOB } from '../auth/service.js';
import { DELIVERY_JOB, INSTANT_DELIVERY_JOB } from '../modules/messaging/job.js';
import type { AppJob } from '../context.js';
import { startJobQueue, type JobQueue } from '../queue/index.js';

/** Every job of the app, started together in one queue. */
export const JOB_SPECS: readonly AppJob<any>[] = [ // eslint-disable-line @typescript-eslint/no-explicit-any
  // Parents' reminders of instalments due soon and overdue: every 30 minutes and once at start.
  FEE_REMINDER_JOB,
  // Late fees of overdue instalments, once per instalment and school day: every hour (each school's
  // day begins at its own midnight) and once at start.
  LATE_FEE_JOB,
  // Gateway refunds left pending by an unreachable gateway: asked again (same idempotency key)
  // every 10 minutes and at start.
  REFUND_RETRY_JOB,
  // A class's report cards in one PDF: what a restart or a failed node left queued (the request
  // that creates a batch starts it at once in its own process: see report-batch.ts).
  REPORT_CARD_JOB,
  // A batch of ID cards in one PDF: the same, for what a restart left (modules/certificates/idcards.ts).
  ID_CARD_JOB,
  // The one-time code of a forgotten password: made, stored and mailed after the answer.
  FORGOT_MAIL_JOB,
  // Notifications to phones (SMS, WhatsApp): after the transaction that queued them, every minute
  // for those that waited (quiet hours, retries), and at start.
  DELIVERY_JOB,
  // Web Push and mail: run at once by the node that queued them; this catches what a restart or a
  // retry left, every minute and at start.
  INSTANT_DELIVERY_JOB,
];

/**
 * Starts the job queue (pg-boss) when the app is ready, unless JOBS=off (the tests' default), and
 * stops it before the database closes (its onClose hook): no job is left running on a closed pool.
 */
export function registerJobs(app: App): void {
  let queue: JobQueue | null = null;
  app.addHook('onReady', async () => {
    if (app.deps.config.JOBS) queue = await startJobQueue(app.deps, JOB_SPECS);
    app.deps.jobs.attach(queue?.boss ?? null);
  });
  app.addHook('preClose', async () => {
    app.deps.jobs.attach(null);
    await queue?.stop();
    queue = null;
    await app.deps.jobs.idle();
  });
}
