import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingEntry } from './activity.repository.ts';
import { ActivityJournal } from './activity-journal.ts';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const entry = (entryId: string): PendingEntry => ({
  entryId,
  at: new Date('2026-11-27T10:00:00Z'),
  actorUserId: 1,
  controllerId: 2,
  ticketId: null,
  kind: 'board.gcode',
  detail: { gcode: 'M115' },
  address: '127.0.0.1',
  outcome: null,
});

describe("an instance's activity journal", () => {
  it('gives the next start what a stopped run left: answered entries whole, the others marked unfinished', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'journal-'));
    folders.push(root);
    const first = await ActivityJournal.open(root);
    expect(first.leftOver.entries).toEqual([]);
    first.journal.begun(entry('a'));
    first.journal.begun(entry('b'));
    first.journal.ended('a', 200, { size: 3 });
    first.journal.whole({ ...entry('c'), kind: 'user.update' });
    // A running instance's journal (and its lock) is not taken.
    const beside = await ActivityJournal.open(root);
    expect(beside.leftOver.entries).toEqual([]);
    await beside.leftOver.remove();
    await beside.journal.close({ clean: true });
    await first.journal.close({ clean: false });

    const second = await ActivityJournal.open(root);
    expect(second.leftOver.entries).toEqual([
      { ...entry('a'), outcome: 200, detail: { gcode: 'M115', size: 3 } },
      { ...entry('b'), detail: { gcode: 'M115', unfinished: true } },
      { ...entry('c'), kind: 'user.update' },
    ]);
    await second.leftOver.remove();
    await second.journal.close({ clean: true });
    const third = await ActivityJournal.open(root);
    expect(third.leftOver.entries).toEqual([]);
    // Closed, so its lock is released before the folder goes: a lock still refreshed there would throw later.
    await third.journal.close({ clean: true });
  });

  it('deletes a segment once every entry in it is written', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'journal-'));
    folders.push(root);
    const { journal } = await ActivityJournal.open(root);
    const [folder] = await readdir(root);
    journal.begun(entry('a'));
    journal.ended('a', 200, {});
    journal.cut();
    journal.begun(entry('b'));
    expect(await readdir(path.join(root, folder as string))).toHaveLength(2);
    await journal.written(['a']);
    expect(await readdir(path.join(root, folder as string))).toEqual(['00000001.ndjson']);
    await journal.close({ clean: true });
  });
});
