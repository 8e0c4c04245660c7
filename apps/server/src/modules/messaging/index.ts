/**
 * Messages to phones (issue 24), as other modules use them: the deliveries queued with a
 * notification and the job that sends them, and a provider account stored for a school or the
 * platform.
 */
export { queueDeliveries, sendDue } from './deliveries.js';
export { DELIVERY_JOB } from './job.js';
export { saveAccount, type SmsSettings, type WhatsAppSettings } from './accounts.js';
