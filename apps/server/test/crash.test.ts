import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { runCrash } from '../bench/crash.js';
import { loopbackOnly } from '../bench/server-process.js';
import { freePort } from './ports.js';

// The crash test in its CI form (bench/crash.ts; `npm run crash` is the full one, on PostgreSQL as
// well): the real server (src/main.ts) as a child process on PGlite, a data folder; attendance saves,
// fee payments and CSV imports at once; one SIGKILL mid-stream; a restart on the same data; then
// every acknowledged write is there and no batch is half-saved (crash.ts lists what is checked).
// On the embedded database only (vitest.embedded.config.ts): there the kill takes the database down
// with the server, so what it wrote must be on disk; PostgreSQL outlives the server's process.
describe('a server killed mid-write', () => {
  it('keeps every acknowledged attendance save, payment and import, and no half batch', { timeout: 300_000 }, async () => {
    const report = await runCrash({
      port: await freePort(),
      template: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
      rounds: 1,
      concurrency: { attendance: 2, payments: 2, imports: 1 },
      trafficMs: 1500,
      jitterMs: 1000,
      quiet: true,
    });
    expect(report.failures).toEqual([]);
    expect(report.acked.attendance).toBeGreaterThan(0);
    expect(report.acked.payments).toBeGreaterThan(0);
    expect(report.acked.imports).toBeGreaterThan(0);
  });
});

describe('the load test aims at this machine only', () => {
  it('accepts loopback addresses and refuses any other host', () => {
    for (const url of ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000', 'http://127.8.9.10']) expect(() => loopbackOnly(url)).not.toThrow();
    for (const url of ['http://10.0.0.1:3000', 'https://example.org', 'http://127.0.0.1.example.org', 'http://0.0.0.0:3000']) {
      expect(() => loopbackOnly(url)).toThrow(/loopback/);
    }
  });
});
