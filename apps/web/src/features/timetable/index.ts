// The face of the timetable: what other features may use.
export { periodName } from './periodName';
export { CoversList, coverMarkLink } from './CoversList';
