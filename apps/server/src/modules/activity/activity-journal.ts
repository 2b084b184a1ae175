import { randomUUID } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { PendingEntry } from './activity.repository.ts';

/** One line of a journal: an entry begun (its request sent), its end (the board's answer), or a whole entry. */
type JournalLine =
  | { begun: SerialEntry }
  | { ended: { entryId: string; outcome: number | null; detail: Record<string, unknown> } }
  | { whole: SerialEntry };
type SerialEntry = Omit<PendingEntry, 'at'> & { at: string };

const serial = (entry: PendingEntry): SerialEntry => ({ ...entry, at: entry.at.toISOString() });

/**
 * An instance's journal of the activity entries not yet in the database (docs/design.md §9): each entry is written
 * here, synchronously, before its request goes to the board and again when the answer comes, so an entry the
 * portal had not yet written to the database when it stopped (a crash, a kill) is written at its next start from
 * here, marked unfinished when its answer never came. Each instance writes a folder of its own, locked while it
 * runs; a start replays every folder no running instance holds. The lines go to the operating system at once
 * (a process that dies loses none); they are not forced to the disk one by one.
 *
 * The journal is cut in segments: each flush of the record starts a new one, and a segment whose entries are all
 * in the database is deleted.
 */
export class ActivityJournal {
  readonly #folder: string;
  #release: (() => Promise<void>) | undefined;
  #segment = 0;
  #fd: number | undefined;
  #linesInSegment = 0;
  /** Per segment, the entries with a line in it not yet in the database. */
  readonly #open = new Map<number, Set<string>>();
  /** Per entry, the segments holding its lines. */
  readonly #segmentsOf = new Map<string, Set<number>>();

  private constructor(folder: string) {
    this.#folder = folder;
  }

  /**
   * Opens a journal folder of this instance's own under `root`, and answers what earlier runs (this instance's or
   * a stopped one's) left unwritten, with the folders to remove once it is in the database.
   */
  static async open(root: string): Promise<{ journal: ActivityJournal; leftOver: LeftOver }> {
    await mkdir(root, { recursive: true });
    const leftOver = await readLeftOver(root);
    const folder = path.join(root, randomUUID());
    await mkdir(folder);
    const journal = new ActivityJournal(folder);
    journal.#release = await lockfile.lock(folder, { stale: 15_000, update: 5_000, realpath: false });
    journal.#openSegment();
    return { journal, leftOver };
  }

  begun(entry: PendingEntry): void {
    this.#write(entry.entryId, { begun: serial(entry) });
  }

  ended(entryId: string, outcome: number | null, detail: Record<string, unknown>): void {
    this.#write(entryId, { ended: { entryId, outcome, detail } });
  }

  whole(entry: PendingEntry): void {
    this.#write(entry.entryId, { whole: serial(entry) });
  }

  /** Starts a new segment, so the ones before can go once their entries are written. */
  cut(): void {
    if (this.#linesInSegment === 0) return;
    this.#closeSegment();
    this.#segment += 1;
    this.#openSegment();
  }

  /** These entries are in the database: segments left with none of their own are deleted. */
  async written(entryIds: readonly string[]): Promise<void> {
    const emptied: number[] = [];
    for (const entryId of entryIds) {
      for (const segment of this.#segmentsOf.get(entryId) ?? []) {
        const open = this.#open.get(segment);
        open?.delete(entryId);
        if (open?.size === 0 && segment !== this.#segment) emptied.push(segment);
      }
      this.#segmentsOf.delete(entryId);
    }
    for (const segment of emptied) {
      this.#open.delete(segment);
      await rm(this.#path(segment), { force: true });
    }
  }

  /** Closes the journal; `clean` (everything was written) removes its folder too. */
  async close({ clean }: { clean: boolean }): Promise<void> {
    this.#closeSegment();
    await this.#release?.();
    if (clean) await rm(this.#folder, { recursive: true, force: true });
  }

  #write(entryId: string, line: JournalLine): void {
    if (this.#fd === undefined) return;
    writeSync(this.#fd, `${JSON.stringify(line)}\n`);
    this.#linesInSegment += 1;
    this.#open.get(this.#segment)?.add(entryId);
    const segments = this.#segmentsOf.get(entryId) ?? new Set<number>();
    segments.add(this.#segment);
    this.#segmentsOf.set(entryId, segments);
  }

  #openSegment(): void {
    this.#fd = openSync(this.#path(this.#segment), 'a');
    this.#linesInSegment = 0;
    this.#open.set(this.#segment, new Set());
  }

  #closeSegment(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    const open = this.#open.get(this.#segment);
    if (open?.size === 0) {
      this.#open.delete(this.#segment);
      void rm(this.#path(this.#segment), { force: true });
    }
  }

  #path(segment: number): string {
    return path.join(this.#folder, `${String(segment).padStart(8, '0')}.ndjson`);
  }
}

/** What earlier runs left in their journals: the entries to write, and the folders to remove afterwards. */
export interface LeftOver {
  entries: PendingEntry[];
  remove(): Promise<void>;
}

/** The entries of every journal folder no running instance holds, in the order they were begun. */
async function readLeftOver(root: string): Promise<LeftOver> {
  const folders: string[] = [];
  const entries = new Map<string, PendingEntry>();
  const journals = (await readdir(root, { withFileTypes: true })).filter(
    // Each folder's lock is a folder beside it (`<folder>.lock`).
    (item) => item.isDirectory() && !item.name.endsWith('.lock'),
  );
  for (const name of journals) {
    const folder = path.join(root, name.name);
    if (await lockfile.check(folder, { stale: 15_000, realpath: false })) continue;
    folders.push(folder);
    for (const file of (await readdir(folder)).filter((file) => file.endsWith('.ndjson')).sort()) {
      for (const text of (await readFile(path.join(folder, file), 'utf8')).split('\n')) {
        const line = parseLine(text);
        if (!line) continue;
        if ('begun' in line) {
          const { at, ...rest } = line.begun;
          // Its answer is not in the journal (yet): the portal stopped before it came.
          entries.set(rest.entryId, {
            ...rest,
            at: new Date(at),
            detail: { ...rest.detail, unfinished: true },
          });
        } else if ('whole' in line) {
          const { at, ...rest } = line.whole;
          entries.set(rest.entryId, { ...rest, at: new Date(at) });
        } else {
          const begun = entries.get(line.ended.entryId);
          if (begun) {
            const { unfinished: _, ...detail } = begun.detail;
            entries.set(begun.entryId, {
              ...begun,
              outcome: line.ended.outcome,
              detail: { ...detail, ...line.ended.detail },
            });
          }
        }
      }
    }
  }
  return {
    entries: [...entries.values()],
    remove: async () => {
      for (const folder of folders) await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A line, or nothing for one cut short by the stop (the last line of a segment may be). */
function parseLine(text: string): JournalLine | undefined {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as JournalLine;
  } catch {
    return undefined;
  }
}
