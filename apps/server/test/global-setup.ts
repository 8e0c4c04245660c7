import type { TestProject } from 'vitest/node';

/**
 * With TEST_DATABASE_URL (PostgreSQL), builds one migrated template database for this run; each
 * test file then copies it into a database of its own, so files run in parallel in isolation.
 */
export default async function setup(project: TestProject) {
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
  }
}
