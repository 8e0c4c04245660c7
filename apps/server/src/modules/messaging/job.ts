import type { JobSpec } from '../../jobs/queue.js';
import { sendDue } from './deliveries.js';
import { releaseScheduled } from './messages.js';

/**
 * The deliveries job: sent after a transaction that queued some (at once, or by the queue), every
 * minute for those that waited (quiet hours, a retry, a message set for later), and once at start
 * (what a restart left). It sends the scheduled messages that are due, then what is queued.
 */
export const DELIVERY_JOB: JobSpec = {
  name: 'deliveries',
  cron: '* * * * *',
  atStart: true,
  pollingIntervalSeconds: 5,
  run: async (deps) => ({ released: await releaseScheduled(deps), ...(await sendDue(deps)) }),
};
