import { chown, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PairedCredentials } from './pairing-client.ts';

/**
 * Saves a paired gateway's settings into its JSON config file, keeping what else the file holds: the portal's
 * address, the controller and key, and the board and webcam addresses the administrator entered. Written beside it
 * and renamed over it, readable by its owner alone, with the old file's owner (so `sudo portal-gateway --pair`
 * leaves the file to the service's user).
 */
export async function saveCredentials(
  file: string,
  server: string,
  credentials: PairedCredentials,
): Promise<void> {
  let settings: Record<string, unknown> = {};
  let owner: { uid: number; gid: number } | undefined;
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      settings = parsed as Record<string, unknown>;
    }
    const { uid, gid } = await stat(file);
    owner = { uid, gid };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
  }
  const { webcam, ...rest } = settings;
  const next: Record<string, unknown> = {
    ...rest,
    server,
    controller: credentials.controller,
    key: credentials.key,
    board: credentials.board,
    ...(credentials.webcam !== null && { webcam: credentials.webcam }),
  };
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  await writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  if (owner) {
    try {
      await chown(temporary, owner.uid, owner.gid);
    } catch {
      // Not root: the file is ours, as the old one was.
    }
  }
  await rename(temporary, file);
}
