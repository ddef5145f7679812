import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from './program';

/**
 * Files the CLI writes that only the operator may read (a user's data export). A mode given to
 * writeFile applies only when it creates the file: an existing file keeps its permissions, and a
 * symbolic link planted at the path sends the data to its target. So the data goes into a new file
 * created beside the target, and that file is then moved into place.
 */

export interface PrivateFileOptions {
  /** Replace a regular file already at the path (never a symbolic link). */
  force: boolean;
}

async function lstatOrUndefined(file: string) {
  try {
    return await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Refuses (bad usage) a path the CLI will not write to; called before the work, and again when writing. */
export async function checkPrivateFileTarget(file: string, options: PrivateFileOptions): Promise<void> {
  const folder = path.dirname(path.resolve(file));
  const folderStat = await stat(folder).catch(() => undefined);
  if (!folderStat?.isDirectory()) throw new UsageError(`Cannot write ${file}: the folder ${folder} does not exist.`);
  const existing = await lstatOrUndefined(file);
  if (!existing) return;
  if (existing.isSymbolicLink()) throw new UsageError(`Refusing to write ${file}: it is a symbolic link, and the data would go to wherever it points. Name another path.`);
  if (!existing.isFile()) throw new UsageError(`Refusing to write ${file}: something other than a file is there.`);
  if (!options.force) throw new UsageError(`Refusing to write ${file}: the file already exists. Add --force to replace it.`);
}

/** Writes `body` to `file`, readable and writable by the owner only (0600). */
export async function writePrivateFile(file: string, body: string, options: PrivateFileOptions): Promise<void> {
  await checkPrivateFileTarget(file, options);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  // O_EXCL: a new file or nothing, never one (or a link) someone placed at that name.
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    try {
      await handle.chmod(0o600); // exactly 0600 whatever the umask
      await handle.writeFile(body);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await moveIntoPlace(temp, file, options);
  } finally {
    await unlink(temp).catch(() => {});
  }
}

async function moveIntoPlace(temp: string, file: string, options: PrivateFileOptions): Promise<void> {
  // rename() replaces whatever is at `file` (a link itself, never its target). Without --force, a
  // hard link instead fails when a file appeared there since the check.
  if (options.force) return rename(temp, file);
  try {
    await link(temp, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new UsageError(`Refusing to write ${file}: the file already exists. Add --force to replace it.`);
    // A file system without hard links: the check above is the guard.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EOPNOTSUPP') return rename(temp, file);
    throw error;
  }
}
