import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import canonicalize from 'canonicalize';
import { z } from 'zod';
import type { ActivityKey } from './activity-key.ts';

/**
 * A checkpoint: the chain's head published outside the database (docs/design.md §9), signed with the record's key,
 * so a chain rebuilt after it (entries edited and rehashed, removed, the newest cut off) disagrees with it.
 */
const checkpointSchema = z.object({
  /** When it was written. */
  at: z.iso.datetime(),
  /** The chain's length then (its newest entry's number) and that entry's hash. */
  seq: z.number().int().min(0),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** When that entry was made (null for an empty chain): an entry this young is never pruned. */
  headAt: z.iso.datetime().nullable(),
  /** The last entry written before the record had a key: every later one must be keyed. */
  keyedFrom: z.number().int().min(0),
  /** The key that signed it (ActivityKey.id). */
  key: z.string(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

const signedSchema = checkpointSchema.extend({ mac: z.string().regex(/^[0-9a-f]{64}$/) });
export type SignedCheckpoint = z.infer<typeof signedSchema>;

/** A checkpoint as read back: `signed` false when its MAC is not the key's (forged, or another key's). */
export interface ReadCheckpoint {
  checkpoint: Checkpoint;
  signed: boolean;
}

const LABEL = 'activity checkpoint';

const canonicalOf = (checkpoint: Checkpoint) => String(canonicalize(checkpointSchema.parse(checkpoint)));

export function signCheckpoint(key: ActivityKey, checkpoint: Checkpoint): SignedCheckpoint {
  return { ...checkpoint, mac: key.mac(LABEL, canonicalOf(checkpoint)) };
}

/** One checkpoint a line (JSON Lines), so a file only ever grows by appends. */
export const checkpointLine = (signed: SignedCheckpoint) => `${JSON.stringify(signed)}\n`;

/**
 * The checkpoints of a file's text, in its order. A line that is no checkpoint at all (a write cut short by a
 * crash) is skipped; one whose signature is not the key's is returned unsigned, for the check to report.
 */
export function readCheckpoints(text: string, key: ActivityKey): ReadCheckpoint[] {
  return text.split('\n').flatMap((line) => {
    const parsed = signedSchema.safeParse(jsonOf(line));
    if (!parsed.success) return [];
    const { mac, ...checkpoint } = parsed.data;
    return [{ checkpoint, signed: key.verifies(mac, LABEL, canonicalOf(checkpoint)) }];
  });
}

function jsonOf(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** Where checkpoints go and are read from: a file (ACTIVITY_CHECKPOINT_FILE, by default in the data folder). */
export class CheckpointFile {
  readonly path: string;

  constructor(file: string) {
    this.path = path.resolve(file);
  }

  async append(signed: SignedCheckpoint): Promise<void> {
    await mkdir(path.dirname(this.path), { recursive: true });
    await appendFile(this.path, checkpointLine(signed), { mode: 0o600 });
  }

  /** Every checkpoint in the file; none when there is no file yet. */
  async read(key: ActivityKey): Promise<ReadCheckpoint[]> {
    try {
      return readCheckpoints(await readFile(this.path, 'utf8'), key);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}
