import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { testLogDir } from '../../../scripts/test-logs.mjs';

/**
 * Every test app logs at debug level into one folder (TEST_LOG_DIR, else a tmp folder of this
 * checkout), emptied here; `npm run test:unit` then checks it for secrets (scripts/test-logs.mjs).
 * With TEST_DATABASE_URL (PostgreSQL), also builds one migrated template database for this run;
 * each test file then copies it into a database of its own, so files run in parallel in isolation.
 */
export default async function setup(project: TestProject) {
  const logDir = testLogDir();
  fs.rmSync(logDir, { recursive: true, force: true });
  fs.mkdirSync(logDir, { recursive: true, mode: 0o700 });
  project.provide('logDir', logDir);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const { default: pg } = await import('pg');
  const { openDatabase } = await import('../src/db/client.js');
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
    logDir: string;
  }
}
