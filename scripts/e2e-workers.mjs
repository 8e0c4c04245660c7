// How many journeys run at once, each against a server of its own (apps/web/e2e/servers.ts: its
// port, data folder and, on PostgreSQL, database): E2E_WORKERS, else 2 (3 were about 7 % quicker
// alone on a 2-core machine, slower beside the unit step). scripts/e2e.mjs makes and removes that many.
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The data folder of worker `index`'s server: the run's own folder for the first, one beside it for each other. */
export const workerDataDir = (base, index) => (index === 0 ? base : `${base}-${index}`);
