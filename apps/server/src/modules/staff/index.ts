/** What other modules use of the staff module (issue 42): a teacher's covers (the dashboard's). */
export { substitutionsMine } from './substitutions.js';
