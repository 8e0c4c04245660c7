// The face of privacy: what other features may use.
export { auditDetails } from './AuditLogPage';
