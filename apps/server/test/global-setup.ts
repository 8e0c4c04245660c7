import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { testLogDir } from '../../../scripts/test-logs.mjs';

/**
 * Every test app logs at debug level into one folder (TEST_LOG_DIR, else a tmp folder of this
 * checkout), emptied here; `npm run test:unit` then checks it for secrets (scripts/test-logs.mjs).
 * It also builds one migrated template for this run: with TEST_DATABASE_URL (PostgreSQL) a
 * template database, else a PGlite data folder dump; each test file then starts from a copy of its
 * own, so files run in parallel in isolation.
 */
export default async function setup(project: TestProject) {
  const logDir = testLogDir();
  // Emptied once per run (the embedded project shares the folder: vitest.embedded.config.ts).
  if (!process.env.SHALA_TEST_LOGS_READY) {
    fs.rmSync(logDir, { recursive: true, force: true });
    fs.mkdirSync(logDir, { recursive: true, mode: 0o700 });
    process.env.SHALA_TEST_LOGS_READY = '1';
  }
  project.provide('logDir', logDir);
  // A project may set its own (the embedded one sets it empty: PGlite).
  const url = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const { openDatabase } = await import('../src/db/client.js');
  if (!url) {
    // PGlite: migrate once and let every test file start from a copy of the folder (a fresh
    // cluster's initdb costs seconds per file).
    const database = await openDatabase({ dataDir: null });
    const file = path.join(logDir, '..', `pglite-template-${process.pid}.tar`);
    fs.writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    return () => fs.rmSync(file, { force: true });
  }
  const { default: pg } = await import('pg');
  const name = `shala_tmpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const templateUrl = withDatabase(url, name);
  const database = await openDatabase({ url: templateUrl, poolSize: 1 });
  await database.close();
  project.provide('templateDb', name);
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
    pgliteTemplate: string;
    logDir: string;
  }
}
