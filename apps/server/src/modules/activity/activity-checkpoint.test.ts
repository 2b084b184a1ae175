import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Checkpoint,
  CheckpointFile,
  checkpointLine,
  readCheckpoints,
  signCheckpoint,
} from './activity-checkpoint.ts';
import { ActivityKey } from './activity-key.ts';

const key = new ActivityKey('a-key-of-the-activity-record-32-chars!');
const checkpoint: Checkpoint = {
  at: '2026-11-28T09:00:00.000Z',
  seq: 42,
  hash: 'a'.repeat(64),
  headAt: '2026-11-28T08:59:59.500Z',
  keyedFrom: 17,
  key: key.id,
};

describe('an activity checkpoint', () => {
  it('is one JSON line with the length, head hash, keyed start, time and key id, signed with the key', () => {
    const line = checkpointLine(signCheckpoint(key, checkpoint));
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd()).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({ ...checkpoint, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(readCheckpoints(line, key)).toEqual([{ checkpoint, signed: true }]);
  });

  it('reads as unsigned when any field was changed, or when it was signed with another key', () => {
    const signed = signCheckpoint(key, checkpoint);
    for (const changed of [
      { seq: 41 },
      { hash: 'b'.repeat(64) },
      { keyedFrom: 42 },
      { at: '2026-11-29T09:00:00.000Z' },
    ]) {
      const [read] = readCheckpoints(checkpointLine({ ...signed, ...changed }), key);
      expect(read?.signed).toBe(false);
    }
    const other = new ActivityKey('another-key-of-the-record-32-chars!!!');
    const foreign = signCheckpoint(other, { ...checkpoint, key: key.id });
    expect(readCheckpoints(checkpointLine(foreign), key)).toEqual([{ checkpoint, signed: false }]);
  });

  it('skips lines that are no checkpoint (a write cut short), keeping the others in order', () => {
    const first = checkpointLine(signCheckpoint(key, checkpoint));
    const second = checkpointLine(signCheckpoint(key, { ...checkpoint, seq: 43, hash: 'c'.repeat(64) }));
    const read = readCheckpoints(`${first}{"at":"2026-11-28T09:0\n\n${second}`, key);
    expect(read.map((each) => [each.checkpoint.seq, each.signed])).toEqual([
      [42, true],
      [43, true],
    ]);
  });

  it('is appended to its file (made, with its folder, readable by its owner only), and read back', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'activity-checkpoints-'));
    try {
      const file = new CheckpointFile(path.join(folder, 'audit', 'checkpoints.jsonl'));
      expect(await file.read(key)).toEqual([]);
      await file.append(signCheckpoint(key, checkpoint));
      await file.append(signCheckpoint(key, { ...checkpoint, seq: 43 }));
      expect((await file.read(key)).map((each) => each.checkpoint.seq)).toEqual([42, 43]);
      expect((await readFile(file.path, 'utf8')).split('\n')).toHaveLength(3);
      expect((await stat(file.path)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
