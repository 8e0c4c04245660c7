// `npm run test:unit`: Vitest (contract, server on a real database, web components), then the
// check of the server tests' logs for secrets. With TEST_DATABASE_URL (the second pass, on
// PostgreSQL) only the server project runs: the contract and web tests touch no database and gave
// the same answer in the first pass.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

const projects = process.env.TEST_DATABASE_URL ? ['--project', 'server'] : [];
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
const status = run('npx', ['vitest', 'run', ...projects, ...process.argv.slice(2)]);
if (status !== 0) process.exit(status);
process.exit(run('node', ['scripts/test-logs.mjs']));
