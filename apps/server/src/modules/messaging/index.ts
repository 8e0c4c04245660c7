/**
 * Messages to phones (issue 24), as other modules use them: the deliveries queued with a
 * notification and the job that sends them, and a provider account stored for a school or the
 * platform.
 */
export { DELIVERY_JOB, queueDeliveries, sendDue } from './deliveries.js';
export { saveAccount, type SmsSettings, type WhatsAppSettings } from './accounts.js';
