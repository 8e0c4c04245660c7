// `npm start`: builds the web app and the server when needed, then runs the built server with plain
// Node (embedded database unless DATABASE_URL). docs/operations.md says how to run it without npm.
import { spawn } from 'node:child_process';
import { ensureWebBuilt } from './lib.mjs';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS, ensureServerBuilt } from './build-server.mjs';

ensureWebBuilt();
ensureServerBuilt();
const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_BUNDLE], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
