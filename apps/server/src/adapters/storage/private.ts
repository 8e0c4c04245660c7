import fsp from 'node:fs/promises';

/**
 * Uploaded files (children's photos, class work) and outbox mail (codes, first passwords) are for
 * the server's user only: files 0600 in folders 0700, whatever the umask.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates the folder (and its parents) if need be, and makes it 0700 even when it was already there. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fsp.chmod(dir, PRIVATE_DIR_MODE);
}
