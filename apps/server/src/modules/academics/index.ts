// What other modules use of academics (its face besides routes.ts): class references and their
// order, the session years, a timetable's weeks and the check that teachers are the school's.
export { classOrder, ref } from './read.js';
export { academicYears, assertTeachers, weeks } from './structure.js';
