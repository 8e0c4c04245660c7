/**
 * Messages beyond the bell (issue 24), as other modules use them: the deliveries queued with a
 * notification and the jobs that send them, and a provider account stored for a school or the
 * platform.
 */
export { queueDeliveries, sendDue } from './deliveries.js';
export { DELIVERY_JOB, INSTANT_DELIVERY_JOB } from './job.js';
export { saveAccount, type SmsSettings, type WhatsAppSettings } from './accounts.js';
export { forgetContacts } from './forget.js';
