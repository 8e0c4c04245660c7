// `npm run test:unit`: Vitest (contract, web components, the server on a real database), then the
// check of the server tests' logs for secrets. The server's suite runs on PGlite, or with
// TEST_DATABASE_URL on PostgreSQL, plus the named files whose paths differ on the embedded database
// (apps/server/vitest.embedded.config.ts) on PGlite: CI runs it that way, each file once.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
const status = run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
if (status !== 0) process.exit(status);
process.exit(run('node', ['scripts/test-logs.mjs']));
