// `npm start`: builds the web app if needed, then runs Shala (embedded database unless DATABASE_URL).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuilt, root } from './lib.mjs';

ensureWebBuilt();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
