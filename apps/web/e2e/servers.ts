/**
 * Where the journeys' servers are. Each Playwright worker has a server of its own (its own port and
 * data folder, and on PostgreSQL its own database, so its own demo school): two workers never see
 * each other's changes. scripts/e2e.mjs seeds the demo school once per run and gives each server a
 * copy (the data folder copied, a database made from the seeded template); started without it, each
 * server seeds its own empty folder.
 * Playwright sets TEST_PARALLEL_INDEX in each worker before it loads the config and the specs.
 */
import { E2E_WORKERS, workerDataDir } from '../../../scripts/e2e-workers.mjs';
import { TEST_NOW } from '../../../scripts/test-clock.mjs';

export const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_DATA_DIR = process.env.E2E_DATA_DIR ?? './data/e2e';
/** scripts/e2e.mjs sets E2E_DATABASE_URL_<index> for each worker when TEST_DATABASE_URL is set. */
export const ON_POSTGRES = Boolean(process.env.E2E_DATABASE_URL_0);
export const WORKERS = E2E_WORKERS;
/**
 * Where the servers' clock starts (SHALA_NOW): the fixed test day (scripts/test-clock.mjs), or, on
 * copies of a seed scripts/e2e.mjs made on that clock, where the seed's clock stopped (E2E_NOW).
 */
export const SERVER_NOW = process.env.E2E_NOW || TEST_NOW;

/** The port, data folder and PostgreSQL database (none: PGlite) of worker `index` (0 for the runner itself). */
export function serverOf(index: number) {
  return {
    port: BASE_PORT + index,
    dataDir: workerDataDir(BASE_DATA_DIR, index),
    databaseUrl: process.env[`E2E_DATABASE_URL_${index}`] ?? '',
  };
}

/** This worker's server. */
export const SERVER = serverOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** This worker's server's origin, for API calls made beside the browser. */
export const API_BASE = `http://127.0.0.1:${SERVER.port}`;
