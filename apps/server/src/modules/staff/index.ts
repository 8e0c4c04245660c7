/** What other modules use of the staff module (issue 42): a teacher's covers (the dashboard's), a user's duties (the profile's). */
export { substitutionsMine } from './substitutions.js';
export { dutiesOf } from './duties.js';
