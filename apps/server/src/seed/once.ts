import type { Database } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { seedIfEmpty, type SeedResult } from './demo.js';

/**
 * Seeds an empty database, once even when several app nodes start on it together: each looks,
 * finds it empty and seeds in one transaction; the owner's unique login id lets one commit and
 * rolls the others back whole, and those go on as nodes that found it seeded.
 */
export async function seedOnce(database: Database, opts: { demo: boolean }): Promise<SeedResult> {
  try {
    return await seedIfEmpty(database, opts);
  } catch (err) {
    if (isUniqueViolation(err)) return { created: false, accounts: [] };
    throw err;
  }
}
