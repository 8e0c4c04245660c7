// `npm run docs:config`: writes the table of settings in docs/configuration.md from the schema in
// config.ts (test/config-docs.test.ts fails when the committed table differs).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withConfigTable } from './config-docs.js';

const file = path.join(import.meta.dirname, '../../../docs/configuration.md');
const before = readFileSync(file, 'utf8');
const after = withConfigTable(before);
if (after === before) console.info('docs/configuration.md: the table is up to date');
else {
  writeFileSync(file, after);
  console.info('docs/configuration.md: table written');
}
