import type { App } from '../../http/types.js';

/** The subjects and teachers of a class, class details, teachers' and students' views. */
export default async function assignRoutes(_app: App) {}
