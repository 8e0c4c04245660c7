// The face of academics: what other features may use (eslint.config.js, "A feature's face").
export { sessionScreen } from './assign/sessionScreen';
export { ClassChooser, ClassPicker, ClassSelect, SectionCard, WithSession, useClassLabel } from './assign/parts';
export { pageSelection, selectPage, toggle } from './enrolment/logic';
export { useAcademicNames } from './names';
