// What other modules use of privacy: recording who viewed, changed or added a child's data (audit.ts).
export { flushStaffViews, recordAudit, recordCreates, recordMany, recordStaffView, recordView } from './audit.js';
