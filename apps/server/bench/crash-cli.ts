// `npm run crash`: the crash test in full (bench/crash.ts). Options from the environment:
// CRASH_ROUNDS (3) kill-and-restart cycles, CRASH_TRAFFIC_MS (5000) of traffic before each kill,
// CRASH_CLASSES (10) × CRASH_PER_CLASS (40) students, CRASH_PORT (3362), DATABASE_URL for
// PostgreSQL (a fresh database is created next to the one named, and dropped), else PGlite.
import { runCrash } from './crash.js';

const num = (name: string, dflt: number) => Number(process.env[name] ?? dflt);
const report = await runCrash({
  port: num('CRASH_PORT', 3362),
  databaseUrl: process.env.DATABASE_URL,
  rounds: num('CRASH_ROUNDS', 3),
  trafficMs: num('CRASH_TRAFFIC_MS', 5000),
  jitterMs: num('CRASH_JITTER_MS', 2000),
  classes: num('CRASH_CLASSES', 10),
  perClass: num('CRASH_PER_CLASS', 40),
  concurrency: { attendance: num('CRASH_ATTENDANCE', 6), payments: num('CRASH_PAYMENTS', 6), imports: num('CRASH_IMPORTS', 2) },
  log: (line) => console.log(line),
});
console.log(`\ncrash test on ${report.database}, ${report.rounds} SIGKILLs`);
console.log(`sent:         ${JSON.stringify(report.sent)}`);
console.log(`acknowledged: ${JSON.stringify(report.acked)}`);
console.log(`sent, never answered, yet committed whole: ${JSON.stringify(report.committedUnacked)}`);
console.log(`receipts: 1 … ${report.receipts}`);
if (report.failures.length) {
  console.log(`\nFAILED:\n  ${report.failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery acknowledged write survived; no batch was half-saved; receipts have no gap.');
