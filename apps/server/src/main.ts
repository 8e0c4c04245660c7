import { loadConfig, publicBase } from './config.js';
import { openDatabase } from './db/client.js';
import { seedOnce } from './seed/once.js';
import { isPreparingChild, prepareInChild, prepareNewDataFolder } from './seed/first-start.js';
import { buildApp } from './app.js';
import { safeError } from './log.js';
import { ROLE_KEY } from '@shala/contract';

const ROLE_NAMES: Record<string, string> = {
  'roles.owner': 'Platform owner',
  'roles.systemAdmin': 'System admin',
  'roles.principal': 'Principal',
  'roles.teacher': 'Teacher',
  'roles.parent': 'Parent',
  'roles.student': 'Student',
};

const config = loadConfig();
if (isPreparingChild()) {
  // This process is the child that makes a new embedded database (seed/first-start.ts).
  await prepareInChild(config);
  process.exit(0);
}
// A new embedded database is made and seeded in a child process, which then exits.
const prepared = await prepareNewDataFolder(config);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
const app = await buildApp({ config, database });
app.addHook('onClose', async () => database.close());

const seedStarted = performance.now();
const seeded = prepared?.result ?? (await seedOnce(database, { demo: config.DEMO }));
const seedSeconds = prepared?.seconds ?? Number(((performance.now() - seedStarted) / 1000).toFixed(1));
if (seeded.created && config.DEMO) app.log.info({ seconds: seedSeconds }, 'demo school seeded');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => process.exit(0))
      .catch((err) => {
        app.log.error({ err: safeError(err) }, 'shutdown failed');
        process.exit(1);
      });
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
const base = publicBase(config);
if (!config.DEMO && !config.PUBLIC_URL) {
  // Real use: certificates' and ID cards' QR codes, mailed links and the providers' webhook addresses all carry this address.
  app.log.warn({ publicUrl: base }, 'PUBLIC_URL is not set: QR codes on certificates and ID cards, mailed links and webhook addresses say localhost, which phones and providers cannot reach; set PUBLIC_URL to the address people reach Shala at');
}
// One write, so whoever reads the output (a person, a test, a supervisor) sees the whole block at once.
const lines = [`\nShala is running at ${base}/sms_frontend/  (API docs: ${base}/api/docs)`];
lines.push(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`);
if (config.DEMO) {
  lines.push(
    '\nTHIS IS A DEMO: its accounts have a published password. Do not enter real pupils\' data.',
    'For real use start with DEMO=off on an empty data folder (see docs/operations.md).',
  );
}
if (config.HOST !== '127.0.0.1' && config.HOST !== 'localhost' && config.HOST !== '::1') {
  lines.push(`Listening on ${config.HOST}: reachable from other machines.`);
}
if (seeded.created) {
  lines.push(config.DEMO ? '\nDemo accounts (login id / password):' : '\nPlatform owner (shown once; change it after signing in):');
  for (const a of seeded.accounts) {
    lines.push(`  ${ROLE_NAMES[ROLE_KEY[a.role]]!.padEnd(15)} ${String(a.role)}  ${a.loginId.padEnd(11)} ${a.password}`);
  }
} else if (config.DEMO) {
  lines.push('Demo accounts: see the README (password Shala@2024 unless changed).');
}
console.log(lines.join('\n'));
