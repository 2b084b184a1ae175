import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the generated key is kept when ACTIVITY_KEY is not set (the data folder, beside `jwt-secret`). */
export const GENERATED_KEY_FILE = 'activity-key';

/**
 * The activity record's key (ACTIVITY_KEY, or the one generated into the data folder): never in the database, so
 * someone who can write the database can neither compute a keyed entry's hash nor sign a checkpoint
 * (docs/design.md §9).
 */
export class ActivityKey {
  readonly #secret: Buffer;
  /** Names the key without giving it away: checkpoints carry it, so a wrong key is told apart from tampering. */
  readonly id: string;

  constructor(secret: string) {
    this.#secret = Buffer.from(secret, 'utf8');
    this.id = this.mac('activity key id').slice(0, 16);
  }

  /** HMAC-SHA-256 of the parts (the first says what is signed), each ended by a line feed, in hex. */
  mac(...parts: string[]): string {
    const hmac = createHmac('sha256', this.#secret);
    for (const part of parts) hmac.update(part).update('\n');
    return hmac.digest('hex');
  }

  /** Whether `mac` is the MAC of the parts, compared in constant time. */
  verifies(mac: string, ...parts: string[]): boolean {
    const expected = Buffer.from(this.mac(...parts), 'hex');
    const given = Buffer.from(mac, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/**
 * The key's secret: the configured one, else the one kept in `DATA_DIR/activity-key`, made there on the first
 * start (`create`) as the JWT secret is. The check from the command line never makes one: a missing key is an error.
 */
export async function loadActivityKeySecret(
  configured: string | undefined,
  dataDir: string,
  { create }: { create: boolean },
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, GENERATED_KEY_FILE);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !create) throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
