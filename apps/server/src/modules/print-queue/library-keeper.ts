import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { printQueueJobs } from './print-queue.schema.ts';

/** Why the library keeps a file's content: what the refusal of a replacement says (docs/product.md §7). */
const KEPT_FOR_A_JOB =
  'A job of the print queue that has not finished uses it: ' +
  'to replace it, cancel that job on the Print queue page first';

/**
 * The queue's keeper of library files (the library's `ContentKeeper`, library-files.ts): a job that has not
 * finished (waiting or printing, whose failed copy waits again) reads its file's content when a copy starts, so
 * that content is not replaced under it. Read through `db`, the library's transaction that holds the file's row.
 */
export async function queueKeepsFile(db: Pick<Database, 'select'>, fileId: number): Promise<string | null> {
  const [job] = await db
    .select({ id: printQueueJobs.id })
    .from(printQueueJobs)
    .where(
      and(eq(printQueueJobs.libraryFileId, fileId), inArray(printQueueJobs.state, ['waiting', 'printing'])),
    )
    .limit(1);
  return job ? KEPT_FOR_A_JOB : null;
}
