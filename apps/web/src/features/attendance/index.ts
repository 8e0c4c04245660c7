// The face of attendance: what other features may use.
export { schoolToday } from './markLogic';
export { useSchoolToday } from './useSchoolToday';
export { AttendanceSummaryCard, SummaryGrid } from './SummaryCards';
export { useUnsavedGuard } from './useUnsavedGuard';
