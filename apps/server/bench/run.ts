// `npm run bench`: drives the server on loopback with autocannon and prints, from one run, each
// endpoint's requests/s and latency as ratios to a bare route (the ceiling). Bounded in time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

const PORT = Number(process.env.BENCH_PORT ?? 3390);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-bench-'));

const server = fork(path.join(import.meta.dirname, 'server.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir },
  stdio: 'inherit',
});
await new Promise<void>((resolve, reject) => {
  server.once('message', () => resolve());
  server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
});

async function signin(): Promise<string> {
  const res = await fetch(`${base}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: 'DEMO-P0001', password: 'Shala@2024' }),
  });
  return (await res.json()).result.token;
}
const token = await signin();

interface Case {
  name: string;
  opts: { path: string } & Partial<autocannon.Options>;
}
const cases: Case[] = [
  { name: 'ceiling: bare route, constant JSON', opts: { path: '/bench/ceiling' } },
  { name: 'GET /api/health', opts: { path: '/api/health' } },
  {
    name: 'POST /api/signin (argon2id)',
    opts: {
      path: '/api/signin',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'DEMO-P0001', password: 'Shala@2024' }),
    },
  },
  { name: 'GET /api/dashboard (principal)', opts: { path: '/api/dashboard', headers: { token } } },
  { name: 'GET /api/notifications', opts: { path: '/api/notifications', headers: { token } } },
  { name: 'students, page 1 (2,000 in school)', opts: { path: '/api/school/student?page=1&pageSize=20', headers: { token } } },
  { name: 'students, search "verma"', opts: { path: '/api/school/student?search=verma&page=3', headers: { token } } },
];

const rows: Array<{ name: string; rps: number; p50: number; p99: number; errors: number }> = [];
for (const c of cases) {
  const { path: urlPath, ...rest } = c.opts as { path: string };
  const result = await autocannon({ url: base + urlPath, connections: CONNECTIONS, duration: DURATION, ...rest });
  rows.push({
    name: c.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  });
}
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });

const ceiling = rows[0]!;
const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)';
console.log(`\nShala bench: ${CONNECTIONS} connections, ${DURATION} s each, ${db}, ${os.cpus().length} cores\n`);
console.log(
  ['endpoint'.padEnd(38), 'req/s'.padStart(9), 'x ceiling'.padStart(10), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'non-2xx'.padStart(8)].join(' '),
);
for (const r of rows) {
  console.log(
    [
      r.name.padEnd(38),
      r.rps.toFixed(0).padStart(9),
      (r.rps / ceiling.rps).toFixed(3).padStart(10),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      String(r.errors).padStart(8),
    ].join(' '),
  );
}
