import { lchownSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../../config/data-dir.ts';

/**
 * A command run as root (`sudo jornada restore FILE`, `sudo jornada backup`) writes files the
 * service's user cannot open, and the service then refuses to start (EACCES). So, when this process
 * is root and DATA_DIR belongs to another user, every entry under DATA_DIR that root owns is given
 * to DATA_DIR's owner and group (decision 079): a root-owned file in the service's folder is always
 * such a leftover. Symbolic links are changed themselves, never followed. Returns how many entries
 * changed hands and to whom, or null when nothing applies (not root, or DATA_DIR is root's).
 */
export function giveToDataDirOwner(dir: string = dataDir()): { uid: number; gid: number; changed: number } | null {
  if (process.getuid?.() !== 0) return null;
  let owner;
  try {
    owner = lstatSync(dir);
  } catch {
    return null;
  }
  if (owner.uid === 0) return null;
  let changed = 0;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (lstatSync(file).uid === 0) {
        lchownSync(file, owner.uid, owner.gid);
        changed++;
      }
      if (entry.isDirectory()) walk(file);
    }
  };
  walk(dir);
  return { uid: owner.uid, gid: owner.gid, changed };
}

/** The line a command prints after `giveToDataDirOwner`, or none. */
export function ownerLine(result: ReturnType<typeof giveToDataDirOwner>): string | undefined {
  if (!result || result.changed === 0) return undefined;
  return `Run as root: gave ${result.changed} file(s) under ${dataDir()} to the data folder's owner (uid ${result.uid}, gid ${result.gid}), so that the service can open them.`;
}
