// The face of the calendar: what other features may use.
export { default as CalendarCard } from './CalendarCard';
export { SessionGate } from './SessionGate';
