import type { AppJob } from '../../context.js';
import { sendDue } from './deliveries.js';
import { releaseScheduled } from './messages.js';

/**
 * The deliveries job (SMS, WhatsApp): sent after a transaction that queued some (at once, or by the
 * queue), every minute for those that waited (quiet hours, a retry, a message set for later), and
 * once at start (what a restart left). It sends the scheduled messages that are due, then what is
 * queued, at the providers' rate.
 */
export const DELIVERY_JOB: AppJob = {
  name: 'deliveries',
  cron: '* * * * *',
  atStart: true,
  pollingIntervalSeconds: 5,
  run: async (deps) => ({ released: await releaseScheduled(deps), ...(await sendDue(deps, 'phone')) }),
};

/**
 * The instant deliveries (Web Push, mail): run at once in the process whose transaction queued them
 * (`jobs.runHere`), and by the queue every minute and at start for what a restart or a retry left.
 */
export const INSTANT_DELIVERY_JOB: AppJob = {
  name: 'instant-deliveries',
  cron: '* * * * *',
  atStart: true,
  run: async (deps) => sendDue(deps, 'instant'),
};
