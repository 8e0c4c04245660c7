// The face of people: what other features may use.
export { ClassFilter, useClassOptions } from './ClassFilter';
export { KINDS } from './kinds';
