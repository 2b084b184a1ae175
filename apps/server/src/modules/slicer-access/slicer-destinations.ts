import type { Readable } from 'node:stream';
import type { LibraryFile, QueueJob } from '@portal/contract';
import { AppError, notFound } from '../../shared/app-error.ts';
import { boardPath, ROOT } from '../machine-access/board-scopes.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import type { SlicerGrant } from './slicer-access.service.ts';

/** Where in the library a slicer's file goes, below the token's folder: the folders the slicer named, and its name. */
export interface SlicerFilePlace {
  folders: string[];
  name: string;
}

/** What a slicer's upload left: the library file, and the queued job when it was queued. */
export interface SlicerStored {
  file: LibraryFile;
  job: QueueJob | null;
}

/** The library, as a slicer's upload uses it (library.module.ts's service and files). */
export interface SlicerLibrary {
  /**
   * The library's own upload: checked line by line, stored whole or not at all; a file of that name is replaced
   * (`replaced`), unless a queued job that has not finished uses it (409). With `crc32`, a body of another CRC-32
   * is refused with the library's `ContentCrcMismatch`, nothing stored.
   */
  upload(
    viewer: Viewer,
    query: { business: number; folder: string; name: string },
    body: Readable,
    declaredLength: number | undefined,
    crc32: number | null,
  ): Promise<{ file: LibraryFile; replaced: boolean }>;
  deleteFile(viewer: Viewer, id: number): Promise<unknown>;
  fileNamed(businessId: number, folder: string, name: string): Promise<{ id: number } | null>;
}

/** The print queue, as a slicer's upload uses it (print-queue.module.ts's service). */
export interface SlicerQueue {
  machineFor(viewer: Viewer, machineGroupId: number): Promise<void>;
  addSlicerJob(
    viewer: Viewer,
    machineGroupId: number,
    fileId: number,
    on: 'machine' | 'machineType',
  ): Promise<QueueJob>;
}

/** An entry of the activity record (the activity module's `log.record`). */
export type SlicerActivityRecord = (entry: {
  actorUserId: number;
  controllerId: number;
  businessId: number;
  ticketId: null;
  kind: 'library.upload';
  detail: Record<string, unknown>;
  address: string;
  outcome: number;
}) => void;

const TO_SIMULATE = 'To simulate, use a token whose uploads go to the machine.';
const NOT_SIMULATED =
  'Nothing was simulated: this URL sends files to the print library, not to a machine. ' +
  `The file is in the library. ${TO_SIMULATE}`;
const NOT_SIMULATED_QUEUED =
  'Nothing was simulated: this URL sends files to the print library and the print queue, not to a machine. ' +
  'The file is in the library and queued to print: cancel its job on the Print queue page if you meant only ' +
  `to simulate. ${TO_SIMULATE}`;

/**
 * The place of a board path a Duet slicer names (`0:/gcodes/sub/x.gcode`, as `rr_upload`'s `name` and M32's
 * file), read as the board reads it (machine-access/board-scopes.ts); null outside 0:/gcodes.
 */
export function gcodesPlace(path: string): SlicerFilePlace | null {
  const read = boardPath(path, ROOT, { rootSlash: true });
  if (read?.drive !== 0 || read.segments[0]?.toLowerCase() !== 'gcodes' || read.segments.length < 2)
    return null;
  const segments = read.segments.slice(1);
  return { folders: segments.slice(0, -1), name: segments.at(-1) as string };
}

/**
 * Slicer uploads of a token whose destination is the library or the queue (docs/product.md §7 "Tokens"). The file
 * goes through the library's own upload (`LibraryService.upload`: checked line by line as the customer path
 * checks G-code, stored whole or not at all, replacing a file of that name unless a queued job that has not
 * finished uses it) into the library of the machine's business, as the token's user; a queue token, or a library
 * token asked to print, then queues one copy through the print queue's rules. A job the queue refuses removes the
 * file it would have named when the upload added it: nothing stays half-stored.
 */
export class SlicerDestinations {
  readonly #library: SlicerLibrary;
  readonly #queue: SlicerQueue;
  readonly #record: SlicerActivityRecord;

  /** `record` keeps a stored file in the activity record, as the library's own upload route does. */
  constructor(deps: { library: SlicerLibrary; queue: SlicerQueue; record: SlicerActivityRecord }) {
    this.#library = deps.library;
    this.#queue = deps.queue;
    this.#record = deps.record;
  }

  /**
   * Stores `body` at `place` below the token's folder; queued when the token is a queue token, or when `print`
   * (OctoPrint's `print=true`) on a library token. `address` is the slicer's, for the activity record; `crc32`
   * the CRC-32 a Duet slicer gave, which a body of another refuses (`ContentCrcMismatch`) before it is stored or
   * queued.
   */
  async store(
    grant: SlicerGrant,
    place: SlicerFilePlace,
    body: Readable,
    declaredLength: number | undefined,
    { print, address, crc32 = null }: { print: boolean; address: string; crc32?: number | null },
  ): Promise<SlicerStored> {
    const { destination } = grant;
    if (destination.kind === 'machine') throw new Error('a machine token uploads to the board');
    const queueOn = destination.kind === 'queue' ? destination.target : print ? 'machine' : null;
    // Refused before a byte is stored.
    const machineGroupId = queueOn ? await this.#queueable(grant) : null;
    const { file, replaced } = await this.#library.upload(
      grant.actor,
      { business: grant.businessId, folder: this.#folderOf(grant, place), name: place.name },
      body,
      declaredLength,
      crc32,
    );
    let job: QueueJob | null = null;
    if (queueOn !== null && machineGroupId !== null) {
      try {
        job = await this.#queue.addSlicerJob(grant.actor, machineGroupId, file.id, queueOn);
      } catch (error) {
        // A file this upload added goes again; one it replaced keeps its new content (its old one is gone).
        if (!replaced) await this.#library.deleteFile(grant.actor, file.id);
        throw error;
      }
    }
    this.#record({
      actorUserId: grant.userId,
      controllerId: grant.controllerId,
      businessId: file.business,
      ticketId: null,
      kind: 'library.upload',
      detail: {
        route: `slicer ${grant.destination.kind}`,
        folder: file.folder,
        name: file.name,
        ...(replaced && { replaced: true }),
        ...(job && { job: job.id }),
      },
      address,
      outcome: 201,
    });
    return { file, job };
  }

  /**
   * A Duet slicer's "upload and print" (M32 of the file it just uploaded) on a library token: that file of the
   * library queued on this machine. On a queue token the upload was queued already: nothing more.
   */
  async print(grant: SlicerGrant, place: SlicerFilePlace): Promise<QueueJob | null> {
    if (grant.destination.kind !== 'library') return null;
    const machineGroupId = await this.#queueable(grant);
    const file = await this.#library.fileNamed(grant.businessId, this.#folderOf(grant, place), place.name);
    if (!file) throw notFound('Library file');
    return this.#queue.addSlicerJob(grant.actor, machineGroupId, file.id, 'machine');
  }

  /**
   * A Duet slicer's "upload and simulate" (M37 P of the file it just uploaded): refused, with what became of the
   * file, since only a machine simulates (PrusaSlicer shows the refusal's message; Cura says the request failed).
   * 404 when the library has no such file.
   */
  async simulate(grant: SlicerGrant, place: SlicerFilePlace): Promise<never> {
    const file = await this.#library.fileNamed(grant.businessId, this.#folderOf(grant, place), place.name);
    if (!file) throw notFound('Library file');
    throw new AppError(
      'FORBIDDEN',
      grant.destination.kind === 'queue' ? NOT_SIMULATED_QUEUED : NOT_SIMULATED,
    );
  }

  /** The machine group to queue on, once the token's user may use its queue (404 otherwise). */
  async #queueable(grant: SlicerGrant): Promise<number> {
    if (grant.machineGroupId === null) throw notFound('Machine group');
    await this.#queue.machineFor(grant.actor, grant.machineGroupId);
    return grant.machineGroupId;
  }

  /** The token's folder, then the folders the slicer named. */
  #folderOf({ destination }: SlicerGrant, place: SlicerFilePlace): string {
    const base = destination.kind === 'machine' ? '' : destination.folder;
    return [base, ...place.folders].filter((part) => part !== '').join('/');
  }
}
