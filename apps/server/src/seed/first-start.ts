import fs from 'node:fs';
import path from 'node:path';
import { fork } from 'node:child_process';
import type { Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { clockIsSet, now } from '../clock.js';
import { seedOnce } from './once.js';
import type { SeedResult } from './demo.js';

// A new embedded database (a data folder without one) is made in a child process: PGlite's initdb,
// the migrations and the seed (the demo school, or the platform owner), then the child exits and
// the server opens the folder as on any later start. Seeding the demo school in the server itself
// left it holding what the seed had used: PGlite's WebAssembly memory and the process's heaps grow
// and are not given back, so a server that had just seeded idled about 150 MB above one started on
// the seeded folder, and peaked at 850 MB during the seed. PostgreSQL's memory is its own: the seed
// runs in the server there, as before.

/** Set in the environment of the child process that prepares the folder. */
const CHILD = 'SHALA_PREPARE_DATA_DIR';

/** What the child sends back. */
type Prepared = { result: SeedResult; seconds: number };

/** True in the child process (main.ts then prepares the folder and exits). */
export function isPreparingChild(): boolean {
  return process.env[CHILD] === '1' && typeof process.send === 'function';
}

/** In the child: opens the new database (initdb, migrations), seeds it, closes it and reports. */
export async function prepareInChild(config: Config): Promise<void> {
  const database = await openDatabase({ dataDir: config.dataDir });
  const started = performance.now();
  try {
    const result = await seedOnce(database, { demo: config.DEMO });
    const message: Prepared = { result, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
    await new Promise<void>((resolve, reject) => process.send!(message, (err: Error | null) => (err ? reject(err) : resolve())));
  } finally {
    await database.close();
  }
}

/**
 * On the embedded database with a data folder that has none yet: prepares it in a child process
 * (this entry point again, with the same Node options) and returns what the seed made; otherwise
 * null (the server seeds an empty database itself, as on PostgreSQL).
 */
export async function prepareNewDataFolder(config: Config): Promise<Prepared | null> {
  if (config.DATABASE_URL || fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) return null;
  const entry = process.argv[1];
  if (!entry) return null;
  const child = fork(entry, process.argv.slice(2), {
    execArgv: process.execArgv,
    // The child's clock goes on from this process's: no seeded row is later than the server's now.
    env: { ...process.env, [CHILD]: '1', ...(clockIsSet() ? { SHALA_NOW: now().toISOString() } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let prepared: Prepared | null = null;
  child.on('message', (message) => (prepared = message as Prepared));
  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', stop).on('SIGTERM', stop);
  try {
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c, s) => resolve([c, s]));
    });
    if (code !== 0 || !prepared) throw new Error(`Preparing the new database in ${config.dataDir} failed (${signal ?? `exit code ${code}`}).`);
    return prepared;
  } finally {
    process.off('SIGINT', stop).off('SIGTERM', stop);
  }
}
