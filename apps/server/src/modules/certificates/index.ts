/** What other modules use of registers and certificates (the module's face). */
export { admittedToday } from './registers.js';
export { feeStanding, type FeeStanding } from './fee-standing.js';
