// `npm run openapi`: writes docs/openapi.json, the document the app serves at /api/docs/json
// (http/openapi.ts). test/openapi.test.ts fails when the committed file differs from it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { openapiText } from './http/openapi.js';

const file = path.join(import.meta.dirname, '../../../docs/openapi.json');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shala-openapi-'));
// An app like the tests' (no jobs, no push, an empty in-memory database): the document depends on no setting.
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off', JOBS: 'off', PUSH: 'off', WEB_DIST: path.join(dataDir, 'no-web') });
const database = await openDatabase({ dataDir: null });
const app = await buildApp({ config, database, logger: false });
try {
  await app.ready();
  const after = openapiText(app.swagger());
  let before = '';
  try {
    before = readFileSync(file, 'utf8');
  } catch {
    // first run
  }
  if (after === before) console.info('docs/openapi.json is up to date');
  else {
    writeFileSync(file, after);
    console.info('docs/openapi.json written');
  }
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
