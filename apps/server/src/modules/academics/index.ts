// What other modules use of academics (its face besides routes.ts): class references and their
// order, the session years, a timetable's weeks and the check that teachers are the school's; the
// school's sessions and a student's class as the API shows them (the dashboard's one answer).
export { classOrder, ref } from './read.js';
export { academicYears, assertTeachers, listSessions, weeks } from './structure.js';
export { studentClass } from './assign.js';
