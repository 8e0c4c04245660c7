// `npm run backup [-- --out FILE] [--no-files]` and `npm run restore -- FILE [--force]`: see
// backup/index.ts and "Backups" in docs/operations.md. The same settings as the server (DATA_DIR,
// DATABASE_URL, S3_*) say what is backed up, or where a restore goes.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { BackupError, backup, restore } from './index.js';
import { now } from '../clock.js';

const USAGE = `Usage:
  npm run backup [-- --out FILE.tar.gz] [--no-files]
  npm run restore -- FILE.tar.gz [--force]`;

const say = (line: string) => console.info(line);

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string' }, 'no-files': { type: 'boolean' }, force: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    say(USAGE);
    return 0;
  }
  const config = loadConfig();
  if (command === 'backup') {
    const stamp = now().toISOString().replace(/[:.]/g, '-').slice(0, 19);
    const out = values.out ?? path.join('backups', `shala-${config.DATABASE_URL ? 'postgres' : 'pglite'}-${stamp}.tar.gz`);
    const m = await backup(config, { out, noFiles: values['no-files'], log: say });
    say(`Backup written: ${path.resolve(out)}`);
    say(`  database ${m.database.kind} (${m.migrations.count} migrations, last ${m.migrations.last ?? 'none'}), files ${m.files.included ? `${m.files.count} (${m.files.bytes} bytes)` : 'not included'}`);
    return 0;
  }
  if (command === 'restore') {
    const archive = positionals[0];
    if (!archive) {
      console.error(USAGE);
      return 2;
    }
    const m = await restore(config, { archive, force: values.force, log: say });
    say(`Restored the backup of ${m.createdAt} (Shala ${m.appVersion}, ${m.database.kind}).`);
    say(config.DATABASE_URL ? 'Start Shala with this DATABASE_URL.' : `Start Shala with DATA_DIR=${config.dataDir}.`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError || (err instanceof Error && err.message.startsWith('Invalid configuration')) ? err.message : err);
    process.exit(1);
  },
);
