/**
 * Where the journeys' servers are. Each Playwright worker has a server of its own (its own port and
 * data folder, and on PostgreSQL its own fresh database, so its own demo school): two workers never
 * see each other's changes, and the journeys run side by side as they would one after another.
 * Playwright sets TEST_PARALLEL_INDEX in each worker before it loads the config and the specs.
 */
import { E2E_WORKERS, workerDataDir } from '../../../scripts/e2e-workers.mjs';

export const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_DATA_DIR = process.env.E2E_DATA_DIR ?? './data/e2e';
/** scripts/e2e.mjs sets E2E_DATABASE_URL_<index> for each worker when TEST_DATABASE_URL is set. */
export const ON_POSTGRES = Boolean(process.env.E2E_DATABASE_URL_0);
export const WORKERS = E2E_WORKERS;

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
