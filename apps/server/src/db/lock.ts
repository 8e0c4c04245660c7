import fs from 'node:fs';

/** Lock files this process holds (a pid equal to ours in a file we do not hold is stale). */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is one process's: two processes on one PGlite folder would each keep
 * their own copy and the last to close would overwrite the other's writes. The first to open it
 * writes its pid to `file`; another finds that process alive and refuses to start. A lock left by a
 * process that died (SIGKILL, power cut) is taken over. Returns the release.
 */
export function lockDataDir(file: string): () => void {
  for (;;) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      held.add(file);
      return () => {
        held.delete(file);
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    const ours = pid === process.pid && held.has(file);
    if (ours || (pid > 0 && pid !== process.pid && alive(pid))) {
      throw new Error(
        `The embedded database in ${file.replace(/[\\/][^\\/]*$/, '')} is in use by ${ours ? 'this process' : `process ${pid}`}: ` +
          'it serves one node only (run several nodes on PostgreSQL, see docs/operations.md). ' +
          `If no Shala runs on it, remove ${file}.`,
      );
    }
    fs.rmSync(file, { force: true });
  }
}
