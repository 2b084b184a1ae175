import type { ActivityVerification } from '@portal/contract';
import type { ActivityRepository, ActivityRow } from './activity.repository.ts';
import { CHAIN_KEYED, CHAIN_PLAIN, type ChainedFields, entryHash } from './activity-chain.ts';
import type { Checkpoint, ReadCheckpoint } from './activity-checkpoint.ts';
import type { ActivityKey } from './activity-key.ts';

/** How many entries the check reads at a time. */
const BATCH = 1_000;
const DAY_MS = 86_400_000;

type Reason = NonNullable<ActivityVerification['broken']>['reason'];

export interface VerifyOptions {
  key: ActivityKey;
  /** The published checkpoints; read before the head, so none names an entry appended after the head was read. */
  readCheckpoints: () => Promise<readonly ReadCheckpoint[]>;
  /** The configured retention (ACTIVITY_RETENTION_DAYS), not the database's: an entry younger was never pruned. */
  retentionDays: number;
  now: Date;
}

/**
 * Reads the whole record in its order and recomputes each entry's hash from its fields and the entry before, keyed
 * after the point the checkpoints pin, then holds the chain against every checkpoint (docs/design.md §9). The first
 * disagreement is reported: `key` (a checkpoint not signed with this key), `altered` (an entry whose fields no longer
 * give its hash, or that does not follow the one before), `rebuilt` (an entry other than a checkpoint recorded, or
 * unkeyed where a checkpoint says the chain was keyed), `missing` (a number skipped), `truncated` (the record ends
 * before a checkpoint's length, or starts after an entry too young to have been pruned), `head` (the chain's head
 * names another end). The check button's and `npm run activity:verify`'s.
 */
export async function verifyChain(
  repository: ActivityRepository,
  { key, readCheckpoints, retentionDays, now }: VerifyOptions,
): Promise<ActivityVerification> {
  const read = await readCheckpoints();
  const head = await repository.head();
  const forged = read.find((each) => !each.signed || each.checkpoint.key !== key.id);
  if (forged) return broken(0, forged.checkpoint.seq, 'key', forged.checkpoint, read.length);
  const checkpoints = read.map((each) => each.checkpoint);
  const result = (checked: number, seq: number, reason: Reason, checkpoint?: Checkpoint) =>
    broken(checked, seq, reason, checkpoint, checkpoints.length);

  // Where the keyed chain starts: as the earliest checkpoint says, whatever the head row says now.
  const pin = checkpoints.reduce<Checkpoint | undefined>(
    (earliest, each) => (earliest && earliest.keyedFrom <= each.keyedFrom ? earliest : each),
    undefined,
  );
  const keyedFrom = pin?.keyedFrom ?? head.keyedFromSeq;
  if (pin && head.keyedFromSeq !== pin.keyedFrom) {
    return result(0, Math.min(head.keyedFromSeq, pin.keyedFrom) + 1, 'rebuilt', pin);
  }
  // Pruning removes only entries older than the retention: one a day younger than it was removed otherwise.
  const cutoff = now.getTime() - (retentionDays - 1) * DAY_MS;
  for (const checkpoint of checkpoints) {
    if (checkpoint.seq > head.anchorSeq) continue;
    if (checkpoint.seq === head.anchorSeq && checkpoint.hash !== head.anchorHash) {
      return result(0, checkpoint.seq, 'rebuilt', checkpoint);
    }
    if (checkpoint.headAt && Date.parse(checkpoint.headAt) > cutoff) {
      return result(0, checkpoint.seq, 'truncated', checkpoint);
    }
  }
  const pinned = new Map(checkpoints.map((checkpoint) => [checkpoint.seq, checkpoint]));

  let expected = head.anchorSeq + 1;
  let prevHash = head.anchorHash;
  let checked = 0;
  for (;;) {
    const batch = await repository.inOrder(expected - 1, head.lastSeq, BATCH);
    for (const row of batch) {
      if (row.seq !== expected) return result(checked, expected, 'missing');
      const version = row.seq > keyedFrom ? CHAIN_KEYED : CHAIN_PLAIN;
      const checkpoint = pinned.get(row.seq);
      if (row.chain !== version) return result(checked, row.seq, pin ? 'rebuilt' : 'altered', pin);
      if (row.prevHash !== prevHash || entryHash(version, prevHash, chainedFieldsOf(row), key) !== row.hash) {
        return result(checked, row.seq, 'altered');
      }
      if (checkpoint && checkpoint.hash !== row.hash) return result(checked, row.seq, 'rebuilt', checkpoint);
      prevHash = row.hash;
      expected += 1;
      checked += 1;
    }
    if (batch.length < BATCH) break;
  }
  const longest = checkpoints.reduce<Checkpoint | undefined>(
    (last, each) => (last && last.seq >= each.seq ? last : each),
    undefined,
  );
  if (longest && longest.seq > expected - 1) return result(checked, expected, 'truncated', longest);
  if (expected - 1 !== head.lastSeq || prevHash !== head.lastHash) {
    return result(checked, expected, expected - 1 < head.lastSeq ? 'missing' : 'head');
  }
  return { intact: true, checked, checkpoints: checkpoints.length, broken: null };
}

/**
 * Whether the newest entry, when it is keyed, was written with `key`: an instance started with another key (a
 * data folder lost, an instance configured apart) is told at once, not at the next check.
 */
export async function keyMatchesHead(repository: ActivityRepository, key: ActivityKey): Promise<boolean> {
  const head = await repository.head();
  const [row] = await repository.inOrder(head.lastSeq - 1, head.lastSeq, 1);
  if (!row || row.chain !== CHAIN_KEYED) return true;
  return entryHash(CHAIN_KEYED, row.prevHash, chainedFieldsOf(row), key) === row.hash;
}

const broken = (
  checked: number,
  seq: number,
  reason: Reason,
  checkpoint: Checkpoint | undefined,
  checkpoints: number,
): ActivityVerification => ({
  intact: false,
  checked,
  checkpoints,
  broken: { seq, reason, checkpoint: checkpoint ? { at: checkpoint.at, seq: checkpoint.seq } : null },
});

function chainedFieldsOf(row: ActivityRow): ChainedFields {
  const { prevHash: _prev, hash: _hash, chain: _chain, ...fields } = row;
  return fields;
}
