/** How many journeys run at once, each against a server of its own (see e2e-workers.mjs). */
export const E2E_WORKERS: number;
/** The data folder of worker `index`'s server (see e2e-workers.mjs). */
export function workerDataDir(base: string, index: number): string;
