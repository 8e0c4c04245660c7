// What other modules use of attendance (its face besides routes.ts): today's attendance as each
// role's dashboard shows it, which the dashboard's one answer (modules/dashboard) carries.
export { attendanceSummary } from './views.js';
