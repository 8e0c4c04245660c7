// `npm run dev`: the server with reload on change, and Vite's dev server for the web app.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'apps/server/src/main.ts')], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@shala/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
